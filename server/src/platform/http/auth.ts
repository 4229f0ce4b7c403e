import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** What member routes need of the accounts feature: is this (member, session) pair a live session? */
export interface SessionVerifier {
  /** Throws invalid-token (unknown, revoked or expired session) or INACTIVE_USER. */
  checkSession(memberId: string, sessionId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Provided by the accounts feature (`app.decorate('sessions', …)`); used by requireMember. */
    sessions: SessionVerifier;
  }
}

/**
 * preHandler for member routes: missing token → 401 UNAUTHORIZED; bad signature, wrong algorithm, expired or
 * revoked session → 401 invalid-token.
 */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  if (!header || !/^Bearer\s+\S+/i.test(header)) throw new AppError('UNAUTHORIZED', 401);
  let payload: { sub: string; sid: string };
  try {
    payload = await request.jwtVerify();
  } catch {
    throw new AppError('invalid-token', 401);
  }
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
    throw new AppError('invalid-token', 401);
  }
  await request.server.sessions.checkSession(payload.sub, payload.sid);
  request.auth = { memberId: payload.sub, sessionId: payload.sid };
}

/** The authenticated member (only valid after requireMember). */
export function auth(request: FastifyRequest): { memberId: string; sessionId: string } {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 401);
  return request.auth;
}
