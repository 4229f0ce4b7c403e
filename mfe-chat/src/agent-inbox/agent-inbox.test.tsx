import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, dismissToasts, registerCatalogs, setLocale, ToastViewport } from '@wallet/shared';
import { inboxApi } from './api';
import { AgentInbox, type OperatorRole } from './agent-inbox';
import { inboxCatalogs } from './catalogs';
import { TYPING_THROTTLE_MS } from './composer';
import { inboxRealtime, type InboxEvents, type InboxSocket } from './realtime';
import type { ChatMessage, Conversation } from './types';

/** A socket.io client that the test drives: what the server would push, and what the inbox emitted. */
class FakeSocket implements InboxSocket {
  private listeners = new Map<string, Set<(...args: never[]) => void>>();
  emit = jest.fn();
  disconnect = jest.fn();
  on(event: keyof InboxEvents, listener: (...args: never[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: keyof InboxEvents, listener: (...args: never[]) => void) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  push<E extends keyof InboxEvents>(event: E, ...args: Parameters<InboxEvents[E]>) {
    act(() => {
      for (const listener of this.listeners.get(event) ?? [])
        (listener as (...a: unknown[]) => void)(...args);
    });
  }
}

const ROOM_A = 'wallet-chat:m-1';
const ROOM_B = 'wallet-chat:g_abcdefghijklmnopqrstuv';

let seqId = 0;
/** An id as the server gives it (a uuid), numbered. */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MEMBER = { userId: 'm-1', username: '0812345678', name: 'Somchai Jaidee' };
/** A message as the agents' routes and the `messaging` event carry it: a customer's text unless told otherwise. */
function msg(conversationId: string, seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  seqId += 1;
  const id = conversationId.slice('wallet-chat:'.length);
  const member = id.startsWith('m-');
  return {
    sender: 'customer',
    message: { message_type: 'text', payload: `message ${seq}` },
    createdAt: new Date(Date.UTC(2026, 0, 1, 10, seq)).toISOString(),
    session_id: conversationId,
    userId: member ? id : null,
    guestId: member ? null : id,
    username: member && id === MEMBER.userId ? MEMBER.username : null,
    name: member && id === MEMBER.userId ? MEMBER.name : null,
    deviceToken: null,
    id: uuid(seqId),
    seq,
    conversationId,
    agent: null,
    clientId: null,
    readAt: null,
    ...overrides,
  };
}
/** An agent's message (`other`), by op.one. */
const answer = (conversationId: string, seq: number, overrides: Partial<ChatMessage> = {}) =>
  msg(conversationId, seq, { sender: 'other', agent: 'op.one', ...overrides });

const somchai = (): Conversation => ({
  id: ROOM_A,
  kind: 'member',
  memberId: 'm-1',
  guestId: null,
  phone: '0812345678',
  name: 'Somchai Jaidee',
  lastMessage: msg(ROOM_A, 3, {
    createdAt: '2026-01-01T09:00:00.000Z',
    message: { message_type: 'text', payload: 'Where is my deposit?' },
  }),
  lastSeq: 3,
  unread: 2,
  createdAt: '2026-01-01T08:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
});
const guest = (): Conversation => ({
  id: ROOM_B,
  kind: 'guest',
  memberId: null,
  guestId: ROOM_B.slice('wallet-chat:'.length),
  phone: null,
  name: null,
  lastMessage: msg(ROOM_B, 1, {
    createdAt: '2026-01-01T11:00:00.000Z',
    message: { message_type: 'text', payload: 'How do I register?' },
  }),
  lastSeq: 1,
  unread: 1,
  createdAt: '2026-01-01T11:00:00.000Z',
  updatedAt: '2026-01-01T11:00:00.000Z',
});

let socket: FakeSocket;

function setup(role: OperatorRole = 'support', path = '/ops/inbox') {
  socket = new FakeSocket();
  const api = {
    conversations: jest.spyOn(inboxApi, 'conversations').mockResolvedValue([somchai(), guest()]),
    messages: jest.spyOn(inboxApi, 'messages').mockResolvedValue([]),
    markRead: jest
      .spyOn(inboxApi, 'markRead')
      .mockImplementation((id) => Promise.resolve({ conversationId: id, by: 'agent', seq: 1 })),
    send: jest
      .spyOn(inboxApi, 'send')
      .mockImplementation((id, clientId, message) => Promise.resolve(answer(id, 10, { clientId, message }))),
    upload: jest
      .spyOn(inboxApi, 'upload')
      .mockResolvedValue({ path: `/api/chat/files/${uuid(801)}?exp=1&sig=s`, fileId: uuid(801) }),
    connect: jest.spyOn(inboxRealtime, 'connect').mockResolvedValue(socket),
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <AgentInbox operator={{ username: 'op.one', role }} />
      <ToastViewport />
    </MemoryRouter>,
  );
  return api;
}

const history = () => within(screen.getByTestId('ainbox-history'));
const rows = async () => within(await screen.findByTestId('ainbox-conversations')).getAllByRole('link');

/** Opens Somchai's conversation with its three messages (two of them unread). */
async function openSomchai(api: ReturnType<typeof setup>) {
  api.messages.mockResolvedValue([
    msg(ROOM_A, 3),
    msg(ROOM_A, 2),
    msg(ROOM_A, 1, { readAt: '2026-01-01T00:00:00Z' }),
  ]);
  await userEvent.click((await rows()).find((r) => r.textContent?.includes('Somchai'))!);
  await history().findByText('message 3');
}

beforeAll(async () => {
  await registerCatalogs(inboxCatalogs);
  await setLocale('en');
});
afterEach(() => {
  jest.restoreAllMocks();
  dismissToasts();
  document.querySelectorAll('.wl-detached-dialog').forEach((node) => node.remove());
});

test('the list: member and guest, last message, unread badges, newest activity first; a new message updates it', async () => {
  setup();
  let [first, second] = await rows();
  expect(first).toHaveTextContent('Guest');
  expect(first).toHaveTextContent('How do I register?');
  expect(within(first!).getByTestId('ainbox-unread')).toHaveTextContent('1');
  expect(second).toHaveTextContent('Somchai Jaidee');
  expect(second).toHaveTextContent('0812345678');
  expect(second).toHaveTextContent('Where is my deposit?');
  expect(within(second!).getByTestId('ainbox-unread')).toHaveTextContent('2 unread messages');

  // Somchai writes again: his conversation moves to the top with one more unread and the new text.
  socket.push(
    'messaging',
    msg(ROOM_A, 4, {
      createdAt: '2026-01-01T12:00:00.000Z',
      message: { message_type: 'text', payload: 'Hello?' },
    }),
  );
  [first, second] = await rows();
  expect(first).toHaveTextContent('Somchai Jaidee');
  expect(first).toHaveTextContent('Hello?');
  expect(within(first!).getByTestId('ainbox-unread')).toHaveTextContent('3');
  expect(second).toHaveTextContent('Guest');
  // The same message again (another process, a replay) is not counted twice.
  const again = msg(ROOM_A, 4, { createdAt: '2026-01-01T12:00:00.000Z' });
  socket.push('messaging', again);
  expect(within((await rows())[0]!).getByTestId('ainbox-unread')).toHaveTextContent('3');
});

test('a message of a conversation not listed yet reads the list again', async () => {
  const api = setup();
  await rows();
  expect(api.conversations).toHaveBeenCalledTimes(1);
  socket.push('messaging', msg('wallet-chat:m-9', 1));
  await waitFor(() => expect(api.conversations).toHaveBeenCalledTimes(2));
});

test('opening a conversation shows its history oldest to newest and marks it read; the badge goes', async () => {
  const api = setup();
  await openSomchai(api);
  expect(api.messages).toHaveBeenCalledWith(ROOM_A);
  const shown = screen.getAllByTestId('ainbox-message').map((m) => m.getAttribute('data-seq'));
  expect(shown).toEqual(['1', '2', '3']);
  await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(ROOM_A));
  const somchaiRow = (await rows()).find((r) => r.textContent?.includes('Somchai'))!;
  await waitFor(() => expect(within(somchaiRow).queryByTestId('ainbox-unread')).not.toBeInTheDocument());
  expect(somchaiRow).toHaveAttribute('aria-current', 'true');

  // A customer message while it is open: shown, read at once, no badge.
  api.markRead.mockClear();
  socket.push('messaging', msg(ROOM_A, 4, { createdAt: '2026-01-01T12:00:00.000Z' }));
  expect(await history().findByText('message 4')).toBeInTheDocument();
  await waitFor(() => expect(api.markRead).toHaveBeenCalledWith(ROOM_A));
  expect(within((await rows())[0]!).queryByTestId('ainbox-unread')).not.toBeInTheDocument();
});

test('the customer’s read receipt marks the agent’s messages read; the customer typing is shown', async () => {
  const api = setup();
  api.messages.mockResolvedValue([
    answer(ROOM_A, 2, {
      message: { message_type: 'text', payload: 'Hi' },
    }),
    msg(ROOM_A, 1, { readAt: '2026-01-01T00:00:00Z' }),
  ]);
  await userEvent.click((await rows()).find((r) => r.textContent?.includes('Somchai'))!);
  const receipt = await screen.findByTestId('ainbox-receipt');
  expect(receipt).toHaveTextContent('Sent');
  socket.push('chat:read', { conversationId: ROOM_A, by: 'customer', seq: 2 });
  expect(receipt).toHaveTextContent('Read');
  // Another conversation's receipt changes nothing here.
  socket.push('chat:typing', { conversationId: ROOM_B, by: 'customer' });
  expect(screen.queryByText('The customer is typing…')).not.toBeInTheDocument();
  socket.push('chat:typing', { conversationId: ROOM_A, by: 'customer' });
  expect(screen.getByText('The customer is typing…')).toBeInTheDocument();
});

test('a reconnection reads the list again and fetches what the open conversation missed', async () => {
  const api = setup();
  await openSomchai(api);
  const after = jest.spyOn(inboxApi, 'messagesAfter').mockResolvedValue([msg(ROOM_A, 4), msg(ROOM_A, 5)]);
  const listed = api.conversations.mock.calls.length;
  socket.push('connect');
  expect(await history().findByText('message 5')).toBeInTheDocument();
  expect(after).toHaveBeenCalledWith(ROOM_A, 3);
  expect(api.conversations).toHaveBeenCalledTimes(listed + 1);
  expect(
    history()
      .getAllByTestId('ainbox-message')
      .map((m) => m.getAttribute('data-seq')),
  ).toEqual(['1', '2', '3', '4', '5']);
});

test('older messages are fetched when the agent scrolls to the top', async () => {
  // The newest page (11, 12), then the one below 11 (10).
  jest
    .spyOn(inboxApi, 'messages')
    .mockResolvedValueOnce([msg(ROOM_A, 12), msg(ROOM_A, 11)])
    .mockResolvedValueOnce([msg(ROOM_A, 10)]);
  const api = setup('admin', `/ops/inbox/${encodeURIComponent(ROOM_A)}`);
  expect(await history().findByText('message 12')).toBeInTheDocument();
  const box = screen.getByTestId('ainbox-history');
  box.scrollTop = 0;
  fireEvent.scroll(box);
  expect(await history().findByText('message 10')).toBeInTheDocument();
  expect(api.messages).toHaveBeenLastCalledWith(ROOM_A, 11);
  expect(screen.getAllByTestId('ainbox-message').map((m) => m.getAttribute('data-seq'))).toEqual([
    '10',
    '11',
    '12',
  ]);
});

test('a picture whose signed link expired gets a fresh one from the page holding it, not again at once', async () => {
  const picture = (filePath: string) =>
    ({
      message_type: 'media',
      payload: { message: 'my slip', url: true, fileType: 'image', filePath },
    }) as const;
  const old = msg(ROOM_A, 5, { message: picture(`/api/chat/files/${uuid(802)}?exp=1&sig=old`) });
  const messages = jest.spyOn(inboxApi, 'messages').mockResolvedValueOnce([msg(ROOM_A, 6), old]);
  setup('admin', `/ops/inbox/${encodeURIComponent(ROOM_A)}`);
  const image = await history().findByRole('img', { name: 'my slip' });
  // The page below seq 6 again: the message with a fresh link, and an older one, which is not added.
  messages.mockResolvedValueOnce([
    { ...old, message: picture(`/api/chat/files/${uuid(802)}?exp=2&sig=new`) },
    msg(ROOM_A, 4),
  ]);
  fireEvent.error(image);
  await waitFor(() => expect(image).toHaveAttribute('src', `/api/chat/files/${uuid(802)}?exp=2&sig=new`));
  expect(messages).toHaveBeenLastCalledWith(ROOM_A, 6);
  expect(screen.getAllByTestId('ainbox-message').map((m) => m.getAttribute('data-seq'))).toEqual(['5', '6']);
  // A fresh link that fails at once is not an old one: it is not asked for again.
  fireEvent.error(image);
  expect(messages).toHaveBeenCalledTimes(2);
});

describe('the composer', () => {
  const composer = () => screen.getByRole('form', { name: 'Reply' });
  const chooseKind = (label: string) =>
    userEvent.selectOptions(within(composer()).getByLabelText('Message type'), label);

  test('a text: Enter sends it trimmed with a client id; the message appears and the box empties', async () => {
    const api = setup();
    await openSomchai(api);
    await userEvent.type(
      within(composer()).getByLabelText('Message'),
      '  Your deposit is on its way  {Enter}',
    );
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    const [id, clientId, message] = api.send.mock.calls[0]!;
    expect(id).toBe(ROOM_A);
    expect(clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(message).toEqual({ message_type: 'text', payload: 'Your deposit is on its way' });
    expect(await history().findByText('Your deposit is on its way')).toBeInTheDocument();
    expect(within(composer()).getByLabelText('Message')).toHaveValue('');
  });

  test('an empty text is refused on the spot', async () => {
    const api = setup();
    await openSomchai(api);
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Write a message first.');
    expect(api.send).not.toHaveBeenCalled();
  });

  test('a text with web, call and postback buttons', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Text with buttons');
    const form = composer();
    await userEvent.type(within(form).getByLabelText('Message'), 'How can we help?');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a button' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a button' }));
    const [b1, b2, b3] = within(form).getAllByRole('group', { name: /^Button \d/ });
    await userEvent.selectOptions(within(b1!).getByLabelText('Button type'), 'Web link');
    await userEvent.type(within(b1!).getByLabelText('Button label'), 'Promotions');
    await userEvent.type(within(b1!).getByLabelText('Address (https://…)'), 'http://example.com');
    await userEvent.selectOptions(within(b2!).getByLabelText('Button type'), 'Phone call');
    await userEvent.type(within(b2!).getByLabelText('Button label'), 'Call us');
    await userEvent.type(within(b2!).getByLabelText('Phone number'), '+66 2 123 4567');
    await userEvent.type(within(b3!).getByLabelText('Button label'), 'Deposit help');
    await userEvent.type(within(b3!).getByLabelText('Value sent back'), 'HELP_DEPOSIT');

    // Not https: refused before anything is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Button 1 needs an address that starts with https://.',
    );
    expect(api.send).not.toHaveBeenCalled();

