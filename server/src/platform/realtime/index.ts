import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Server, type Namespace, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { isAppError } from '../errors';
import type { MemberEvent } from '../member-events';
import { closeRedis, connectRedis } from '../redis';

/** The members' namespace: one room per member, joined only with that member's live session token. */
export const MEMBER_NAMESPACE = '/member';
export const memberRoom = (memberId: string): string => `member:${memberId}`;

interface MemberSocketData {
  memberId: string;
  sessionId: string;
  checkedAt: number;
}
type MemberSocket = Socket<Record<string, never>, ServerToMember, Record<string, never>, MemberSocketData>;

/** What a member's page hears (docs/realtime.md); the names are those of the front end's bus events. */
export interface ServerToMember {
  'wallet:changed': (payload: { reason: string }) => void;
  'deposit:qr': (payload: { qrcodeId: string; status: string }) => void;
}

export interface Realtime {
  io: Server<Record<string, never>, ServerToMember, Record<string, never>, MemberSocketData>;
  members: Namespace<Record<string, never>, ServerToMember, Record<string, never>, MemberSocketData>;
  /** Sockets of one member on this process (for tests and the chat later). */
  localSockets(memberId: string): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

class HandshakeError extends Error {
  readonly data: { code: string };
  constructor(code: string) {
    super(code);
    this.data = { code };
  }
}

/**
 * socket.io on the app's own HTTP server (path /socket.io/). Members connect to `/member` with their token in
 * the handshake's `auth.token`; the server verifies it like a member route (signature, live session, active
 * member) and joins the socket to the member's own room — a client never names a room. Member events raised
 * in database transactions (platform/member-events.ts) arrive here after commit, on every process, and go to
 * this process's sockets of that member. With REDIS_URL the socket.io Redis adapter shares rooms between
 * processes (used by broadcasts to a room from any process, e.g. the support chat).
 */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const io = new Server<Record<string, never>, ServerToMember, Record<string, never>, MemberSocketData>(
      app.server,
      {
        path: '/socket.io/',
        serveClient: false,
        // Members send nothing on this namespace but the handshake.
        maxHttpBufferSize: 16 * 1024,
        pingInterval: 25_000,
        pingTimeout: 20_000,
      },
    );
    // The polling transport's answers do not pass through Fastify's hooks: the same rules as the API's.
    io.engine.on('headers', (headers: Record<string, string>) => {
      headers['X-Content-Type-Options'] = 'nosniff';
      headers['Cache-Control'] = 'no-store';
    });

    let pub: Redis | undefined;
    let sub: Redis | undefined;
    if (app.ctx.config.redisUrl) {
      pub = publishingSafely(connectRedis(app.ctx.config.redisUrl, { log: app.log, label: 'socket.io' }));
      sub = connectRedis(app.ctx.config.redisUrl, { log: app.log, label: 'socket.io (subscriber)' });
      io.adapter(createAdapter(pub, sub, { key: `${app.ctx.config.redisPrefix}socket.io` }));
    }

    const members: Realtime['members'] = io.of(MEMBER_NAMESPACE);
    const local = new Map<string, Set<MemberSocket>>();

    members.use((socket, next) => {
      const token: unknown = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') return next(new HandshakeError('UNAUTHORIZED'));
      let payload: { sub: unknown; sid: unknown };
      try {
        payload = app.jwt.verify<{ sub: unknown; sid: unknown }>(token);
      } catch {
        return next(new HandshakeError('invalid-token'));
      }
      const { sub: memberId, sid: sessionId } = payload;
      if (typeof memberId !== 'string' || typeof sessionId !== 'string')
        return next(new HandshakeError('invalid-token'));
      if ((local.get(memberId)?.size ?? 0) >= app.ctx.limits.realtimeSocketsPerMember)
        return next(new HandshakeError('REQUEST_LIMIT'));
      app.sessions.checkSession(memberId, sessionId).then(
        () => {
          socket.data = { memberId, sessionId, checkedAt: Date.now() };
          next();
        },
        (e: unknown) => next(new HandshakeError(isAppError(e) ? e.code : 'invalid-token')),
      );
    });

