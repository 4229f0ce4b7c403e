import { formatMoney, isApiError, type ApiError, type useTranslation } from '@wallet/shared';
import type { Bonus } from './api';
import type { MoneyFormat } from './use-bonus-data';

/** The `t` of this remote's namespace. */
import { fillNotice } from './use-bonus-data';

type T = ReturnType<typeof useTranslation<'bonus'>>['t'];

/** An amount in the member's currency, with the currency's name: `500.00 baht`, `60,000 kip`. */
export function moneyText(t: T, amount: number, format: MoneyFormat): string {
  return `${formatMoney(amount, format.scale)} ${t(`common:currency.${format.currency}`)}`;
}

/** What the bonus gives, briefly: `50% up to 500.00 baht`, `50.00 baht`. */
export function rewardText(t: T, bonus: Pick<Bonus, 'reward'>, format: MoneyFormat): string {
  const { reward } = bonus;
  const currency = t(`common:currency.${format.currency}`);
  if (reward.kind === 'fixed')
    return t('bonus.reward.fixed', { amount: formatMoney(reward.amount, format.scale), currency });
  if (reward.cap > 0)
    return t('bonus.reward.percentCap', {
      percent: reward.percent,
      cap: formatMoney(reward.cap, format.scale),
      currency,
    });
  return t('bonus.reward.percent', { percent: reward.percent });
}

/** The card's reward line: the reward and, when one is needed, the minimum deposit. */
export function rewardLine(t: T, bonus: Pick<Bonus, 'reward' | 'minDeposit'>, format: MoneyFormat): string {
  const reward = rewardText(t, bonus, format);
  if (bonus.minDeposit <= 0) return reward;
  return t('bonus.reward.withMinimum', { reward, minimum: formatMoney(bonus.minDeposit, format.scale) });
}

/**
 * The minimum deposit a BONUS_CONDITION refusal of a receive names: the error's own `minimum` when the server
 * sent one, else the one the caller knows (the bonus's `minDeposit`); `null` when neither is known.
 */
export function refusedMinimum(error: ApiError, known?: number): number | null {
  if (error.minimum !== undefined && error.minimum > 0) return error.minimum;
  return known !== undefined && known > 0 ? known : null;
}

/**
 * The message of a refused receive (a bonus or a promotion's bonus): BONUS_CONDITION about the deposit says how
 * much to deposit; anything else is the translated error.
 */
export function receiveErrorText(t: T, error: unknown, format: MoneyFormat, knownMinimum?: number): string {
  if (!isApiError(error)) return t('common:status.error');
  if (error.code === 'BONUS_CONDITION' && (error.field === 'deposit' || error.field === undefined)) {
    const minimum = refusedMinimum(error, knownMinimum);
    return minimum === null
      ? t('bonus.modal.depositFirst')
      : t('bonus.modal.depositAtLeast', { amount: moneyText(t, minimum, format) });
  }
  return error.message;
}

/**
 * The notice under a bonus or promotion: the server's text with its percentFail filled in (or the page's own
 * when it could not be read); when nothing is kept on cancelling (0 %), a text that says the whole bonus goes back.
 */
export function noticeText(t: T, notice: string | null | undefined, percentFail: number): string {
  if (percentFail <= 0) return t('bonus.noticeNone');
  return notice ? fillNotice(notice, percentFail) : t('bonus.noticeFallback', { percent: percentFail });
}
