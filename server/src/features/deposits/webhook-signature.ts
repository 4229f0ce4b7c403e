import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures: `X-Signature` = hex HMAC-SHA256 over `timestamp + "." + rawBody` with the webhook secret,
 * `X-Timestamp` = epoch milliseconds. Older (or further in the future) than five minutes → refused, so a captured
 * delivery cannot be replayed later; a replay inside the window is harmless because deliveries are idempotent on
 * the transaction id.
 */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export function signWebhook(secret: string, timestamp: number | string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'bad';

export function verifyWebhook(
  secret: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  rawBody: string,
  nowMs: number,
): SignatureCheck {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp) return 'missing';
  if (!/^\d{10,16}$/.test(timestamp)) return 'bad';
  if (Math.abs(nowMs - Number(timestamp)) > SIGNATURE_TOLERANCE_MS) return 'stale';
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length) return 'bad';
  return timingSafeEqual(given, expected) ? 'ok' : 'bad';
}
