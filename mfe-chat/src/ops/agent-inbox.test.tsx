import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inboxApi } from './api';
import {
  answer,
  history,
  inboxTestHooks,
  msg,
  openSomchai,
  ROOM_A,
  ROOM_B,
  rows,
  setup,
  socket,
  uuid,
} from '../../test/inbox';

inboxTestHooks();

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
  // The history is the read's answer in the page's query cache: a change to it is shown a microtask later.
  await waitFor(() => expect(receipt).toHaveTextContent('Read'));
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

test('finance is not admitted: the note says so and nothing is called', async () => {
  const api = setup('finance');
  expect(screen.getByRole('heading', { name: 'Support chat' })).toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent('for support agents and administrators');
  await act(() => Promise.resolve());
  expect(api.conversations).not.toHaveBeenCalled();
  expect(api.connect).not.toHaveBeenCalled();
  expect(api.messages).not.toHaveBeenCalled();
});
