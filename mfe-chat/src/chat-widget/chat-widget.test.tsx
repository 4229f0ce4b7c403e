import { act, screen, waitFor } from '@testing-library/react';
import { ChatWidget } from './chat-widget';
import userEvent from '@testing-library/user-event';
import { ApiError, bus, clearSession, setLocale, setSession } from '@wallet/shared';
import { GUEST_ID_KEY, GUEST_TOKEN_KEY } from './identity';
import { SOCKET_CHECK_MS, TYPING_SHOWN_MS, TYPING_THROTTLE_MS } from './socket';
import { bubbles, msg, openChat, seqs, setupChat, socketReady } from './test-support';

beforeAll(() => setLocale('en'));
beforeEach(() => {
  localStorage.clear();
  clearSession();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('the floating button toggles the panel (rotating), focusing the message box; Escape closes it', async () => {
  const user = userEvent.setup();
  setupChat();
  const toggle = screen.getByRole('button', { name: 'Open support chat' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByTestId('chat-panel')).not.toBeInTheDocument();

  await openChat(user);
  expect(screen.getByTestId('chat-widget')).toHaveClass('chat-widget--open');
  expect(screen.getByRole('button', { name: 'Close support chat' })).toHaveAttribute('aria-expanded', 'true');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus());

  await user.keyboard('{Escape}');
  expect(screen.getByTestId('chat-panel')).not.toBeVisible();
  expect(screen.getByTestId('chat-widget')).not.toHaveClass('chat-widget--open');
  expect(screen.getByRole('button', { name: 'Open support chat' })).toHaveFocus();
});

test('opens when another part asks on the bus (the contact page)', async () => {
  setupChat();
  act(() => bus.emit('chat:open', {}));
  expect(screen.getByTestId('chat-panel')).toBeVisible();
  expect(await screen.findByRole('log')).toBeInTheDocument();
});

test("a request made before the widget mounted (the host's count) opens it; closing it then stays closed", async () => {
  const { view } = setupChat();
  expect(screen.queryByTestId('chat-panel')).not.toBeInTheDocument();
  view.rerender(<ChatWidget openRequests={1} />);
  expect(screen.getByTestId('chat-panel')).toBeVisible();
  expect(await screen.findByRole('log')).toBeInTheDocument();
  await userEvent.setup().keyboard('{Escape}');
  view.rerender(<ChatWidget openRequests={1} />);
  expect(screen.getByTestId('chat-panel')).not.toBeVisible();
});

test('without the chat backend setting (no PREFIX) nothing is set up: no guest, no history, no socket', async () => {
  const { api } = setupChat({ prefix: '' });
  await userEvent.click(screen.getByRole('button', { name: 'Open support chat' }));
  expect(await screen.findByText(/Chat is not available right now/)).toBeInTheDocument();
  expect(api.createGuest).not.toHaveBeenCalled();
  expect(api.history).not.toHaveBeenCalled();
  expect(api.connect).not.toHaveBeenCalled();
});

test('a visitor gets a guest id once, stores it as guest-id / guest-token, and chats with it', async () => {
  const { api } = setupChat({ stored: [msg(1, 'Hello, how can we help?')] });
  await openChat();
  expect(api.createGuest).toHaveBeenCalledTimes(1);
  expect(localStorage.getItem(GUEST_ID_KEY)).toBe('g_test');
  expect(localStorage.getItem(GUEST_TOKEN_KEY)).toBe('gt');
  const guest = { kind: 'guest', guestId: 'g_test', guestToken: 'gt' };
  expect(api.history).toHaveBeenCalledWith(guest, 0);
  await waitFor(() => expect(api.connect).toHaveBeenCalledWith(guest));
  expect(bubbles()).toEqual(['Hello, how can we help?']);
});

test('a returning visitor reuses the stored guest id', async () => {
  localStorage.setItem(GUEST_ID_KEY, 'g_before');
  localStorage.setItem(GUEST_TOKEN_KEY, 'token-before');
  const { api } = setupChat();
  await openChat();
  expect(api.createGuest).not.toHaveBeenCalled();
  expect(api.history).toHaveBeenCalledWith(
    { kind: 'guest', guestId: 'g_before', guestToken: 'token-before' },
    0,
  );
});

test('a stored guest id the server refuses (401) is replaced by a new one, once', async () => {
  localStorage.setItem(GUEST_ID_KEY, 'g_stale');
  localStorage.setItem(GUEST_TOKEN_KEY, 'forged');
  const { api } = setupChat({ stored: [msg(1, 'Welcome')] });
  const history = api.history.getMockImplementation()!;
  api.history.mockImplementation(async (identity, skip) => {
    if (identity.kind === 'guest' && identity.guestId === 'g_stale') {
      throw new ApiError('UNAUTHORIZED', 401, 'Unauthorized');
    }
    return history(identity, skip);
  });
  await openChat();
  expect(await screen.findByText('Welcome')).toBeInTheDocument();
  expect(api.createGuest).toHaveBeenCalledTimes(1);
  expect(localStorage.getItem(GUEST_ID_KEY)).toBe('g_test');
  await waitFor(() =>
    expect(api.connect).toHaveBeenCalledWith({ kind: 'guest', guestId: 'g_test', guestToken: 'gt' }),
  );
});

test('a failed load says so and can be tried again', async () => {
  const { api } = setupChat({ stored: [msg(1, 'Welcome')] });
  api.config.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', null, 'Network error'));
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open support chat' }));
  await user.click(await screen.findByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Welcome')).toBeInTheDocument();
});

test('a member chats with its session token, never as a guest, and joins the room of its user id', async () => {
  // The session token as the server signs it: its `sub` is the member id.
  const token = `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: 'mem-1', sid: 's-1' })).replace(/=+$/, '')}.c2ln`;
  setSession(token, false);
  const { api, socket } = setupChat();
  await openChat();
  const identity = { kind: 'member', token, memberId: 'mem-1' };
  await waitFor(() => expect(api.connect).toHaveBeenCalledWith(identity));
  expect(api.history).toHaveBeenCalledWith(identity, 0);
  expect(api.createGuest).not.toHaveBeenCalled();
  await socketReady(socket);
  act(() => socket.serverConnect());
  expect(socket.joins.map(({ room, lastSeq }) => ({ room, lastSeq }))).toEqual([
    { room: 'wallet-chat:mem-1', lastSeq: 0 },
  ]);
});

test('a member token whose id cannot be read still chats: the join names no room (the server knows it)', async () => {
  setSession('member-token', false);
  const { api, socket } = setupChat();
  await openChat();
  await waitFor(() =>
    expect(api.connect).toHaveBeenCalledWith({ kind: 'member', token: 'member-token', memberId: null }),
  );
  await socketReady(socket);
  act(() => socket.serverConnect());
  expect(socket.joins.map(({ room, lastSeq }) => ({ room, lastSeq }))).toEqual([
    { room: undefined, lastSeq: 0 },
  ]);
});

test('joins the room with the last seq held and appends what it missed, once and in order', async () => {
  const { socket } = setupChat({ stored: [msg(1), msg(2), msg(3)] });
  await openChat();
  await socketReady(socket);
  act(() => socket.serverConnect());
  // Spec §4: the room named from the prefix and the guest id.
  expect(socket.joins.map(({ room, lastSeq }) => ({ room, lastSeq }))).toEqual([
    { room: 'wallet-chat:g_test', lastSeq: 3 },
  ]);

  // The answer repeats seq 3 and comes out of order: each message shows once, by seq.
  act(() => socket.joins[0]!.ack({ messages: [msg(5), msg(3), msg(4)] }));
  expect(seqs()).toEqual([1, 2, 3, 4, 5]);
});

test('a long absence comes in batches: it joins again from the newest held until the server has no more', async () => {
  const { socket } = setupChat({ stored: [msg(1)] });
  await openChat();
  await socketReady(socket);
  act(() => socket.serverConnect());
  act(() => socket.joins[0]!.ack({ messages: [msg(2), msg(3)], more: true }));
  expect(socket.joins.map((join) => join.lastSeq)).toEqual([1, 3]);
  act(() => socket.joins[1]!.ack({ messages: [msg(4)], more: false }));
  expect(socket.joins).toHaveLength(2);
  expect(seqs()).toEqual([1, 2, 3, 4]);
});

test('every 5 s a dropped socket is reconnected and the room rejoined from the newest seq, without repeats', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { socket } = setupChat({ stored: [msg(1), msg(2)] });
  await openChat(user);
  await socketReady(socket);
  act(() => socket.serverConnect());
  act(() => socket.joins[0]!.ack({ messages: [] }));
  act(() => socket.push(msg(3)));

  act(() => socket.serverDisconnect());
  expect(screen.getByText(/Reconnecting/)).toBeInTheDocument();
  expect(socket.connect).not.toHaveBeenCalled();
  // The next check, at most 5 s away, reconnects it.
  act(() => jest.advanceTimersByTime(SOCKET_CHECK_MS));
  expect(socket.connect).toHaveBeenCalledTimes(1);

  act(() => socket.serverConnect());
  expect(screen.queryByText(/Reconnecting/)).not.toBeInTheDocument();
  expect(socket.joins.map((join) => join.lastSeq)).toEqual([2, 3]);
  // Seq 3 arrived live before the drop; the rejoin's answer repeats it with what came meanwhile.
  act(() => socket.joins[1]!.ack({ messages: [msg(3), msg(4)] }));
  expect(seqs()).toEqual([1, 2, 3, 4]);

  // While connected, the check does nothing.
  act(() => jest.advanceTimersByTime(SOCKET_CHECK_MS * 2));
  expect(socket.connect).toHaveBeenCalledTimes(1);
});

test('a network failure or the socket limit leaves the 5 s check trying; the refusal is not shown', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { socket } = setupChat({ stored: [msg(1)] });
  await openChat(user);
  await socketReady(socket);
  act(() => socket.fire('connect_error', new Error('xhr poll error')));
  act(() =>
    socket.fire(
      'connect_error',
      Object.assign(new Error('REQUEST_LIMIT'), { data: { code: 'REQUEST_LIMIT' } }),
    ),
  );
  act(() => jest.advanceTimersByTime(SOCKET_CHECK_MS));
  expect(socket.connect).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('log')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

test('a guest token the socket refuses stops the retries; trying again starts as a new guest', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { socket, api } = setupChat({ stored: [msg(1)] });
  await openChat(user);
  await socketReady(socket);
  expect(localStorage.getItem(GUEST_ID_KEY)).toBe('g_test');

  act(() =>
    socket.fire(
      'connect_error',
      Object.assign(new Error('UNAUTHORIZED'), { data: { code: 'UNAUTHORIZED' } }),
    ),
  );
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(socket.disconnect).toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(SOCKET_CHECK_MS * 3));
  expect(socket.connect).not.toHaveBeenCalled();
  expect(localStorage.getItem(GUEST_ID_KEY)).toBeNull();

  api.createGuest.mockResolvedValueOnce({ guestId: 'g_fresh', guestToken: 'gt2' });
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() =>
    expect(api.connect).toHaveBeenLastCalledWith({ kind: 'guest', guestId: 'g_fresh', guestToken: 'gt2' }),
  );
  expect(api.createGuest).toHaveBeenCalledTimes(2);
});