    members.on('connection', (socket: MemberSocket) => {
      const { memberId } = socket.data;
      void socket.join(memberRoom(memberId));
      let set = local.get(memberId);
      if (!set) local.set(memberId, (set = new Set()));
      set.add(socket);
      socket.on('disconnect', () => {
        set.delete(socket);
        if (set.size === 0 && local.get(memberId) === set) local.delete(memberId);
      });
    });

    /** A socket whose session ended (logout, password change, expiry) is closed instead of told. */
    const stillValid = async (socket: MemberSocket): Promise<boolean> => {
      if (Date.now() - socket.data.checkedAt < app.ctx.limits.realtimeSessionRecheckMs) return true;
      try {
        await app.sessions.checkSession(socket.data.memberId, socket.data.sessionId);
        socket.data.checkedAt = Date.now();
        return true;
      } catch {
        socket.disconnect(true);
        return false;
      }
    };

    const deliver = async (socket: MemberSocket, event: MemberEvent): Promise<void> => {
      if (!(await stillValid(socket))) return;
      if (event.type === 'wallet:changed') socket.emit('wallet:changed', { reason: event.reason });
      else if (event.type === 'deposit:qr')
        socket.emit('deposit:qr', { qrcodeId: event.qrcodeId, status: event.status });
    };

    const unsubscribe = app.ctx.events.subscribe(({ memberId, event }) => {
      const sockets = local.get(memberId);
      if (!sockets) return;
      for (const socket of sockets) {
        deliver(socket, event).catch((err: unknown) => app.log.warn({ err }, 'realtime delivery failed'));
      }
    });

    // This process's open sockets per namespace (`/member`, `/chat`, …; `/` when a client opens the main one).
    const open = app.ctx.metrics.gauge(
      'wallet_sockets_open',
      'socket.io sockets open on this process, by namespace',
      ['namespace'],
    );
    app.ctx.metrics.onScrape('sockets', [open], async () => {
      open.reset();
      for (const [name, nsp] of io._nsps) open.set({ namespace: name }, nsp.sockets.size);
    });

    app.decorate('realtime', {
      io,
      members,
      localSockets: (memberId: string) => local.get(memberId)?.size ?? 0,
    });

    // Before the HTTP server closes: upgraded connections would keep it open. (io.close() would close the
    // HTTP server itself, which is Fastify's to close.)
    app.addHook('preClose', async () => {
      unsubscribe();
      io.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      // A connection still connecting has the adapter's subscriptions queued: quitting it now would reject them
      // unhandled ("Connection is closed"). It is given a moment to be ready first.
      await Promise.all([settled(pub), settled(sub)]);
      await Promise.all([closeRedis(pub), closeRedis(sub)]);
    });
  },
  { name: 'realtime', dependencies: ['accounts'] },
);

/**
 * The adapter's publishing connection with PUBLISH that never fails: socket.io's Redis adapter publishes each
 * broadcast without waiting for the answer, so while Redis is unreachable every member event would be a rejected
 * promise nobody handles, which stops a Node process. The broadcast has reached this process's sockets already;
 * the other processes' miss it until Redis is back (the connection logs the outage once).
 */
function publishingSafely(redis: Redis): Redis {
  const publish = redis.publish.bind(redis) as (
    channel: string | Buffer,
    message: string | Buffer,
  ) => Promise<number>;
  return Object.assign(redis, {
    publish: (channel: string | Buffer, message: string | Buffer) => publish(channel, message).catch(() => 0),
  });
}

/** Resolves once a Redis connection is ready (or ended), at most after `ms`. */
function settled(redis: Redis | undefined, ms = 2000): Promise<void> {
  if (!redis || redis.status === 'ready' || redis.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('end', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
    redis.once('end', done);
  });
}
