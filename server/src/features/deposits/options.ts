import type { QrChannel } from './tables';

/**
 * Money-in settings the spec leaves to configuration (§5, §9): QR minimums (PAYTIMZ and ZPAY may be overridden,
 * KBANK's generic minimum is configurable), QR lifetime, slip size limit. Read from the environment when the app
 * is built; amounts in the environment are in the channel's currency: baht for the Thai channels (e.g.
 * `MONEY_IN_QR_MIN_ZPAY=20`), whole kip for the Lao QR (`MONEY_IN_QR_MIN_LAOQR=20000`).
 */
export interface MoneyInOptions {
  /** Minimum QR amount per channel, minor units. */
  qrMinimum: Record<QrChannel, number>;
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

function kipFromEnv(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new Error(`money-in: expected a whole number of kip of at least 1, got "${raw}"`);
  return n;
}

export function moneyInOptions(env: NodeJS.ProcessEnv = process.env): MoneyInOptions {
  return {
    qrMinimum: {
      KBANK: bahtFromEnv(env.MONEY_IN_QR_MIN_KBANK, 100),
      WW: 10_000,
      PAYONEX: 10_000,
      PAYTIMZ: bahtFromEnv(env.MONEY_IN_QR_MIN_PAYTIMZ, 1_000),
      ZPAY: bahtFromEnv(env.MONEY_IN_QR_MIN_ZPAY, 1_000),
      // Kip has no minor unit in use: the ledger's LAK unit is one kip.
      LAOQR: kipFromEnv(env.MONEY_IN_QR_MIN_LAOQR, 10_000),
    },
    qrTtlMs: 15 * 60_000,
    slipMaxBytes: 5 * 1024 * 1024,
    slipUrlTtlMs: 5 * 60_000,
    giftLinkMinimum: 200,
  };
}
