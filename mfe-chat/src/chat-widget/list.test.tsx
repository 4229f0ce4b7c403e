import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setLocale } from '@wallet/shared';
import { AT_BOTTOM_PX } from './message-list';
import { msg, openChat, seqs, setupChat, socketReady } from './test-support';
import { MARK_READ_DEBOUNCE_MS } from './read-mark';

beforeAll(() => setLocale('en'));
beforeEach(() => {
  localStorage.clear();
  clearSession();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** jsdom lays nothing out: the log's scroll geometry is set by the test. */
function geometry(el: HTMLElement, start: { scrollHeight: number; clientHeight: number; scrollTop: number }) {
  const state = { ...start };
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => state.scrollHeight });
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => state.clientHeight });
  Object.defineProperty(el, 'scrollTop', {
    configurable: true,
    get: () => state.scrollTop,
    set: (value: number) => {
      state.scrollTop = value;
    },
  });
  return state;
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => msg(from + i));

describe('following new messages (at-bottom: within 60 px)', () => {
  async function scrolledTo(distanceFromBottom: number) {
    const chat = setupChat({ stored: range(1, 5) });
    const log = await openChat();
    await socketReady(chat.socket);
    const g = geometry(log, { scrollHeight: 1000, clientHeight: 300, scrollTop: 700 - distanceFromBottom });
    fireEvent.scroll(log);
    g.scrollHeight = 1100; // the next message makes the list taller
    act(() => chat.socket.push(msg(6, 'new one')));
    return g;
  }

  test(`exactly ${AT_BOTTOM_PX} px from the bottom, the list follows the new message`, async () => {
    const g = await scrolledTo(AT_BOTTOM_PX);
    expect(g.scrollTop).toBe(1100);
    expect(screen.queryByRole('button', { name: 'New messages ↓' })).not.toBeInTheDocument();
  });

  test(`${AT_BOTTOM_PX + 1} px from the bottom, it stays where the reader is and offers to jump`, async () => {
    const g = await scrolledTo(AT_BOTTOM_PX + 1);
    expect(g.scrollTop).toBe(639);
    const jump = screen.getByRole('button', { name: 'New messages ↓' });
    fireEvent.click(jump);
    expect(g.scrollTop).toBe(1100);
    expect(screen.queryByRole('button', { name: 'New messages ↓' })).not.toBeInTheDocument();
  });
});

test('scrolled to the top, older pages of 10 load above, keeping the reading position', async () => {
  const chat = setupChat({ stored: range(1, 25) });
  const log = await openChat();
  expect(seqs()).toEqual(range(16, 25).map((m) => m.seq));
  expect(chat.api.history).toHaveBeenLastCalledWith(expect.anything(), 0);

  const g = geometry(log, { scrollHeight: 1000, clientHeight: 300, scrollTop: 0 });
  fireEvent.scroll(log);
  fireEvent.scroll(log); // a second event at the top before the page is in asks nothing more
  g.scrollHeight = 2000;
  await waitFor(() => expect(seqs()).toHaveLength(20));
  expect(chat.api.history).toHaveBeenLastCalledWith(expect.anything(), 10);
  expect(seqs()).toEqual(range(6, 25).map((m) => m.seq));
  // The message that was at the top is still at the same place on the screen.
  expect(g.scrollTop).toBe(1000);

  // The keyboard's way: the button above the list loads the rest; the first message ends the history.
  g.scrollTop = 500;
  fireEvent.scroll(log);
  fireEvent.click(screen.getByRole('button', { name: 'Show earlier messages' }));
  g.scrollHeight = 2500;
  await waitFor(() => expect(seqs()).toHaveLength(25));
  expect(chat.api.history).toHaveBeenLastCalledWith(expect.anything(), 20);
  expect(g.scrollTop).toBe(1000);
  expect(screen.queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  expect(chat.api.history).toHaveBeenCalledTimes(3);
});

describe('mark as read (1 s after the last agent message, while open and at the bottom)', () => {
  async function openWithTimers(stored = [msg(1, 'hi', { sender: 'customer', agent: null })]) {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const chat = setupChat({ stored });
    const log = await openChat(user);
    await socketReady(chat.socket);
    return { ...chat, user, log };
  }

  test('several agent messages in a row make one PUT, 1 s after the last', async () => {
    const { socket, api } = await openWithTimers();
    act(() => socket.push(msg(2, 'first reply')));
    act(() => jest.advanceTimersByTime(MARK_READ_DEBOUNCE_MS - 1));
    act(() => socket.push(msg(3, 'second reply')));
    act(() => jest.advanceTimersByTime(MARK_READ_DEBOUNCE_MS - 1));
    expect(api.markRead).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(api.markRead).toHaveBeenCalledTimes(1);
    expect(api.markRead).toHaveBeenCalledWith({ kind: 'guest', guestId: 'g_test', guestToken: 'gt' });
    act(() => jest.advanceTimersByTime(MARK_READ_DEBOUNCE_MS * 5));
    expect(api.markRead).toHaveBeenCalledTimes(1);
  });

  test('unread agent messages in the history are marked once on opening', async () => {
    const { api } = await openWithTimers([msg(1, 'we replied while you were away')]);
    act(() => jest.advanceTimersByTime(MARK_READ_DEBOUNCE_MS));
    expect(api.markRead).toHaveBeenCalledTimes(1);
  });

  test("the customer's own messages, or a reader scrolled up, or a closed widget mark nothing", async () => {
    const { socket, api, log, user } = await openWithTimers();
    act(() => socket.push(msg(2, 'mine', { sender: 'customer', agent: null })));
    act(() => jest.advanceTimersByTime(MARK_READ_DEBOUNCE_MS * 2));
    expect(api.markRead).not.toHaveBeenCalled();

    const g = geometry(log, { scrollHeight: 1000, clientHeight: 300, scrollTop: 100 });
    fireEvent.scroll(log);
    act(() => socket.push(msg(3, 'agent reply')));
    act(() => jest.advanceTimersByTime(MARK_READ_DEBOUNCE_MS * 2));
    expect(api.markRead).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Close support chat' }));
    g.scrollTop = 700;
    fireEvent.scroll(log);
    act(() => jest.advanceTimersByTime(MARK_READ_DEBOUNCE_MS * 2));
    expect(api.markRead).not.toHaveBeenCalled();

    // Open again, at the bottom: now it is read.
    await user.click(screen.getByRole('button', { name: 'Open support chat (new messages: 1)' }));
    act(() => jest.advanceTimersByTime(MARK_READ_DEBOUNCE_MS));
    expect(api.markRead).toHaveBeenCalledTimes(1);
  });
});
