import type { Socket } from 'socket.io-client';
import type { ChatIdentity } from './identity';
import type { ChatMessage, OutgoingMessage, ReadEvent, SendAnswer } from './types';

/** Spec §9: the socket is rechecked every 5 s; socket.io reconnects after 500 ms, without a limit. */
export const SOCKET_CHECK_MS = 5000;
export const RECONNECT_DELAY_MS = 500;
/** The customer's typing is told to the agents at most this often. */
export const TYPING_THROTTLE_MS = 3000;
/** How long "typing…" stays without another `chat:typing`. */
export const TYPING_SHOWN_MS = 6000;

/** What the server pushes to the customer's room. */
interface ServerEvents {
  /** Spec §7: a stored message, from either side. */
  messaging: (message: ChatMessage) => void;
  'chat:read': (event: ReadEvent) => void;
  /** Someone is typing in the conversation (to a customer: an agent). */
  'chat:typing': (event: { conversationId: string; by: 'customer' | 'agent' }) => void;
}
/** What the customer asks over the socket. */
interface ClientEvents {
  join: (body: JoinBody, ack: (answer: JoinAck) => void) => void;
  send: (body: { clientId: string; message: OutgoingMessage }, ack: (answer: SendAnswer) => void) => void;
  /** The customer is typing: the agents are told. */
  typing: () => void;
}

/** A refused handshake carries the server's code (docs/chat.md "Realtime"); a network failure has none. */
export type ConnectError = Error & { data?: { code?: unknown } };

export interface ChatSocketEvents extends ServerEvents {
  connect: () => void;
  disconnect: () => void;
  connect_error: (error: ConnectError) => void;
}

/**
 * Refusals that may pass on their own (the per-IP socket limit, a server fault): the 5 s check tries again. Any
 * other code refuses the identity itself (a guest token that no longer verifies, a member session that ended),
 * which no retry with it can change.
 */
export const PASSING_REFUSALS: ReadonlySet<string> = new Set(['REQUEST_LIMIT', 'INTERNAL_SERVER_ERROR']);

/**
 * Spec §4: the room joined, PREFIX + the user id or guest id (left out when unknown: the server joins the socket's
 * own), and the last seq held. A room that is not the socket's own is refused.
 */
export interface JoinBody {
  room?: string;
  lastSeq: number;
}

export interface JoinAck {
  /** Every message after the lastSeq sent, oldest first, in batches. */
  messages?: ChatMessage[];
  /** The batch was full: join again from its last seq for the rest. */
  more?: boolean;
  /** A refusal (the room is not the socket's own). */
  code?: string;
}

/** The part of a socket.io client the widget uses (a fake one in the tests). */
export interface ChatSocket {
  readonly connected: boolean;
  on<E extends keyof ChatSocketEvents>(event: E, listener: ChatSocketEvents[E]): unknown;
  off<E extends keyof ChatSocketEvents>(event: E, listener: ChatSocketEvents[E]): unknown;
  emit(event: 'join', body: JoinBody, ack: (answer: JoinAck) => void): unknown;
  emit(
    event: 'send',
    body: { clientId: string; message: OutgoingMessage },
    ack: (answer: SendAnswer) => void,
  ): unknown;
  emit(event: 'typing'): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/**
 * The customer's realtime channel: socket.io's client (its own chunk, fetched when the chat first opens) to the
 * `/chat` namespace of the page's server. The handshake names the caller: `{ token }` for a member,
 * `{ guestToken }` for a visitor (docs/chat.md "Realtime").
 */
export const chatRealtime = {
  async connect(identity: ChatIdentity): Promise<ChatSocket> {
    const { io } = await import(/* webpackChunkName: "socket-io" */ 'socket.io-client');
    const socket: Socket<ServerEvents, ClientEvents> = io('/chat', {
      path: '/socket.io/',
      // WebSocket first, long-polling where it cannot open (as the members' channel, docs/realtime.md).
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      auth: identity.kind === 'member' ? { token: identity.token } : { guestToken: identity.guestToken },
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: RECONNECT_DELAY_MS,
      reconnectionDelayMax: RECONNECT_DELAY_MS,
    });
    // socket.io's listener types are conditional on the event name, which TypeScript cannot match against a
    // generic interface; the events and their arguments are the same ones, declared once above.
    return socket as unknown as ChatSocket;
  },
};
