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
  readonly joins: { lastSeq: number; ack: (answer: JoinAck) => void }[] = [];
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
        lastSeq: (body as { lastSeq: number }).lastSeq,
        ack: ack as (answer: JoinAck) => void,
      });
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  /** The widget listens (its set-up finished). */
  get ready(): boolean {
    return (this.listeners.get('chat:message')?.size ?? 0) > 0;
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
    this.fire('chat:message', message);
  }
}

let ids = 0;
/** A stored message; text from the agent unless told otherwise. */
export function msg(
  seq: number,
  body: MessageBody | string = `message ${seq}`,
  extra: Partial<ChatMessage> = {},
): ChatMessage {
  ids += 1;
  return {
    id: `id-${ids}`,
    seq,
    conversationId: 'wallet-chat:g_test',
    sender: 'agent',
    agent: 'somchai',
    message: typeof body === 'string' ? { message_type: 'text', payload: { text: body } } : body,
    clientId: null,
    createdAt: new Date(Date.UTC(2026, 10, 24, 10, seq)).toISOString(),
    readAt: null,
    ...extra,
  };
}

export interface SetupOptions {
  /** Every stored message, oldest first; the history answers pages of it newest first. */
  stored?: ChatMessage[];
  prefix?: string | null;
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
    markRead: jest.spyOn(chatApi, 'markRead').mockResolvedValue(undefined),
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
