import { useRef, useState } from 'react';
import {
  bus,
  Button,
  formatDateTime,
  isApiError,
  Modal,
  newIdempotencyKey,
  showAlert,
  translateErrorCode,
  useTranslation,
  type ApiError,
} from '@wallet/shared';
import { spinApi, type Coupon } from './api';
import { prizeAmountText } from './prize-text';
import type { MoneyFormat } from './use-spin-data';

/** Spec §9: clicks on the claim confirmation within 500 ms of the one that counted are ignored. */
export const CLAIM_DEBOUNCE_MS = 500;

export interface ClaimModalProps {
  coupon: Coupon;
  format: MoneyFormat;
  /** The modal closed; the page reloads the setup and the coupons (spec §4). */
  onClose: () => void;
  /** The clock of the debounce; tests may pass their own. */
  now?: () => number;
}

function asApiError(error: unknown): ApiError | null {
  return isApiError(error) ? error : null;
}

/**
 * The claim window of a coupon (spec §2): what it pays and until when, and the confirmation. One confirmation is
 * one claim: a second click within 500 ms, or while the request runs, sends nothing; the Idempotency-Key is kept
 * while the same confirmation is retried after an answer that never arrived (so the server pays once), and renewed
 * after the server answered. Success: an alert titled "claim success" with the prize's label, and
 * `wallet:changed` so every balance on the page reloads. A refusal: an alert titled error with the server's code
 * translated (spec §8), and the window closes.
 */
export function ClaimModal({ coupon, format, onClose, now = Date.now }: ClaimModalProps) {
  const { t } = useTranslation('spin');
  const [busy, setBusy] = useState(false);
  const [unanswered, setUnanswered] = useState(false);
  const key = useRef<string>(newIdempotencyKey());
  const running = useRef(false);
  const lastAccepted = useRef<number>(Number.NEGATIVE_INFINITY);

  const confirm = async () => {
    const at = now();
    if (running.current || at - lastAccepted.current < CLAIM_DEBOUNCE_MS) return;
    lastAccepted.current = at;
    running.current = true;
    setBusy(true);
    try {
      const answer = await spinApi.claim(coupon._id, key.current);
      bus.emit('wallet:changed', { reason: 'spin' });
      onClose();
      void showAlert({
        kind: 'success',
        title: t('claim.successTitle'),
        message: t('claim.success', { label: answer.prize.slice || coupon.prize.slice }),
      });
    } catch (caught) {
      const error = asApiError(caught);
      // No answer (network, timeout): the claim may have gone through, so the retry keeps the key and the server
      // answers it with the first answer. Any answer settles this key: the next confirmation is a new claim.
      const lost = error === null || error.status === null;
      if (!lost) key.current = newIdempotencyKey();
      setUnanswered(lost);
      // A refusal is final for this coupon as shown (claimed, expired, held by a bonus): the window closes and the
      // list is read again; after a lost answer it stays open for the retry.
      if (!lost) onClose();
      void showAlert({ kind: 'error', message: error?.message ?? translateErrorCode('UNKNOWN') });
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!running.current) onClose();
      }}
      dismissible={!busy}
      title={t('claim.title')}
      size="sm"
      className="spin-claim"
      data-testid="spin-claim-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button busy={busy} onClick={() => void confirm()} data-testid="spin-claim-confirm">
            {t('claim.confirm')}
          </Button>
        </>
      }
    >
      <dl className="spin-claim__facts">
        <div>
          <dt>{t('coupons.slice')}</dt>
          <dd>{coupon.prize.slice}</dd>
        </div>
        <div>
          <dt>{t('coupons.prize')}</dt>
          <dd>{coupon.prize.name}</dd>
        </div>
        <div>
          <dt>{t('coupons.amount')}</dt>
          <dd data-testid="spin-claim-amount">{prizeAmountText(t, coupon, format)}</dd>
        </div>
        <div>
          <dt>{t('coupons.expires')}</dt>
          <dd>
            <time dateTime={coupon.expiresAt}>{formatDateTime(coupon.expiresAt)}</time>
          </dd>
        </div>
      </dl>
      <p className="spin-claim__question">{t('claim.question')}</p>
      {unanswered && (
        <p className="spin-claim__retry" role="status" data-testid="spin-claim-retry">
          {t('claim.retryHint')}
        </p>
      )}
    </Modal>
  );
}
