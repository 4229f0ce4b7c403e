import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setLocale } from '@wallet/shared';
import { msg, openChat, setupChat, socketReady, uuid } from './test-support';
import type { ChatMessage } from './types';

beforeAll(() => setLocale('en'));
beforeEach(() => {
  localStorage.clear();
  clearSession();
});
afterEach(() => jest.restoreAllMocks());

async function show(...stored: ChatMessage[]) {
  const chat = setupChat({ stored });
  chat.api.send.mockResolvedValue({ id: uuid(999), seq: 99, createdAt: '2026-11-24T10:00:00.000Z' });
  const user = userEvent.setup();
  const log = await openChat(user);
  return { ...chat, user, log };
}
const row = (seq: number) =>
  document.querySelector<HTMLElement>(`[data-testid="chat-message"][data-seq="${seq}"]`)!;

test('the list is a polite live log, newest at the bottom, each message with who sent it', async () => {
  const { log } = await show(msg(1, 'Hi, I need help'), msg(2, 'Sure, what happened?'), msg(3, 'Thanks'));
  expect(log).toHaveAttribute('aria-live', 'polite');
  expect(log).toHaveAccessibleName('Conversation with support');
  expect(within(row(3)).getByText('Thanks')).toBeInTheDocument();
  expect(row(1).textContent).toContain('somchai:');
  expect(
    [...log.querySelectorAll('[data-testid="chat-message"]')].map((el) => el.getAttribute('data-seq')),
  ).toEqual(['1', '2', '3']);
});

test("text keeps its line breaks; the customer's own messages say sent, then read", async () => {
  const { socket } = await show(
    msg(1, 'first line\nsecond line'),
    msg(2, 'my question', { sender: 'customer', agent: null }),
  );
  expect(row(1).querySelector('.chat-text')!.textContent).toBe('first line\nsecond line');
  expect(row(2)).toHaveTextContent('You:');
  expect(within(row(2)).getByText('Sent')).toBeInTheDocument();
  // The agent read it: the server says so on the socket.
  await socketReady(socket);
  act(() => socket.fire('chat:read', { conversationId: 'wallet-chat:g_test', by: 'agent', seq: 2 }));
  expect(within(row(2)).getByText('Read')).toBeInTheDocument();
});

test('buttons: web opens a new tab safely, call dials, postback sends the choice', async () => {
  const { user, api } = await show(
    msg(1, {
      message_type: 'buttons',
      payload: {
        text: 'How can we help?',
        buttons: [
          { type: 'web', title: 'Promotions', payload: 'https://example.com/promo' },
          { type: 'call', title: 'Call us', payload: '+66 81-234-5678' },
          { type: 'postback', title: 'Deposit problem', payload: 'DEPOSIT' },
          { type: 'web', title: 'Bad link', payload: 'javascript:alert(1)' },
          { type: 'share', title: 'Other type', payload: 'x' },
        ],
      },
    }),
  );
  const bubble = row(1);
  expect(within(bubble).getByText('How can we help?')).toBeInTheDocument();
  const web = within(bubble).getByRole('link', { name: 'Promotions (opens in a new tab)' });
  expect(web).toHaveAttribute('href', 'https://example.com/promo');
  expect(web).toHaveAttribute('target', '_blank');
  expect(web.getAttribute('rel')).toContain('noopener');
  expect(within(bubble).getByRole('link', { name: 'Call us (call)' })).toHaveAttribute(
    'href',
    'tel:+66812345678',
  );
  // Neither an unsafe link nor an unknown type becomes something to press.
  expect(within(bubble).queryByRole('link', { name: /Bad link/ })).not.toBeInTheDocument();
  expect(within(bubble).getByText('Bad link').tagName).toBe('SPAN');
  expect(within(bubble).getByText('Other type').tagName).toBe('SPAN');

  await user.click(within(bubble).getByRole('button', { name: 'Deposit problem' }));
  expect(api.send).toHaveBeenCalledWith(
    expect.anything(),
    expect.any(String),
    {
      message_type: 'postback',
      payload: { title: 'Deposit problem', payload: 'DEPOSIT' },
    },
    'wallet-chat:g_test',
  );
});

