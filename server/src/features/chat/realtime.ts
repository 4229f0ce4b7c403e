import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Namespace, Socket } from 'socket.io';
import {
  MemoryConnectionSlots,
  RedisConnectionSlots,
  type ConnectionSlots,
} from '../../platform/connection-slots';
import { AppError, isAppError } from '../../platform/errors';
import { connectRedis } from '../../platform/redis';
import { AGENT_ROLES, identify, proxiedAddress, type ChatSocketData } from './handshake';
import type { ChatService } from './chat-service';
import type { ChatMessage, Claims, Conversation, CustomerIdentity, ReadEvent, SendInput } from './model';

/** The support chat's namespace, on the members' socket.io server (same path as `/member`). */
export const CHAT_NAMESPACE = '/chat';
/** Every agent socket is in this room: every conversation's messages, reads and updates. */
export const AGENTS_ROOM = 'chat:agents';
/** Open `/chat` sockets per client IP, on all processes together with REDIS_URL (docs/chat.md "Limits"). */
export const CHAT_SOCKETS_PER_IP = 20;
/** A join answers at most this many missed messages (the rest: join again with the last seq received). */
const JOIN_BATCH = 200;
/** Typing notices a socket may raise: one a second, the others are dropped. */
const TYPING_INTERVAL_MS = 1000;

/** An answer to a client's `join` or `send`: the data as the HTTP client unwraps it, or the error body. */
export type ChatAck<T> = T | { code: string; message: string };
export interface JoinAck {
  messages: ChatMessage[];
  /** True when more missed messages remain than one answer carries: join again with the last seq. */
  more: boolean;
}
export interface SendAck {
  createdAt: string;
  seq: number;
  id: string;
}

/**
 * A customer's `join` (spec §4, §7): its room's name (PREFIX + userId or guestId) alone, or an object naming it
 * (`room` or `session_id`, and/or `userId` / `guestId`) with the last seq held. What it names must be the socket's
 * own; naming nothing joins the own room too.
 */
export type JoinBody = string | (Claims & { lastSeq?: unknown }) | undefined;
/** A customer's `send`: as the body of `POST /api/chat/send-message`. */
export type SendBody = Claims & { clientId?: unknown; message?: unknown; deviceToken?: unknown };

/** What a client may emit on `/chat` (docs/chat.md "Realtime"). */
export interface ChatClientEvents {
  join: (body: JoinBody, ack?: (answer: ChatAck<JoinAck>) => void) => void;
  send: (body: SendBody | undefined, ack?: (answer: ChatAck<SendAck>) => void) => void;
  typing: (body?: { conversationId?: unknown }) => void;
}

/** What the server emits on `/chat`. */
export interface ChatServerEvents {
  /** Spec §7: a stored message, from either side. */
  messaging: (message: ChatMessage) => void;
  'chat:read': (event: ReadEvent) => void;
  'chat:typing': (event: { conversationId: string; by: 'customer' | 'agent' }) => void;
  /** Agents only: a conversation's summary after a message or a read (the inbox row). */
  'chat:conversation': (conversation: Conversation) => void;
}

type ChatNamespace = Namespace<ChatClientEvents, ChatServerEvents, Record<string, never>, ChatSocketData>;
type ChatSocket = Socket<ChatClientEvents, ChatServerEvents, Record<string, never>, ChatSocketData>;

export interface ChatRealtime {
  namespace: ChatNamespace;
  /** Open `/chat` sockets of one IP: on every process with REDIS_URL, else on this one. */
  socketsOf(ip: string): Promise<number>;
}

export interface ChatRealtimeOptions {
  /** Default: the app's (`app.chat`). */
  chat?: ChatService;
  /** Default CHAT_SOCKETS_PER_IP. */
  socketsPerIp?: number;
}

class HandshakeError extends Error {
  readonly data: { code: string };
  constructor(code: string) {
    super(code);
    this.data = { code };
  }
}

const errorBody = (e: unknown): { code: string; message: string } =>
  isAppError(e)
    ? { code: e.code, message: e.message }
    : { code: 'INTERNAL_SERVER_ERROR', message: 'INTERNAL_SERVER_ERROR' };

/**
 * The support chat's realtime side (docs/chat.md "Realtime"): the `/chat` namespace on the app's socket.io server.
 *
 * Who connects is decided in the handshake only: a member's bearer token (checked as `/member` checks it), a
 * guest's signed token, or the console's session cookie of a support or admin operator. A customer's room is
 * derived here from that identity: a `join` may name it (spec §4), but a room, user id or guest id that is not the
 * socket's own is refused — so a guest or member can only ever hear and write its own conversation. Agents are in
 * `chat:agents` by their role.
 *
 * Every message the chat service commits (HTTP or socket, customer or agent) is emitted once, by the process
 * that stored it, to the conversation's room and `chat:agents` together (a socket in both hears it once); with
 * REDIS_URL the socket.io Redis adapter carries it to the sockets of the other processes.
 */
