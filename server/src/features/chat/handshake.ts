import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import { OPS_COOKIE } from '../operators/guard';
import type { Role } from '../operators/tables';
import type { ChatService } from './chat-service';

/** The operators' roles that answer the chat (docs/chat.md "Realtime"). */
export const AGENT_ROLES: readonly Role[] = ['support', 'admin'];

/** Who a `/chat` socket is, decided in its handshake (features/chat/realtime.ts). */
export type ChatSocketData =
  | { kind: 'member'; memberId: string; sessionId: string; room: string; ip: string; checkedAt: number }
  | { kind: 'guest'; guestId: string; room: string; ip: string; checkedAt: number }
  | { kind: 'agent'; username: string; sessionId: string; ip: string; checkedAt: number };

/** Who a handshake is: a member's token, a guest's token, else the console's cookie of a support/admin agent. */
export async function identify(
  app: FastifyInstance,
  chat: ChatService,
  auth: unknown,
  request: IncomingMessage,
  ip: string,
): Promise<ChatSocketData> {
  const given = typeof auth === 'object' && auth !== null ? (auth as Record<string, unknown>) : {};
  const now = Date.now();
  if (given.token !== undefined) {
    const token = given.token;
    if (typeof token !== 'string' || token === '') throw new AppError('UNAUTHORIZED', 401);
    let payload: { sub: unknown; sid: unknown };
    try {
      payload = app.jwt.verify<{ sub: unknown; sid: unknown }>(token);
    } catch {
      throw new AppError('invalid-token', 401);
    }
    const { sub: memberId, sid: sessionId } = payload;
    if (typeof memberId !== 'string' || typeof sessionId !== 'string')
      throw new AppError('invalid-token', 401);
    await app.sessions.checkSession(memberId, sessionId);
    return {
      kind: 'member',
      memberId,
      sessionId,
      room: chat.roomOf({ kind: 'member', memberId }),
      ip,
      checkedAt: now,
    };
  }
  if (given.guestToken !== undefined) {
    const guest = typeof given.guestToken === 'string' ? chat.guestFromToken(given.guestToken) : null;
    if (!guest) throw new AppError('UNAUTHORIZED', 401);
    return { kind: 'guest', guestId: guest.guestId, room: chat.roomOf(guest), ip, checkedAt: now };
  }
  // An agent: the console's session cookie. A page of another site must not open a socket with the cookie
  // (cross-site WebSocket hijacking): a browser's Origin must be this site's or a CORS origin.
  const cookie = request.headers.cookie;
  const token = typeof cookie === 'string' ? app.parseCookie(cookie)[OPS_COOKIE] : undefined;
  if (token === undefined || token === '') throw new AppError('UNAUTHORIZED', 401);
  if (!sameSite(request, app.ctx.config.corsOrigins)) throw new AppError('UNAUTHORIZED', 401);
  const session = await app.operators.session(token).catch(() => undefined);
  if (!session || session.stage !== 'full') throw new AppError('UNAUTHORIZED', 401);
  if (!AGENT_ROLES.includes(session.operator.role)) throw new AppError('UNAUTHORIZED', 401);
  return {
    kind: 'agent',
    username: session.operator.username,
    sessionId: session.sessionId,
    ip,
    checkedAt: now,
  };
}

/** No Origin (not a browser) or one of this host or of CORS_ORIGINS. */
function sameSite(request: IncomingMessage, corsOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The client's address as Fastify's `request.ip` gives it (TRUST_PROXY): X-Forwarded-For is read from the right
 * while the hop that sent it is a trusted proxy; otherwise the socket's own peer.
 */
export function proxiedAddress(trustProxy: readonly string[]): (request: IncomingMessage) => string {
  const trusted = new BlockList();
  for (const entry of trustProxy) {
    const [addr = '', bits] = entry.split('/');
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) trusted.addAddress(addr, type);
    else trusted.addSubnet(addr, Number(bits), type);
  }
  const isTrusted = (addr: string): boolean => {
    const family = isIP(addr);
    if (family === 0) return false;
    if (trusted.check(addr, family === 6 ? 'ipv6' : 'ipv4')) return true;
    // An IPv4 peer seen on a dual-stack socket (::ffff:10.0.0.1).
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(addr)?.[1];
    return mapped !== undefined && trusted.check(mapped, 'ipv4');
  };
  return (request) => {
    let addr = request.socket.remoteAddress ?? '';
    if (trustProxy.length === 0) return addr;
    const header = request.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== '');
    while (isTrusted(addr) && hops.length > 0) addr = hops.pop() ?? addr;
    return addr;
  };
}
