import { useState } from 'react';
import { Button, formatDateTime, pageCount, Pagination, useTranslation } from '@wallet/shared';
import type { Coupon } from './api';
import { prizeAmountText } from './prize-text';
import type { MoneyFormat } from './use-spin-data';

/** Spec §9: the coupon table shows 3 coupons a page. */
export const COUPONS_PER_PAGE = 3;

export interface CouponTableProps {
  coupons: readonly Coupon[];
  format: MoneyFormat;
  onClaim: (coupon: Coupon) => void;
}

/**
 * The member's claimable coupons (spec §2): index, slice label, prize name, amount, a claim button and the date
 * it can be claimed until, 3 a page. On a phone each row reads as a card (the column names before the values).
 */
export function CouponTable({ coupons, format, onClaim }: CouponTableProps) {
  const { t } = useTranslation('spin');
  const [page, setPage] = useState(1);
  const pages = pageCount(coupons.length, COUPONS_PER_PAGE);
  // A claim or an expiry can shorten the list under the current page.
  const current = Math.min(page, pages);
  const first = (current - 1) * COUPONS_PER_PAGE;
  const shown = coupons.slice(first, first + COUPONS_PER_PAGE);

  if (coupons.length === 0) {
    return (
      <p className="spin-empty" data-testid="spin-coupons-empty">
        {t('coupons.empty')}
      </p>
    );
  }
  return (
    <>
      <table className="spin-coupons" data-testid="spin-coupons">
        <caption className="wl-visually-hidden">{t('coupons.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('coupons.index')}</th>
            <th scope="col">{t('coupons.slice')}</th>
            <th scope="col">{t('coupons.prize')}</th>
            <th scope="col">{t('coupons.amount')}</th>
            <th scope="col">{t('coupons.expires')}</th>
            <th scope="col">
              <span className="wl-visually-hidden">{t('coupons.action')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((coupon, i) => (
            <tr key={coupon._id} data-testid="spin-coupon">
              <td data-label={t('coupons.index')} className="spin-coupons__index">
                {first + i + 1}
              </td>
              <td data-label={t('coupons.slice')}>{coupon.prize.slice}</td>
              <td data-label={t('coupons.prize')}>{coupon.prize.name}</td>
              <td data-label={t('coupons.amount')} data-testid="spin-coupon-amount">
                {prizeAmountText(t, coupon, format)}
              </td>
              <td data-label={t('coupons.expires')}>
                <time dateTime={coupon.expiresAt}>{formatDateTime(coupon.expiresAt)}</time>
              </td>
              <td className="spin-coupons__action">
                <Button
                  onClick={() => onClaim(coupon)}
                  aria-label={t('coupons.claimLabel', { prize: coupon.prize.name })}
                  data-testid="spin-coupon-claim"
                >
                  {t('coupons.claim')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={current} pageCount={pages} onPageChange={setPage} className="spin-coupons__pages" />
    </>
  );
}