test("an agent typing shows for a few seconds, and goes when the agent's message arrives", async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { socket } = setupChat({ stored: [msg(1)] });
  await openChat(user);
  await socketReady(socket);
  act(() => socket.serverConnect());

  act(() => socket.fire('chat:typing', { conversationId: 'wallet-chat:g_test', by: 'agent' }));
  expect(screen.getByText('Support is typing…')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(TYPING_SHOWN_MS));
  expect(screen.queryByText('Support is typing…')).not.toBeInTheDocument();

  act(() => socket.fire('chat:typing', { conversationId: 'wallet-chat:g_test', by: 'agent' }));
  act(() => socket.push(msg(2, 'Here is the answer')));
  expect(screen.queryByText('Support is typing…')).not.toBeInTheDocument();
  // The customer's own typing, echoed to the room, is not shown as the agent's.
  act(() => socket.fire('chat:typing', { conversationId: 'wallet-chat:g_test', by: 'customer' }));
  expect(screen.queryByText('Support is typing…')).not.toBeInTheDocument();
});

test('the customer typing is told to the agents, at most every 3 s, and not while offline', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { socket } = setupChat({ stored: [msg(1)] });
  await openChat(user);
  await socketReady(socket);
  const box = screen.getByRole('textbox');

  await user.type(box, 'hi');
  expect(socket.typings).toBe(0);
  act(() => socket.serverConnect());
  await user.type(box, ' there');
  expect(socket.typings).toBe(1);
  act(() => jest.advanceTimersByTime(TYPING_THROTTLE_MS));
  await user.type(box, '!');
  expect(socket.typings).toBe(2);
});

