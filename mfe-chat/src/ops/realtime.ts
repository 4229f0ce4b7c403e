import type { Socket } from 'socket.io-client';
import type { ChatMessage, Conversation, ReadEvent, TypingEvent } from './types';

/** What the server pushes to the agents' room `chat:agents` of the `/chat` namespace (docs/chat.md "Realtime"). */
export interface InboxEvents {
  /** Spec §7: a stored message, from either side. */
  messaging: (message: ChatMessage) => void;
  'chat:read': (event: ReadEvent) => void;
  'chat:typing': (event: TypingEvent) => void;
  'chat:conversation': (conversation: Conversation) => void;
  /** Every (re)connection: what was pushed meanwhile is not replayed, so the inbox reads again. */
  connect: () => void;
}

type ServerToAgent = Omit<InboxEvents, 'connect'>;
interface AgentToServer {
  typing: (body: { conversationId: string }) => void;
}

/** The part of a socket.io client the inbox uses (a fake one in the tests). */
export interface InboxSocket {
  // One overload per event (not a generic over InboxEvents), so that socket.io's own typed client fits it.
  on(event: 'messaging', listener: InboxEvents['messaging']): unknown;
  on(event: 'chat:read', listener: InboxEvents['chat:read']): unknown;
  on(event: 'chat:typing', listener: InboxEvents['chat:typing']): unknown;
  on(event: 'chat:conversation', listener: InboxEvents['chat:conversation']): unknown;
  on(event: 'connect', listener: InboxEvents['connect']): unknown;
  off(event: 'messaging', listener: InboxEvents['messaging']): unknown;
  off(event: 'chat:read', listener: InboxEvents['chat:read']): unknown;
  off(event: 'chat:typing', listener: InboxEvents['chat:typing']): unknown;
  off(event: 'chat:conversation', listener: InboxEvents['chat:conversation']): unknown;
  off(event: 'connect', listener: InboxEvents['connect']): unknown;
  emit(event: 'typing', body: { conversationId: string }): unknown;
  disconnect(): unknown;
}

/**
 * The agents' realtime channel: socket.io's client (fetched with the screen, not with the console) to the `/chat`
 * namespace of the page's own server. An agent sends no handshake payload: the server knows it by the console's
 * `wl_ops` cookie, sent because the connection is same-origin with credentials.
 */
export const inboxRealtime = {
  async connect(): Promise<InboxSocket> {
    const { io } = await import(/* webpackChunkName: "socket-io" */ 'socket.io-client');
    const socket: Socket<ServerToAgent, AgentToServer> = io('/chat', {
      path: '/socket.io/',
      // WebSocket first, long-polling where it cannot open (as the members' channel, docs/realtime.md).
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      withCredentials: true,
    });
    return socket;
  },
};
