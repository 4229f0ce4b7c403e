// The agents' inbox under test: a socket the test drives, the conversations and messages it starts with, and the
// screen rendered with the API mocked (src/ops/agent-inbox.test.tsx, src/ops/composer.test.tsx).
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { dismissToasts, registerCatalogs, setLocale, ToastViewport } from '@wallet/shared';
import { inboxApi } from '../src/ops/api';
import { AgentInbox, type OperatorRole } from '../src/ops/agent-inbox';
import { inboxCatalogs } from '../src/ops/catalogs';
import { inboxRealtime, type InboxEvents, type InboxSocket } from '../src/ops/realtime';
import type { ChatMessage, Conversation } from '../src/ops/types';

/** A socket.io client that the test drives: what the server would push, and what the inbox emitted. */
export class FakeSocket implements InboxSocket {
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

export const ROOM_A = 'wallet-chat:m-1';
export const ROOM_B = 'wallet-chat:g_abcdefghijklmnopqrstuv';

let seqId = 0;
/** An id as the server gives it (a uuid), numbered. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const MEMBER = { userId: 'm-1', username: '0812345678', name: 'Somchai Jaidee' };
/** A message as the agents' routes and the `messaging` event carry it: a customer's text unless told otherwise. */
export function msg(conversationId: string, seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
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
export const answer = (conversationId: string, seq: number, overrides: Partial<ChatMessage> = {}) =>
  msg(conversationId, seq, { sender: 'other', agent: 'op.one', ...overrides });

export const somchai = (): Conversation => ({
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
export const guest = (): Conversation => ({
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

/** The socket of the inbox `setup` rendered last. */
export let socket: FakeSocket;

export function setup(role: OperatorRole = 'support', path = '/ops/inbox') {
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

export const history = () => within(screen.getByTestId('ainbox-history'));
export const rows = async () =>
  within(await screen.findByTestId('ainbox-conversations')).getAllByRole('link');

/** Opens Somchai's conversation with its three messages (two of them unread). */
export async function openSomchai(api: ReturnType<typeof setup>) {
  api.messages.mockResolvedValue([
    msg(ROOM_A, 3),
    msg(ROOM_A, 2),
    msg(ROOM_A, 1, { readAt: '2026-01-01T00:00:00Z' }),
  ]);
  await userEvent.click((await rows()).find((r) => r.textContent?.includes('Somchai'))!);
  await history().findByText('message 3');
}

/** The catalogs in English before the tests; mocks, toasts and dialogs cleared after each. */
export function inboxTestHooks() {
  beforeAll(async () => {
    await registerCatalogs(inboxCatalogs);
    await setLocale('en');
  });
  afterEach(() => {
    jest.restoreAllMocks();
    dismissToasts();
    document.querySelectorAll('.wl-detached-dialog').forEach((node) => node.remove());
  });
}
