import { currencyScale, formatMoney, majorToMinor, type Currency } from '@wallet/shared';

/** What a screen needs to read and show amounts of the member's wallet currency. */
export interface MoneyFormat {
  currency: Currency;
  /** Decimal places of the minor unit (THB 2, LAK 0). */
  scale: number;
}

export function moneyFormat(currency: Currency | string | undefined): MoneyFormat {
  const known: Currency = currency === 'LAK' ? 'LAK' : 'THB';
  return { currency: known, scale: currencyScale(known) };
}

/** `formatMoney` in the member's currency. */
export function showMoney(minor: number, format: MoneyFormat): string {
  return formatMoney(minor, format.scale);
}

/** Minor units of whole major units: the 1-baht transfer minimum is `minorOf(1, format)`. */
export function minorOf(major: number, format: MoneyFormat): number {
  return majorToMinor(major, format.scale);
}

/** Major units of an amount in minor units, for messages ("at least 100"). */
export function majorOf(minor: number, format: MoneyFormat): string {
  return formatMoney(minor, format.scale).replace(/\.00$/, '');
}
