import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/**
 * The onRequest hook of every operator route (`/ops`): the ops secret (DATA_DIR/secrets.json or OPS_SECRET) in
 * the X-Ops-Secret header, compared in constant time. Missing → 401 KEY_MISSING, wrong → 403 KEY_INVALID.
 */
export function requireOperator(ctx: AppContext): onRequestAsyncHookHandler {
  const expected = digest(ctx.secrets.opsSecret);
  return async (request) => {
    const given = request.headers['x-ops-secret'];
    if (typeof given !== 'string' || given === '') throw new AppError('KEY_MISSING', 401);
    // Hash both sides so the comparison is constant-time whatever the lengths.
    if (!timingSafeEqual(digest(given), expected)) throw new AppError('KEY_INVALID', 403);
  };
}