export const chatRealtimePlugin = fp<ChatRealtimeOptions>(
  async (app: FastifyInstance, options) => {
    const chat = options.chat ?? app.chat;
    const perIp = options.socketsPerIp ?? CHAT_SOCKETS_PER_IP;
    // The io server is typed for `/member`; this namespace has events of its own.
    const ns = app.realtime.io.of(CHAT_NAMESPACE) as unknown as ChatNamespace;
    const clientIp = proxiedAddress(app.ctx.config.trustProxy);
    const { redisUrl, redisPrefix } = app.ctx.config;
    const slots: ConnectionSlots = redisUrl
      ? new RedisConnectionSlots(
          connectRedis(redisUrl, { log: app.log, label: 'chat sockets' }),
          `${redisPrefix}chat-sockets:`,
        )
      : new MemoryConnectionSlots();
    const local = new Set<ChatSocket>();

    // A place is taken before the (asynchronous) identity check, so a burst of handshakes cannot pass the limit
    // together; it is given back once, when the socket goes or its connection closes before it was added.
    ns.use((socket, next) => {
      const ip = clientIp(socket.request);
      slots.take(ip, perIp).then(
        (giveBack) => {
          if (!giveBack) return next(new HandshakeError('REQUEST_LIMIT'));
          const release = () => {
            socket.conn.off('close', release);
            local.delete(socket);
            giveBack();
          };
          // The connection may have closed while the place was taken.
          if (socket.conn.readyState === 'closed') {
            release();
            return next(new HandshakeError('REQUEST_LIMIT'));
          }
          socket.on('disconnect', release);
          socket.conn.once('close', release);
          identify(app, chat, socket.handshake.auth, socket.request, ip).then(
            (data) => {
              socket.data = data;
              next();
            },
            (e: unknown) => {
              release();
              next(new HandshakeError(isAppError(e) ? e.code : 'UNAUTHORIZED'));
            },
          );
        },
        (err: unknown) => {
          app.log.warn({ err }, 'chat: the sockets per IP could not be counted');
          next(new HandshakeError('INTERNAL_SERVER_ERROR'));
        },
      );
    });

    ns.on('connection', (socket: ChatSocket) => {
      local.add(socket);
      if (socket.data.kind === 'agent') onAgent(socket);
      else onCustomer(socket);
    });

    /**
     * A member's session is checked again when the last check is older than the members' recheck interval (as
     * `/member` does before a delivery); an ended session closes the socket.
     */
    const stillValid = async (socket: ChatSocket): Promise<boolean> => {
      const data = socket.data;
      if (data.kind === 'guest') return true;
      if (Date.now() - data.checkedAt < app.ctx.limits.realtimeSessionRecheckMs) return true;
      const ok =
        data.kind === 'member'
          ? await app.sessions.checkSession(data.memberId, data.sessionId).then(
              () => true,
              () => false,
            )
          : // The console session as the guard reads it, without moving its idle expiry: an open socket alone
            // must not keep a console signed in.
            await app.operators.sessionLive(data.sessionId, AGENT_ROLES);
      if (!ok) {
        // This namespace only: the page's `/member` socket may share the connection and answers for itself.
        socket.disconnect();
        return false;
      }
      data.checkedAt = Date.now();
      return true;
    };

    const onCustomer = (socket: ChatSocket) => {
      const data = socket.data;
      if (data.kind === 'agent') return;
      const identity: CustomerIdentity =
        data.kind === 'member'
          ? { kind: 'member', memberId: data.memberId }
          : { kind: 'guest', guestId: data.guestId };
      let lastTyping = 0;
      // The customer's conversation is created on first use (an agent only ever answers an existing one).
      let opened: Promise<unknown> | undefined;
      const open = (): Promise<unknown> => {
        opened ??= chat.conversationFor(identity).catch((e: unknown) => {
          opened = undefined;
          throw e;
        });
        return opened;
      };

      socket.on('join', (body, ack) => {
        const reply = typeof ack === 'function' ? ack : () => undefined;
        const given = typeof body === 'string' ? { room: body } : typeof body === 'object' ? body : undefined;
        const lastSeq = given?.lastSeq ?? 0;
        if (
          (body !== undefined && given === undefined) ||
          typeof lastSeq !== 'number' ||
          !Number.isSafeInteger(lastSeq) ||
          lastSeq < 0
        )
          return reply(errorBody(new AppError('KEY_INVALID', 400)));
        // The room named (a guest's id it has no token for, another member's): refused, nothing joined.
        try {
          if (given) chat.checkClaims(identity, given);
        } catch (e) {
          return reply(errorBody(e));
        }
        void (async () => {
          if (!(await stillValid(socket))) return;
          // Joined before reading: a message stored meanwhile is in the answer or arrives as `messaging` (or
          // both: the client keeps a message once, by its id).
          await open();
          await socket.join(data.room);
          const messages = await chat.history(data.room, { afterSeq: lastSeq, limit: JOIN_BATCH });
          reply({ messages, more: messages.length >= JOIN_BATCH });
        })().catch((e: unknown) => {
          if (!isAppError(e)) app.log.warn({ err: e }, 'chat join failed');
          reply(errorBody(e));
        });
      });

      socket.on('send', (body, ack) => {
        const reply = typeof ack === 'function' ? ack : () => undefined;
        if (
          typeof body !== 'object' ||
          body === null ||
          typeof body.clientId !== 'string' ||
          typeof body.message !== 'object' ||
          body.message === null ||
          (body.deviceToken !== undefined &&
            body.deviceToken !== null &&
            typeof body.deviceToken !== 'string')
        )
          return reply(errorBody(new AppError('KEY_INVALID', 400)));
        const input: SendInput = {
          clientId: body.clientId,
          message: body.message as SendInput['message'],
          deviceToken: typeof body.deviceToken === 'string' ? body.deviceToken : null,
        };
        try {
          chat.checkClaims(identity, body);
        } catch (e) {
          return reply(errorBody(e));
        }
        void (async () => {
          if (!(await stillValid(socket))) return;
          await open();
          const { message } = await chat.send(data.room, identity, input);
          reply({ createdAt: message.createdAt, seq: message.seq, id: message.id });
        })().catch((e: unknown) => {
          if (!isAppError(e)) app.log.warn({ err: e }, 'chat send failed');
          reply(errorBody(e));
        });
      });

      // The customer is writing: the agents' inbox shows it (volatile: a notice late is a notice wrong).
      socket.on('typing', () => {
        const now = Date.now();
        if (now - lastTyping < TYPING_INTERVAL_MS) return;
        lastTyping = now;
        ns.to(AGENTS_ROOM).volatile.emit('chat:typing', { conversationId: data.room, by: 'customer' });
      });
    };

    const onAgent = (socket: ChatSocket) => {
      void socket.join(AGENTS_ROOM);
      let lastTyping = 0;
      socket.on('typing', (body) => {
        const conversationId = body?.conversationId;
        if (
          typeof conversationId !== 'string' ||
          !conversationId.startsWith(chat.prefix) ||
          conversationId.length > 200
        )
          return;
        const now = Date.now();
        if (now - lastTyping < TYPING_INTERVAL_MS) return;
        lastTyping = now;
        void stillValid(socket).then((ok) => {
          // To the customer and the other agents (not back to the one typing).
          if (ok)
            socket
              .to([conversationId, AGENTS_ROOM])
              .volatile.emit('chat:typing', { conversationId, by: 'agent' });
        });
      });
    };

    /** The agents' inbox row of a conversation, after a message or a read. */
    const conversationUpdate = (conversationId: string) => {
      chat.conversation(conversationId).then(
        (c) => {
          if (c) ns.to(AGENTS_ROOM).emit('chat:conversation', c);
        },
        (err: unknown) => app.log.warn({ err }, 'chat conversation update failed'),
      );
    };

    // Fired by the chat service after commit, on the process that stored the change: emitted from here once.
    const offMessage = chat.onMessage((message) => {
      ns.to([message.conversationId, AGENTS_ROOM]).emit('messaging', message);
      conversationUpdate(message.conversationId);
    });
    const offRead = chat.onRead((event) => {
      ns.to([event.conversationId, AGENTS_ROOM]).emit('chat:read', event);
      conversationUpdate(event.conversationId);
    });

    // Sockets whose session ended (logout, a disabled operator, expiry) are closed even while they say nothing:
    // broadcasts reach them without a per-delivery check.
    const sweepMs = Math.max(app.ctx.limits.realtimeSessionRecheckMs, 5000);
    const sweep = setInterval(() => {
      for (const socket of local) {
        stillValid(socket).catch((err: unknown) => app.log.warn({ err }, 'chat session recheck failed'));
      }
    }, sweepMs);
    sweep.unref();

    app.decorate('chatRealtime', {
      namespace: ns,
      socketsOf: (ip: string) => slots.count(ip),
    } satisfies ChatRealtime);

    app.addHook('preClose', async () => {
      clearInterval(sweep);
      offMessage();
      offRead();
      // This process's sockets only: with the Redis adapter a namespace-wide call would reach the others' too.
      ns.local.disconnectSockets(true);
      await slots.close();
    });
  },
  { name: 'chat-realtime', dependencies: ['realtime', 'accounts', 'operators', 'chat'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The support chat's `/chat` namespace (features/chat/realtime.ts). */
    chatRealtime: ChatRealtime;
  }
}
