import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { AppError, type ErrorCode } from '../errors';
import type { SettingKey } from '../settings';

/** What member routes need of the accounts feature: is this (member, session) pair a live session? */
export interface SessionVerifier {
  /**
   * Throws invalid-token (unknown, revoked or expired session) or INACTIVE_USER. Served from memory: no database
   * round trip while the session's state is cached (features/accounts/session-service.ts).
   */
  checkSession(memberId: string, sessionId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Provided by the accounts feature (`app.decorate('sessions', …)`); used by requireMember. */
    sessions: SessionVerifier;
  }
}

/** A token whose signature was verified: its claims and when it expires (epoch ms). */
interface VerifiedToken {
  sub: string;
  sid: string;
  expiresAt: number;
}

/**
 * Tokens already verified, per app (keyed by its session verifier): a member's page sends the same token with
 * every request, so its HMAC is checked once, not per request. A hit is the exact string that was verified; its
 * expiry is still checked on every request. Bounded; a token not seen for a while is verified again.
 */
const verifiedTokens = new WeakMap<SessionVerifier, LRUCache<string, VerifiedToken>>();
const MAX_VERIFIED_TOKENS = 50_000;

function verifiedCache(sessions: SessionVerifier): LRUCache<string, VerifiedToken> {
  let cache = verifiedTokens.get(sessions);
  if (!cache) verifiedTokens.set(sessions, (cache = new LRUCache({ max: MAX_VERIFIED_TOKENS })));
  return cache;
}

/** Verifies the token's signature, algorithm and expiry (cached, see verifiedTokens). */
function verifyToken(request: FastifyRequest, token: string): VerifiedToken {
  const cache = verifiedCache(request.server.sessions);
  const hit = cache.get(token);
  if (hit && hit.expiresAt > Date.now()) return hit;
  let payload: { sub?: unknown; sid?: unknown; exp?: unknown };
  try {
    payload = request.server.jwt.verify<{ sub?: unknown; sid?: unknown; exp?: unknown }>(token);
  } catch {
    throw new AppError('invalid-token', 401);
  }
  const { sub, sid, exp } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string') throw new AppError('invalid-token', 401);
  // Tokens are signed with an expiry (app.ts); one without is verified again on each request, not cached.
  const verified = { sub, sid, expiresAt: typeof exp === 'number' ? exp * 1000 : 0 };
  if (typeof exp === 'number') cache.set(token, verified);
  return verified;
}

/**
 * preHandler for member routes: missing token → 401 UNAUTHORIZED; bad signature, wrong algorithm, expired or
 * revoked session → 401 invalid-token. The header is read as @fastify/jwt reads it ("Bearer <token>", one space).
 */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  if (!header || !/^Bearer\s+\S+/i.test(header)) throw new AppError('UNAUTHORIZED', 401);
  const parts = header.split(' ');
  const token = parts.length === 2 ? parts[1] : undefined;
  if (!token) throw new AppError('invalid-token', 401);
  const { sub, sid } = verifyToken(request, token);
  await request.server.sessions.checkSession(sub, sid);
  request.auth = { memberId: sub, sessionId: sid };
}

/**
 * preHandler for a member route the operator can switch off (an operator setting, on by default): off → 403 with
 * the feature's own catalogue code (INVITE_INACTIVE, REFUND_INACTIVE). Goes after requireMember and the route's
 * idempotency check (`idempotent(requireMember, whileOn(…))`): the refusal is the key's answer, stored and given
 * again to every retry with that key, even after the operator switched the feature back on.
 */
export function whileOn(key: SettingKey, code: ErrorCode) {
  return async function settingOn(request: FastifyRequest): Promise<void> {
    if (!(await request.server.ctx.settings.get(key))) throw new AppError(code, 403);
  };
}

/** The authenticated member (only valid after requireMember). */
export function auth(request: FastifyRequest): { memberId: string; sessionId: string } {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 401);
  return request.auth;
}

/** The page cookie a remembered session's front end writes (shared/src/auth/session.ts `PAGE_COOKIE`). */
export const PAGE_COOKIE = 'wl_page';

/**
 * The member of a page load under /user, from the page cookie: the same token checks as `requireMember` (signature,
 * expiry, a live session of an active member), or undefined — never an error. Used only to paint the member's
 * first screen into the page (platform/static.ts); no API route accepts the cookie.
 */
export async function pageMember(request: FastifyRequest): Promise<string | undefined> {
  // Parsed (and URL-decoded) by @fastify/cookie, as the console's session cookie is.
  const token = request.cookies[PAGE_COOKIE];
  if (!token) return undefined;
  try {
    const { sub, sid } = verifyToken(request, token);
    await request.server.sessions.checkSession(sub, sid);
    return sub;
  } catch {
    return undefined;
  }
}
