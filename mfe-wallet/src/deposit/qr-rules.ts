import { toMinorUnits } from '@wallet/shared';
import type { DepositBank, QrChannel, QrChannelSetting } from './api';
import { minorOf, type MoneyFormat } from '../common/money';

/**
 * Spec §5 and §9, in major units: used when the deposit lookup does not name a channel's settings (the Lao QR's in
 * kip, docs/money-in.md).
 */
const DEFAULTS: Record<QrChannel, { minimum: number; quickAmounts: number[] }> = {
  KBANK: { minimum: 1, quickAmounts: [10, 20, 50, 100, 500, 1000] },
  WW: { minimum: 100, quickAmounts: [100, 200, 300, 500, 1000] },
  PAYONEX: { minimum: 100, quickAmounts: [100, 200, 300, 500, 1000] },
  PAYTIMZ: { minimum: 10, quickAmounts: [10, 50, 100, 500, 1000] },
  ZPAY: { minimum: 10, quickAmounts: [10, 50, 100, 500, 1000] },
  LAOQR: { minimum: 10_000, quickAmounts: [50_000, 100_000, 200_000, 500_000, 1_000_000] },
};

export const DEFAULT_QR_CHANNELS: readonly QrChannel[] = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'];

/** The channel's minimum and quick amounts in minor units: the server's (a build may override some), else §9's. */
export function qrChannelSetting(
  channel: QrChannel,
  fromLookup: readonly QrChannelSetting[] | undefined,
  format: MoneyFormat,
): QrChannelSetting {
  const served = fromLookup?.find((s) => s.channel === channel);
  if (served) return served;
  const fallback = DEFAULTS[channel];
  return {
    channel,
    minimum: minorOf(fallback.minimum, format),
    quickAmounts: fallback.quickAmounts.map((a) => minorOf(a, format)),
  };
}

/**
 * The channels offered: exactly those the lookup names, in its order. None when it names none (a kip wallet has
 * no QR channel) or has not answered: the client never offers a channel the server does not.
 */
export function offeredQrChannels(fromLookup: readonly QrChannelSetting[] | undefined): QrChannel[] {
  return (fromLookup ?? []).map((s) => s.channel);
}

export type QrCreateDecision =
  { kind: 'ignore' } | { kind: 'belowMinimum'; minimum: number } | { kind: 'create'; amount: number };

/**
 * Spec §5: an amount under 1 does nothing at all; under the channel's minimum (100 WW and PAYONEX, 10 PAYTIMZ and
 * ZPAY) the minimum is shown; otherwise the QR is created for the amount (minor units).
 */
export function decideQrCreate(
  amountText: string,
  setting: QrChannelSetting,
  format: MoneyFormat,
): QrCreateDecision {
  const amount = toMinorUnits(amountText, format.scale);
  if (amount === null || amount < minorOf(1, format)) return { kind: 'ignore' };
  if (amount < setting.minimum) return { kind: 'belowMinimum', minimum: setting.minimum };
  return { kind: 'create', amount };
}

/** Spec §5: the generic KBANK QR button is disabled at an amount of 0 or less. */
export function isKbankCreateDisabled(channel: QrChannel, amountText: string, format: MoneyFormat): boolean {
  if (channel !== 'KBANK') return false;
  const amount = toMinorUnits(amountText, format.scale);
  return amount === null || amount <= 0;
}

/** Whole seconds left until `expireIn` (epoch ms), never below 0. */
export function secondsLeft(expireIn: number, now: number): number {
  return Math.max(0, Math.ceil((expireIn - now) / 1000));
}

/** Spec §9: sport and casino deposits go by QR when the bank type is PAYMENT, or the bank is KBANK in SMS mode. */
export function depositsByQr(bank: Pick<DepositBank, 'bankType' | 'bankCode' | 'mode'>): boolean {
  return bank.bankType === 'PAYMENT' || (bank.bankCode === 'KBANK' && bank.mode === 'SMS');
}
