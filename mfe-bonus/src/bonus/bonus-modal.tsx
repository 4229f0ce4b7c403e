import { useId } from 'react';
import {
  bus,
  Button,
  Carousel,
  Modal,
  newIdempotencyKey,
  showAlert,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { bonusApi, type Bonus } from './api';
import { moneyText, noticeText, receiveErrorText, rewardText } from './bonus-text';
import type { MoneyFormat } from './use-bonus-data';

export interface BonusModalProps {
  bonus: Bonus;
  format: MoneyFormat;
  notice: string | null;
  /** The member has an open bonus (this one or another): only a confirm button, no receive. */
  anyActive: boolean;
  /** `true` when the bonus was received. */
  onClose: (received: boolean) => void;
}

const CATEGORIES = ['slot', 'sport', 'lotto'] as const;

/**
 * A bonus's window (spec §2): its banners in a carousel, its rules, the notice with its failure percentage, and
 * the receive button — or, while a bonus is open, only a confirm button. A refused receive shows an error dialog
 * (spec §8); a received one a success dialog.
 */
export function BonusModal({ bonus, format, notice, anyActive, onClose }: BonusModalProps) {
  const { t } = useTranslation('bonus');
  const receive = useAsyncAction(bonusApi.activate, {
    onError: (error) =>
      void showAlert({ kind: 'error', message: receiveErrorText(t, error, format, bonus.minDeposit) }),
  });

  const onReceive = async () => {
    const result = await receive.run(bonus.code, newIdempotencyKey());
    if (!result.ok) return;
    bus.emit('wallet:changed', { reason: 'bonus' });
    onClose(true);
    void showAlert({
      kind: 'success',
      message: t('bonus.modal.received', { amount: moneyText(t, result.value.amount, format) }),
    });
  };

  const { turnover } = bonus;
  const rulesId = useId();
  return (
    <Modal
      open
      onClose={() => onClose(false)}
      title={bonus.name}
      size="lg"
      dismissible={!receive.busy}
      className="bonus-modal"
      data-testid="bonus-modal"
      footer={
        anyActive ? (
          <Button block onClick={() => onClose(false)} data-testid="bonus-confirm">
            {t('common:actions.confirm')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={() => onClose(false)} disabled={receive.busy}>
              {t('common:actions.close')}
            </Button>
            <Button busy={receive.busy} onClick={() => void onReceive()} data-testid="bonus-receive">
              {t('bonus.modal.receive')}
            </Button>
          </>
        )
      }
    >
      {bonus.banners.length > 0 && <Carousel slides={bonus.banners} className="bonus-modal__carousel" />}
      {/* Focusable, so a keyboard can reach and scroll the window's text when it is taller than the screen. */}
      <section className="bonus-modal__rules" tabIndex={0} aria-labelledby={rulesId}>
        <h3 id={rulesId} className="bonus-modal__subtitle">
          {t('bonus.modal.rules')}
        </h3>
        <dl className="bonus-facts bonus-facts--rules" data-testid="bonus-rules">
          <div>
            <dt>{t('bonus.modal.reward')}</dt>
            <dd>{rewardText(t, bonus, format)}</dd>
          </div>
          <div>
            <dt>{t('bonus.modal.minimum')}</dt>
            <dd>
              {bonus.minDeposit > 0 ? moneyText(t, bonus.minDeposit, format) : t('bonus.modal.noMinimum')}
            </dd>
          </div>
          <div>
            <dt>{t('bonus.modal.howOften')}</dt>
            <dd>{t(`bonus.modal.often.${bonus.type}`, { count: bonus.maxReceived })}</dd>
          </div>
          <div>
            <dt>{t('bonus.modal.turnover')}</dt>
            <dd>
              {turnover.multiple > 0
                ? t(`bonus.modal.turnoverBase.${turnover.base}`, { multiple: turnover.multiple })
                : t('bonus.modal.noTurnover')}
            </dd>
          </div>
          {turnover.multiple > 0 && (
            <div>
              <dt>{t('bonus.modal.contributions')}</dt>
              <dd>
                <ul className="bonus-contributions">
                  {CATEGORIES.map((category) => (
                    <li key={category}>
                      {t('bonus.modal.contribution', {
                        category: t(`bonus.modal.category.${category}`),
                        percent: turnover.contributions[category],
                      })}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
          <div>
            <dt>{t('bonus.modal.cancelling')}</dt>
            <dd>{bonus.cancellable ? t('bonus.modal.cancellable') : t('bonus.modal.notCancellable')}</dd>
          </div>
        </dl>
        <p className="bonus-notice" data-testid="bonus-notice">
          {noticeText(t, notice, bonus.percentFail)}
        </p>
        {anyActive && (
          <p className="bonus-modal__active" data-testid="bonus-modal-active">
            {bonus.userBonus?.isActive ? t('bonus.modal.thisActive') : t('bonus.modal.otherActive')}
          </p>
        )}
      </section>
    </Modal>
  );
}