test('a message pushed live is appended; the same seq pushed again is not shown twice', async () => {
  const { socket } = setupChat({ stored: [msg(1)] });
  await openChat();
  await socketReady(socket);
  act(() => socket.push(msg(2, 'Anything else?')));
  act(() => socket.push(msg(2, 'Anything else?')));
  expect(bubbles()).toEqual(['message 1', 'Anything else?']);
});

test('closing the widget keeps the conversation: reopening does not load it again', async () => {
  const user = userEvent.setup();
  const { api } = setupChat({ stored: [msg(1)] });
  await openChat(user);
  await user.click(screen.getByRole('button', { name: 'Close support chat' }));
  await user.click(screen.getByRole('button', { name: /^Open support chat/ }));
  expect(api.history).toHaveBeenCalledTimes(1);
  expect(bubbles()).toEqual(['message 1']);
});

test('agent messages that arrive while closed show on the button until read', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const { socket, api } = setupChat({ stored: [msg(1, 'hi', { sender: 'customer', agent: null })] });
  await openChat(user);
  await socketReady(socket);
  await user.click(screen.getByRole('button', { name: 'Close support chat' }));

  act(() => socket.push(msg(2, 'reply one')));
  act(() => socket.push(msg(3, 'reply two')));
  expect(screen.getByRole('button', { name: 'Open support chat (new messages: 2)' })).toBeInTheDocument();
  expect(screen.getByTestId('chat-unread')).toHaveTextContent('2');
  act(() => jest.advanceTimersByTime(5000));
  expect(api.markRead).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Open support chat (new messages: 2)' }));
  expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1000));
  expect(api.markRead).toHaveBeenCalledTimes(1);
  await user.click(screen.getByRole('button', { name: 'Close support chat' }));
  expect(screen.getByRole('button', { name: 'Open support chat' })).toBeInTheDocument();
  expect(screen.queryByTestId('chat-unread')).not.toBeInTheDocument();
});