test('quick replies are chips that send a postback', async () => {
  const { user, api } = await show(
    msg(1, {
      message_type: 'quick_replies',
      payload: {
        text: 'Did that solve it?',
        quick_replies: [
          { title: 'Yes', payload: 'YES' },
          { title: 'No', payload: 'NO' },
        ],
      },
    }),
  );
  const chips = within(row(1)).getByRole('group', { name: 'Suggested replies' });
  expect(
    within(chips)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Yes', 'No']);
  await user.click(within(chips).getByRole('button', { name: 'No' }));
  expect(api.send).toHaveBeenCalledWith(
    expect.anything(),
    expect.any(String),
    {
      message_type: 'postback',
      payload: { title: 'No', payload: 'NO' },
    },
    'wallet-chat:g_test',
  );
});

test('a generic card shows its image, title, subtitle and buttons; several make a carousel', async () => {
  const card = (n: number) => ({
    image_url: `https://cdn.example.com/${n}.png`,
    title: `Offer ${n}`,
    subtitle: `Subtitle ${n}`,
    buttons: [{ type: 'postback', title: `Take ${n}`, payload: `TAKE_${n}` }],
  });
  const { user, api } = await show(
    msg(1, { message_type: 'generic', payload: { elements: [card(1)] } }),
    msg(2, { message_type: 'generic', payload: { elements: [card(2), card(3), card(4)] } }),
  );
  const single = row(1);
  expect(within(single).getByRole('heading', { name: 'Offer 1' })).toBeInTheDocument();
  expect(within(single).getByText('Subtitle 1')).toBeInTheDocument();
  expect(single.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/1.png');
  expect(single.querySelector('[aria-roledescription]')).toBeNull();

  const carousel = row(2).querySelector('[aria-roledescription="carousel"]') as HTMLElement;
  expect(carousel).toHaveAccessibleName('3 cards');
  expect(
    within(carousel)
      .getAllByRole('listitem')
      .map((li) => li.getAttribute('aria-label')),
  ).toEqual(['Card 1 of 3', 'Card 2 of 3', 'Card 3 of 3']);
  await user.click(within(carousel).getByRole('button', { name: 'Take 3' }));
  expect(api.send).toHaveBeenCalledWith(
    expect.anything(),
    expect.any(String),
    {
      message_type: 'postback',
      payload: { title: 'Take 3', payload: 'TAKE_3' },
    },
    'wallet-chat:g_test',
  );
});

test('media: an image, a video and a file link, from their signed paths', async () => {
  const path = (id: string) => `/api/chat/files/${id}?exp=1&sig=s`;
  await show(
    msg(1, {
      message_type: 'media',
      payload: { url: true, fileType: 'image', filePath: path('a'), message: 'Slip' },
    }),
    msg(2, { message_type: 'media', payload: { url: true, fileType: 'video', filePath: path('b') } }),
    msg(3, { message_type: 'media', payload: { url: true, fileType: 'file', filePath: path('c') } }),
  );
  expect(within(row(1)).getByRole('img', { name: 'Slip' })).toHaveAttribute('src', path('a'));
  const video = row(2).querySelector('video')!;
  expect(video).toHaveAttribute('src', path('b'));
  expect(video).toHaveAttribute('controls');
  expect(within(row(3)).getByRole('link', { name: 'Open the file' })).toHaveAttribute('href', path('c'));
});

test('a picture whose signed link expired gets a fresh one from the page holding it, not again at once', async () => {
  const picture = (sig: string) =>
    ({
      message_type: 'media',
      payload: {
        url: true,
        fileType: 'image',
        filePath: `/api/chat/files/a?exp=1&sig=${sig}`,
        message: 'Slip',
      },
    }) as const;
  const stored = Array.from({ length: 12 }, (_, i) => (i === 4 ? msg(5, picture('old')) : msg(i + 1)));
  const { api } = await show(...stored);
  // The newest page holds 3 to 12; the picture is message 5.
  const image = within(row(5)).getByRole('img', { name: 'Slip' });
  const now = stored.map((m) => (m.seq === 5 ? { ...m, message: picture('new') } : m));
  api.history.mockImplementationOnce(async (_identity, skip) => [...now].reverse().slice(skip, skip + 10));
  act(() => {
    image.dispatchEvent(new Event('error'));
  });
  await waitFor(() => expect(image).toHaveAttribute('src', '/api/chat/files/a?exp=1&sig=new'));
  // Seven held messages are newer than it: the page that skips them holds it; older ones are not added.
  expect(api.history).toHaveBeenLastCalledWith(expect.anything(), 7);
  expect(document.querySelectorAll('[data-testid="chat-message"]')).toHaveLength(10);
  // A fresh link that fails at once is not an old one: it is not asked for again.
  act(() => {
    image.dispatchEvent(new Event('error'));
  });
  expect(api.history).toHaveBeenCalledTimes(2);
});

test("a postback is shown as the customer's choice", async () => {
  await show(
    msg(
      1,
      { message_type: 'postback', payload: { title: 'Deposit problem', payload: 'DEPOSIT' } },
      {
        sender: 'customer',
        agent: null,
      },
    ),
  );
  expect(row(1).querySelector('.chat-bubble')).toHaveTextContent('You chose: Deposit problem');
  expect(row(1)).not.toHaveTextContent('DEPOSIT');
});

test('a message of a type it does not know says so instead of showing raw data', async () => {
  const odd = msg(1);
  (odd.message as unknown as { message_type: string }).message_type = 'sticker';
  await show(odd);
  expect(row(1)).toHaveTextContent('This message cannot be shown.');
});