    const address = within(b1!).getByLabelText('Address (https://…)');
    await userEvent.clear(address);
    await userEvent.type(address, 'https://example.com/promo');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'buttons',
      payload: {
        text: 'How can we help?',
        buttons: [
          { type: 'web', title: 'Promotions', payload: 'https://example.com/promo' },
          { type: 'call', title: 'Call us', payload: '+66 2 123 4567' },
          { type: 'postback', title: 'Deposit help', payload: 'HELP_DEPOSIT' },
        ],
      },
    });
  });

  test('quick replies', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Quick replies');
    const form = composer();
    await userEvent.type(within(form).getByLabelText('Message'), 'Was this helpful?');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a quick reply' }));
    const [r1, r2] = within(form).getAllByRole('group', { name: /^Quick reply \d/ });
    await userEvent.type(within(r1!).getByLabelText('Reply label'), 'Yes');
    await userEvent.type(within(r1!).getByLabelText('Value sent back'), 'YES');
    await userEvent.type(within(r2!).getByLabelText('Reply label'), 'No');
    await userEvent.type(within(r2!).getByLabelText('Value sent back'), 'NO');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'quick_replies',
      payload: {
        text: 'Was this helpful?',
        quick_replies: [
          { title: 'Yes', payload: 'YES' },
          { title: 'No', payload: 'NO' },
        ],
      },
    });
  });

  test('a card with a button', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Card');
    const form = composer();
    await userEvent.type(within(form).getByLabelText('Card title'), 'Welcome bonus');
    await userEvent.type(
      within(form).getByLabelText('Card subtitle (optional)'),
      '100% on your first deposit',
    );
    await userEvent.type(
      within(form).getByLabelText('Image address (https://…)'),
      'https://cdn.example.com/b.png',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add a button' }));
    const button = within(form).getByRole('group', { name: 'Button 1' });
    await userEvent.type(within(button).getByLabelText('Button label'), 'Get it');
    await userEvent.type(within(button).getByLabelText('Value sent back'), 'BONUS_WELCOME');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'generic',
      payload: {
        elements: [
          {
            image_url: 'https://cdn.example.com/b.png',
            title: 'Welcome bonus',
            subtitle: '100% on your first deposit',
            buttons: [{ type: 'postback', title: 'Get it', payload: 'BONUS_WELCOME' }],
          },
        ],
      },
    });
  });

  test('an image: uploaded to the conversation, then sent as media with its path and caption', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Image or video');
    const form = composer();
    const image = new File(['png'], 'slip.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText('Image or video file'), image);
    await userEvent.type(within(form).getByLabelText('Caption (optional)'), 'Your slip');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.upload).toHaveBeenCalledWith(ROOM_A, 'image', image);
    expect(api.send.mock.calls[0]![2]).toEqual({
      message_type: 'media',
      payload: {
        message: 'Your slip',
        url: true,
        fileType: 'image',
        filePath: `/api/chat/files/${uuid(801)}?exp=1&sig=s`,
      },
    });
  });

  test('a failed send shows the server’s words; the retry keeps its client id and does not upload again', async () => {
    const api = setup();
    await openSomchai(api);
    api.send.mockRejectedValueOnce(
      new ApiError('REQUEST_LIMIT', 429, 'Too many messages. Please wait a minute.'),
    );
    await chooseKind('Image or video');
    const image = new File(['gif'], 'a.gif', { type: 'image/gif' });
    await userEvent.upload(within(composer()).getByLabelText('Image or video file'), image);
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many messages. Please wait a minute.')).toBeInTheDocument();
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(2));
    expect(api.upload).toHaveBeenCalledTimes(1);
    expect(api.send.mock.calls[1]![1]).toBe(api.send.mock.calls[0]![1]);
  });

  test('a video goes to the video upload', async () => {
    const api = setup();
    await openSomchai(api);
    await chooseKind('Image or video');
    const video = new File(['mov'], 'clip.mov', { type: 'video/quicktime' });
    Object.defineProperty(video, 'size', { value: 19 * 1024 * 1024 });
    await userEvent.upload(within(composer()).getByLabelText('Image or video file'), video);
    await userEvent.click(within(composer()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.upload).toHaveBeenCalledWith(ROOM_A, 'video', video);
    expect(api.send.mock.calls[0]![2]).toMatchObject({
      message_type: 'media',
      payload: { fileType: 'video' },
    });
  });

  test.each([
    ['a wrong type', new File(['%PDF'], 'statement.pdf', { type: 'application/pdf' }), 0, /cannot be sent/],
    [
      'an image over 10 MB',
      new File(['png'], 'big.png', { type: 'image/png' }),
      10 * 1024 * 1024 + 1,
      /10 MB/,
    ],
    [
      'a video over 20 MB',
      new File(['mp4'], 'big.mp4', { type: 'video/mp4' }),
      20 * 1024 * 1024 + 1,
      /20 MB/,
    ],
  ])('%s is refused with an alert; nothing is uploaded or sent', async (_, file, size, text) => {
    if (size) Object.defineProperty(file, 'size', { value: size });
    const api = setup();
    await openSomchai(api);
    await chooseKind('Image or video');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(within(composer()).getByLabelText('Image or video file'), file);
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(text);
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await user.click(within(composer()).getByRole('button', { name: 'Send' }));
    expect(within(composer()).getByRole('alert')).toHaveTextContent('Choose an image or a video first.');
    expect(api.upload).not.toHaveBeenCalled();
    expect(api.send).not.toHaveBeenCalled();
  });

  test('typing tells the customer, at most every few seconds', async () => {
    const api = setup();
    await openSomchai(api);
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const box = within(composer()).getByLabelText('Message');
    await userEvent.type(box, 'Hel');
    expect(socket.emit).toHaveBeenCalledTimes(1);
    expect(socket.emit).toHaveBeenCalledWith('typing', { conversationId: ROOM_A });
    now.mockReturnValue(1_000_000 + TYPING_THROTTLE_MS);
    await userEvent.type(box, 'lo');
    expect(socket.emit).toHaveBeenCalledTimes(2);
  });
});

test('finance is not admitted: the note says so and nothing is called', async () => {
  const api = setup('finance');
  expect(screen.getByRole('heading', { name: 'Support chat' })).toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent('for support agents and administrators');
  await act(() => Promise.resolve());
  expect(api.conversations).not.toHaveBeenCalled();
  expect(api.connect).not.toHaveBeenCalled();
  expect(api.messages).not.toHaveBeenCalled();
});
