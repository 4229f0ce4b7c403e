/**
 * Money-in settings the spec leaves to configuration (§5, §9): QR minimums (PAYTIMZ and ZPAY may be overridden,
 * KBANK's generic minimum is configurable), QR lifetime, slip size limit. Read from the environment when the app
 * is built; amounts in the environment are in baht (e.g. `MONEY_IN_QR_MIN_ZPAY=20`).
 */
export interface MoneyInOptions {
  /** Minimum QR amount per channel, minor units. */
  qrMinimum: Record<'KBANK' | 'WW' | 'PAYTIMZ' | 'PAYONEX' | 'ZPAY', number>;
  qrTtlMs: number;
  slipMaxBytes: number;
  /** How long a signed slip-image URL stays valid. */
  slipUrlTtlMs: number;
  /** Gift-link minimum, minor units (2 baht). */
  giftLinkMinimum: number;
}

function bahtFromEnv(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 1)
    throw new Error(`money-in: expected an amount of at least 1 baht, got "${raw}"`);
  return Math.round(n * 100);
}

export function moneyInOptions(env: NodeJS.ProcessEnv = process.env): MoneyInOptions {
  return {
    qrMinimum: {
      KBANK: bahtFromEnv(env.MONEY_IN_QR_MIN_KBANK, 100),
      WW: 10_000,
      PAYONEX: 10_000,
      PAYTIMZ: bahtFromEnv(env.MONEY_IN_QR_MIN_PAYTIMZ, 1_000),
      ZPAY: bahtFromEnv(env.MONEY_IN_QR_MIN_ZPAY, 1_000),
    },
    qrTtlMs: 15 * 60_000,
    slipMaxBytes: 5 * 1024 * 1024,
    slipUrlTtlMs: 5 * 60_000,
    giftLinkMinimum: 200,
  };
}
