import type { QrMinimumOverrides } from '../../platform/config';
import type { QrChannel } from './tables';

/**
 * Money-in settings the spec leaves to configuration (§5, §9): QR minimums (PAYTIMZ and ZPAY may be overridden,
 * KBANK's generic minimum is configurable), QR lifetime, slip size limit. The overrides come from the app's
 * config (platform/config.ts reads and checks them): in the environment they are in the channel's currency, baht
 * for the Thai channels (e.g. `MONEY_IN_QR_MIN_ZPAY=20`), whole kip for the Lao QR (`MONEY_IN_QR_MIN_LAOQR=20000`).
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

export function moneyInOptions(overrides: QrMinimumOverrides = {}): MoneyInOptions {
  return {
    qrMinimum: {
      KBANK: overrides.KBANK ?? 100,
      WW: 10_000,
      PAYONEX: 10_000,
      PAYTIMZ: overrides.PAYTIMZ ?? 1_000,
      ZPAY: overrides.ZPAY ?? 1_000,
      // Kip has no minor unit in use: the ledger's LAK unit is one kip.
      LAOQR: overrides.LAOQR ?? 10_000,
    },
    qrTtlMs: 15 * 60_000,
    slipMaxBytes: 5 * 1024 * 1024,
    slipUrlTtlMs: 5 * 60_000,
    giftLinkMinimum: 200,
  };
}
