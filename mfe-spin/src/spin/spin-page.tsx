import { useRef, useState } from 'react';
import {
  isApiError,
  Link,
  newIdempotencyKey,
  ReadStatus,
  showAlert,
  translateErrorCode,
  useTranslation,
} from '@wallet/shared';
import { spinApi, type Coupon, type Slice, type SpinOutcome } from './api';
import { ClaimModal } from './claim-modal';
import { CouponTable } from './coupon-table';
import { PrizeModal } from './prize-modal';
import type { FrameScheduler } from './spin-animation';
import { SpinWheel } from './spin-wheel';
import { useMoneyFormat, useSpinData } from './use-spin-data';
import './spin.css';

export interface SpinPageProps {
  /** Frames and clock of the wheel's animation; tests step them by hand. */
  frames?: FrameScheduler;
  /** Source of the turns and the landing offset, `[0, 1)`. */
  random?: () => number;
  /** Overrides `prefers-reduced-motion`. */
  reducedMotion?: boolean;
}

/**
 * /user/spin (spec §2): the active wheel under its name with the coin count in its centre button, the member's
 * coupons (3 a page) with their claim window, the prize window after a spin. With no active wheel the page says the
 * wheel is closed (coupons already won can still be claimed). Live: the setup and the coupons are read again on
 * `wallet:changed` and whenever a window of the page closes.
 */
export function SpinPage({ frames, random, reducedMotion }: SpinPageProps) {
  const { t } = useTranslation('spin');
  const data = useSpinData();
  const format = useMoneyFormat();
  const spinButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Where focus goes when the prize window (which opened by itself) closes: the wheel's button, or the heading
  // when the button is locked (no coins left).
  const afterPrize = useRef<HTMLElement | null>(null);
  const [prize, setPrize] = useState<{ outcome: SpinOutcome; slice: Slice | undefined } | null>(null);
  const [claiming, setClaiming] = useState<Coupon | null>(null);
  const wheel = data.setup?.activeSpinwheel ?? null;

  const spin = async (): Promise<SpinOutcome | null> => {
    try {
      const answer = await spinApi.spin(newIdempotencyKey());
      data.setCoins(answer.result.remainingCoin);
      return answer.result;
    } catch (caught) {
      const error = isApiError(caught) ? caught : null;
      // SPIN_NO_COIN: the catalogue's text of the rule (error.message); a server before that code answered
      // MONEY_NOT_ENOUGH for the same refusal.
      let message = error?.message ?? translateErrorCode('UNKNOWN');
      if (error?.code === 'MONEY_NOT_ENOUGH') message = t('wheel.noCoins');
      else if (error?.code === 'NO_DATA') message = t('wheel.closed');
      void showAlert({ kind: 'error', message });
      // The coins (or the wheel itself) are not what the page showed: read them again.
      data.refresh();
      return null;
    }
  };

  return (
    <section className="spin-page" data-testid="spin-page">
      <h1 ref={heading} className="spin-page__title" tabIndex={-1}>
        {wheel?.name || t('title')}
      </h1>
      <ReadStatus
        loading={data.loading}
        failed={data.failed}
        message={t('wheel.loadFailed')}
        onRetry={data.refresh}
        className="spin-page__failed"
      />
      {data.setup && !wheel && (
        <p className="spin-page__closed" data-testid="spin-closed">
          {t('wheel.closed')}
        </p>
      )}
      {data.setup && wheel && wheel.slice.length > 0 && (
        <SpinWheel
          wheel={wheel}
          coins={data.setup.userCoin}
          onSpin={spin}
          onPrize={(outcome, slice) => setPrize({ outcome, slice })}
          buttonRef={spinButton}
          frames={frames}
          random={random}
          reducedMotion={reducedMotion}
        />
      )}
      {wheel && (
        <p className="spin-page__verify">
          <Link to="/user/spin/verify" data-testid="spin-verify-link">
            {t('wheel.verifyLink')}
          </Link>
        </p>
      )}

      <h2 className="spin-page__section">{t('coupons.title')}</h2>
      {data.coupons && <CouponTable coupons={data.coupons} format={format} onClaim={setClaiming} />}

      {prize && (
        <PrizeModal
          outcome={prize.outcome}
          slice={prize.slice}
          returnFocus={afterPrize}
          onClose={() => {
            const button = spinButton.current;
            afterPrize.current = button && !button.disabled ? button : heading.current;
            setPrize(null);
            data.refresh();
          }}
        />
      )}
      {claiming && (
        <ClaimModal
          coupon={claiming}
          format={format}
          onClose={() => {
            setClaiming(null);
            data.refresh();
          }}
        />
      )}
    </section>
  );
}
