import type { RefObject } from 'react';
import { Button, Html, Modal, useTranslation } from '@wallet/shared';
import type { Slice, SpinOutcome } from './api';

export interface PrizeModalProps {
  outcome: SpinOutcome;
  /** The slice the wheel stopped on, for its description. */
  slice: Slice | undefined;
  /** Closing reloads the setup and the coupons (spec §4). */
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * What the spin won (spec §2 "prize modal"): the label of the slice and its description (server html, sanitised);
 * a winning spin points to its coupon in the table, a slice without a prize says to try again.
 */
export function PrizeModal({ outcome, slice, onClose, returnFocus }: PrizeModalProps) {
  const { t } = useTranslation('spin');
  const won = outcome.couponId !== null;
  return (
    <Modal
      open
      onClose={onClose}
      title={won ? t('prize.title') : t('prize.titleNone')}
      size="sm"
      returnFocus={returnFocus}
      className="spin-prize"
      data-testid="spin-prize-modal"
      footer={
        <Button block onClick={onClose} data-testid="spin-prize-close">
          {t('common:actions.ok')}
        </Button>
      }
    >
      <p className="spin-prize__label" data-testid="spin-prize-label">
        {won ? t('prize.won', { label: outcome.label }) : t('prize.stoppedOn', { label: outcome.label })}
      </p>
      {slice?.htmlDescription && (
        <Html
          html={slice.htmlDescription}
          className="spin-prize__description"
          data-testid="spin-prize-html"
        />
      )}
      <p className="spin-prize__next">{won ? t('prize.coupon') : t('prize.tryAgain')}</p>
    </Modal>
  );
}
