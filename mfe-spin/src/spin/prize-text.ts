import { formatMoney, type useTranslation } from '@wallet/shared';
import type { Coupon } from './api';
import type { MoneyFormat } from './use-spin-data';

type T = ReturnType<typeof useTranslation<'spin'>>['t'];

/** An amount in the member's currency, with the currency's name: `20.00 baht`, `12,000 kip`. */
export function moneyText(t: T, amount: number, format: MoneyFormat): string {
  return `${formatMoney(amount, format.scale)} ${t(`common:currency.${format.currency}`)}`;
}

/** What a coupon pays: money and bonus prizes as money, coins as `3 coins`, nothing as "No prize". */
export function prizeAmountText(t: T, coupon: Pick<Coupon, 'prize' | 'amount'>, format: MoneyFormat): string {
  switch (coupon.prize.kind) {
    case 'coins':
      return t('coupons.coins', { count: coupon.amount });
    case 'money':
    case 'bonus':
      return moneyText(t, coupon.amount, format);
    default:
      return t('coupons.none');
  }
}
