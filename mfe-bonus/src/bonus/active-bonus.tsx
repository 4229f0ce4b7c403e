import {
  bus,
  Button,
  confirm,
  formatDateTime,
  formatMoney,
  isApiError,
  newIdempotencyKey,
  showAlert,
  toast,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { bonusApi, type ActiveBonus, type ActiveCheck } from './api';
import { moneyText } from './bonus-text';
import type { MoneyFormat } from './use-bonus-data';

export interface ActiveBonusPanelProps {
  active: ActiveCheck;
  format: MoneyFormat;
  /** Called after the bonus was ended: the page reads its data again. */
  onEnded: () => void;
}

/**
 * The member's open bonus (spec §2): its name, type, amount and turnover progress, and the button that ends it —
 * "Finish bonus" once the turnover is met, else "Cancel bonus" — through a confirm dialog saying what cancelling
 * takes back. A refusal shows an alert titled "cancel bonus failure" (spec §8).
 */
export function ActiveBonusPanel({ active, format, onEnded }: ActiveBonusPanelProps) {
  const { t } = useTranslation('bonus');
  const bonus = active.bonus;
  const met = bonus?.met ?? false;
  const clear = useAsyncAction(bonusApi.clear, {
    onError: (error) =>
      void showAlert({
        kind: 'error',
        title: t('bonus.active.cancelFailedTitle'),
        message:
          error.code === 'BONUS_CONDITION' && error.field === 'games'
            ? t('bonus.active.gamesFirst')
            : error.message,
      }),
  });

  const onEnd = async () => {
    const agreed = await confirm({
      title: met ? t('bonus.active.finishTitle') : t('bonus.active.cancelTitle'),
      body: met
        ? t('bonus.active.finishQuestion')
        : t('bonus.active.cancelQuestion', {
            amount: moneyText(t, bonus?.forfeit ?? 0, format),
            percent: bonus?.percentFail ?? 0,
          }),
      confirmLabel: met ? t('bonus.active.finish') : t('bonus.active.cancel'),
      cancelLabel: t('bonus.active.keep'),
    });
    if (!agreed) return;
    const result = await clear.run(newIdempotencyKey());
    if (!result.ok) {
      // The answer never came: what the server did is unknown, so the page reads it again.
      if (result.error && isApiError(result.error) && result.error.status === null) onEnded();
      return;
    }
    toast.success(
      result.value.finished
        ? t('bonus.active.finished')
        : t('bonus.active.cancelled', { amount: moneyText(t, result.value.forfeited, format) }),
    );
    bus.emit('wallet:changed', { reason: 'bonus' });
    onEnded();
  };

  const type = active.type ?? null;
  return (
    <section className="bonus-active" data-testid="bonus-active" aria-labelledby="bonus-active-title">
      <p className="bonus-active__eyebrow">{t('bonus.active.title')}</p>
      <h2 id="bonus-active-title" className="bonus-active__name">
        {bonus?.name ?? t('bonus.active.title')}
      </h2>
      <dl className="bonus-facts">
        {type && (
          <div>
            <dt>{t('bonus.active.type')}</dt>
            <dd data-testid="bonus-active-type">{t(`bonus.type.${type}`)}</dd>
          </div>
        )}
        {bonus && (
          <div>
            <dt>{t('bonus.active.amount')}</dt>
            <dd data-testid="bonus-active-amount">{moneyText(t, bonus.amount, format)}</dd>
          </div>
        )}
        {bonus && bonus.deposit > 0 && (
          <div>
            <dt>{t('bonus.active.deposit')}</dt>
            <dd>{moneyText(t, bonus.deposit, format)}</dd>
          </div>
        )}
        {bonus?.promotion && (
          <div>
            <dt>{t('bonus.active.promotion')}</dt>
            <dd>{bonus.promotion}</dd>
          </div>
        )}
        {bonus && (
          <div>
            <dt>{t('bonus.active.since')}</dt>
            <dd>
              <time dateTime={bonus.activatedAt}>{formatDateTime(bonus.activatedAt)}</time>
            </dd>
          </div>
        )}
      </dl>
      {bonus && <TurnoverBar bonus={bonus} format={format} />}
      {bonus && !met && !bonus.cancellable && (
        <p className="bonus-active__note">{t('bonus.active.notCancellable')}</p>
      )}
      {bonus && met && <p className="bonus-active__note">{t('bonus.active.met')}</p>}
      <Button
        variant={met ? 'primary' : 'secondary'}
        block
        busy={clear.busy}
        onClick={() => void onEnd()}
        data-testid="bonus-cancel"
      >
        {met ? t('bonus.active.finish') : t('bonus.active.cancel')}
      </Button>
    </section>
  );
}

function TurnoverBar({ bonus, format }: { bonus: ActiveBonus; format: MoneyFormat }) {
  const { t } = useTranslation('bonus');
  const { needed, done, percent } = bonus.turnover;
  const shown = Math.max(0, Math.min(100, percent));
  const text = t('bonus.active.turnoverText', {
    done: formatMoney(done, format.scale),
    needed: formatMoney(needed, format.scale),
    currency: t(`common:currency.${format.currency}`),
    percent: shown,
  });
  return (
    <div className="bonus-turnover" data-testid="bonus-turnover">
      <p className="bonus-turnover__label" id="bonus-turnover-label">
        {t('bonus.active.turnover')}
      </p>
      <div
        className="bonus-turnover__track"
        role="progressbar"
        aria-labelledby="bonus-turnover-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={text}
      >
        <div className="bonus-turnover__fill" style={{ width: `${shown}%` }} />
      </div>
      <p className="bonus-turnover__text">{text}</p>
    </div>
  );
}
