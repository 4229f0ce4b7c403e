import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors';
import { opsSecretCheck } from '../../platform/http/ops-secret';
import type { Actor } from './audit';
import type { Role } from './tables';

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator of an /api/ops request, set by `requireOperator` (the CLI: `cli`, admin). */
    operator: (Actor & { sessionId: string | null }) | null;
  }
  interface FastifyContextConfig {
    /** Roles an operator route admits; none given: admin only. */
    roles?: readonly Role[];
  }
}

/** The console's session cookie: HttpOnly, SameSite=Strict, Secure in production. */
export const OPS_COOKIE = 'wl_ops';
/**
 * A state-changing console request carries this header with the value `ops-console`: a page of another site
 * cannot send a custom header without a CORS preflight, which this server refuses (CSRF).
 */
export const OPS_CSRF_HEADER = 'x-requested-with';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The onRequest hook of every operator route (`/api/ops`, except the sign-in steps): who is asking, and may they?
 * - The CLI: the operator secret in X-Ops-Secret (constant-time); wrong → 403 KEY_INVALID. It acts as admin.
 * - The console: the session cookie of a signed-in operator (password and TOTP) → else 401 UNAUTHORIZED or
 *   EXPIRED_AUTH_TOKEN; a state-changing request without the console's header → 403 KEY_INVALID.
 * - Neither → 401 KEY_MISSING.
 * Then the route's roles (`config.roles`, admin only when none): another role → 403 KEY_INVALID.
 */
export function requireOperator(app: FastifyInstance): onRequestAsyncHookHandler {
  const matches = opsSecretCheck(app.ctx.secrets.opsSecret);
  return async (request) => {
    request.operator = await identify(app, request, matches);
    const roles = request.routeOptions.config.roles ?? ['admin'];
    if (!roles.includes(request.operator.role as Role)) throw new AppError('KEY_INVALID', 403);
  };
}

async function identify(
  app: FastifyInstance,
  request: FastifyRequest,
  matches: (given: string) => boolean,
): Promise<Actor & { sessionId: string | null }> {
  const given = request.headers['x-ops-secret'];
  if (typeof given === 'string' && given !== '') {
    // Hash both sides so the comparison is constant-time whatever the lengths.
    if (!matches(given)) throw new AppError('KEY_INVALID', 403);
    return { id: null, username: 'cli', role: 'admin', ip: request.ip, sessionId: null };
  }
  const token = request.cookies[OPS_COOKIE];
  if (token === undefined || token === '') throw new AppError('KEY_MISSING', 401);
  const session = await app.operators.session(token);
  if (session.stage !== 'full') throw new AppError('UNAUTHORIZED', 401);
  if (!SAFE_METHODS.has(request.method) && request.headers[OPS_CSRF_HEADER] !== 'ops-console')
    throw new AppError('KEY_INVALID', 403);
  return { ...session.operator, ip: request.ip, sessionId: session.sessionId };
}

/** The operator of a guarded request (the hook has run). */
export function actorOf(request: FastifyRequest): Actor {
  const op = request.operator;
  if (!op) throw new AppError('KEY_MISSING', 401);
  return { id: op.id, username: op.username, role: op.role, ip: op.ip };
}
