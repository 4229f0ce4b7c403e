import type { Limits } from '../../platform/limits';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';

/** The deposit requests a member may make only so often (numbers in platform/limits.ts, docs/server.md). */
export type DepositAction = 'slip' | 'qr' | 'notice';

const perMinuteAndHour = (limits: Limits, action: DepositAction): [number, number] => {
  switch (action) {
    case 'slip':
      return [limits.slipUploadsPerMinute, limits.slipUploadsPerHour];
    case 'qr':
      return [limits.qrCreatesPerMinute, limits.qrCreatesPerHour];
    case 'notice':
      return [limits.depositNoticesPerMinute, limits.depositNoticesPerHour];
  }
};

/**
 * Reserves one request of the member for this action in a 1-minute and a 1-hour window at once (atomically, in
 * Redis when configured): the minute full → 429 REQUEST_LIMIT_1MIN, the hour full → 429 REQUEST_LIMIT. Called
 * before the request does any work; an Idempotency-Key replay never gets here (it is answered before the handler).
 */
export async function reserveDeposit(
  store: RateLimitStore,
  limits: Limits,
  action: DepositAction,
  memberId: string,
): Promise<void> {
  const [perMinute, perHour] = perMinuteAndHour(limits, action);
  await reserveOrThrow(
    store,
    [
      { key: `dep:${action}:m:${memberId}`, limit: perMinute, windowMs: 60_000, code: 'REQUEST_LIMIT_1MIN' },
      { key: `dep:${action}:h:${memberId}`, limit: perHour, windowMs: 3600_000, code: 'REQUEST_LIMIT' },
    ],
    // A member's deposits keep working while Redis is down, counted per process (docs/server.md).
    'count-here',
  );
}
