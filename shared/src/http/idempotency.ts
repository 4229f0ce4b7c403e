import type { AxiosRequestConfig } from 'axios';

/** The header every money-moving call carries (docs/wallet-api.md "Idempotency"). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh key for one user action (a tap on "transfer", "withdraw", "create QR"...). Keep it while that action is
 * retried (a timeout, a lost answer) so the server moves the money at most once; make a new one for the next action.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served without a secure context have no randomUUID; getRandomValues is available everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Request config carrying `Idempotency-Key`. Without a key, a new one is made for this single call (so even a
 * caller that forgot still gets the server's protection for that request; retries then need the caller's key).
 */
export function withIdempotencyKey(
  key: string | undefined,
  config: AxiosRequestConfig = {},
): AxiosRequestConfig {
  return {
    ...config,
    headers: {
      ...(config.headers as Record<string, string> | undefined),
      [IDEMPOTENCY_HEADER]: key ?? newIdempotencyKey(),
    },
  };
}
