import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/**
 * The operator secret's check (`X-Ops-Secret`, DATA_DIR/secrets.json or OPS_SECRET): constant-time whatever the
 * lengths (both sides hashed). Used by the operator guard (features/operators/guard.ts) and by GET /metrics.
 */
export function opsSecretCheck(secret: string): (given: string) => boolean {
  const expected = digest(secret);
  return (given) => timingSafeEqual(digest(given), expected);
}
