// Test doubles at the network edge of the widget: the chat API module's functions and a fake `/chat` socket.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatApi } from './api';
import { ChatWidget } from './chat-widget';
import { resetChatIdentity } from './identity';
import { chatRealtime, type ChatSocket, type ChatSocketEvents, type JoinAck } from './socket';
import type { ChatMessage, MessageBody } from './types';

type Listener = (...args: never[]) => void;

/** A socket the test drives: it connects, drops and pushes when told; `join` waits for the test's answer. */
export class FakeSocket implements ChatSocket {
  connected = false;
  readonly joins: { room?: string; lastSeq: number; ack: (answer: JoinAck) => void }[] = [];
  readonly connect = jest.fn();
  readonly disconnect = jest.fn();
  private readonly listeners = new Map<string, Set<Listener>>();

  on<E extends keyof ChatSocketEvents>(event: E, listener: ChatSocketEvents[E]): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener as Listener);
    return this;
  }
  off<E extends keyof ChatSocketEvents>(event: E, listener: ChatSocketEvents[E]): this {
    this.listeners.get(event)?.delete(listener as Listener);
    return this;
  }
  /** How often the widget said the customer is typing. */
  typings = 0;
  emit(event: 'join' | 'send' | 'typing', body?: unknown, ack?: (answer: never) => void): this {
    if (event === 'typing') this.typings += 1;
    if (event === 'join')
      this.joins.push({
        ...(body as { room?: string; lastSeq: number }),
        ack: ack as (answer: JoinAck) => void,
      });
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  /** The widget listens (its set-up finished). */
  get ready(): boolean {
    return (this.listeners.get('messaging')?.size ?? 0) > 0;
  }
  serverConnect() {
    this.connected = true;
    this.fire('connect');
  }
  serverDisconnect() {
    this.connected = false;
    this.fire('disconnect');
  }
  push(message: ChatMessage) {
    this.fire('messaging', message);
  }
}

let ids = 0;
/** A message id as the server gives it (a uuid), numbered. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/**
 * A stored message as the server answers it (docs/chat.md "Messages") in the guest `g_test`'s conversation: text
 * from an agent (`other`) unless told otherwise. `customer(…)` makes the customer's own.
 */
export function msg(
  seq: number,
  body: MessageBody | string = `message ${seq}`,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  ids += 1;
  return {
    sender: 'other',
    message: typeof body === 'string' ? { message_type: 'text', payload: body } : body,
    createdAt: new Date(Date.UTC(2026, 10, 24, 10, seq)).toISOString(),
    session_id: 'wallet-chat:g_test',
    userId: null,
    guestId: 'g_test',
    username: null,
    name: null,
    deviceToken: null,
    id: uuid(ids),
    seq,
    conversationId: 'wallet-chat:g_test',
    agent: 'somchai',
    clientId: null,
    readAt: null,
    ...extra,
  };
}

/** The customer's own stored message (no operator). */
export const customer = (
  seq: number,
  body: MessageBody | string = `message ${seq}`,
  extra: Partial<ChatMessage> = {},
): ChatMessage => msg(seq, body, { sender: 'customer', agent: null, ...extra });

export interface SetupOptions {
  /** Every stored message, oldest first; the history answers pages of it newest first. */
  stored?: ChatMessage[];
  /** The room prefix `GET /api/chat/config` answers (empty: no chat backend). */
  prefix?: string;
}

/** Spies on the API and the socket, and renders the widget closed. */
export function setupChat({ stored = [], prefix = 'wallet-chat:' }: SetupOptions = {}) {
  resetChatIdentity();
  const socket = new FakeSocket();
  const api = {
    config: jest.spyOn(chatApi, 'config').mockResolvedValue({ PREFIX: prefix }),
    createGuest: jest
      .spyOn(chatApi, 'createGuest')
      .mockResolvedValue({ guestId: 'g_test', guestToken: 'gt' }),
    history: jest.spyOn(chatApi, 'history').mockImplementation(async (_identity, skip) => {
      const newestFirst = [...stored].reverse();
      return newestFirst.slice(skip, skip + 10);
    }),
    send: jest.spyOn(chatApi, 'send'),
    markRead: jest
      .spyOn(chatApi, 'markRead')
      .mockResolvedValue({ conversationId: 'wallet-chat:g_test', by: 'customer', seq: 1 }),
    upload: jest.spyOn(chatApi, 'upload'),
    connect: jest.spyOn(chatRealtime, 'connect').mockResolvedValue(socket),
  };
  const view = render(<ChatWidget />);
  return { socket, api, view };
}

/** Opens the widget and waits for the conversation. */
export async function openChat(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Open support chat' }));
  return screen.findByRole('log');
}

/** Waits until the widget listens on its socket. */
export async function socketReady(socket: FakeSocket) {
  await waitFor(() => expect(socket.ready).toBe(true));
}

export const bubbles = () =>
  screen.queryAllByTestId('chat-message').map((row) => row.querySelector('.chat-bubble')?.textContent ?? '');
export const seqs = () => screen.queryAllByTestId('chat-message').map((row) => Number(row.dataset.seq));
