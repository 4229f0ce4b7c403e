import { useCallback } from 'react';
import { useRead } from '@wallet/shared/query';
import { bonusApi, type ActiveCheck, type Bonus } from './api';

export interface BonusData {
  /** The bonus list; `null` until a load succeeded. */
  bonuses: Bonus[] | null;
  /** The member's open bonus check; `null` until a load succeeded. */
  active: ActiveCheck | null;
  /** The first load of the list has not settled yet: the delayed loader shows. */
  loading: boolean;
  /** The active check has answered or failed once: the page knows whether to offer the promotion form. */
  activeSettled: boolean;
  /** Reads the list and the active check again (after receiving or ending a bonus). */
  refresh: () => void;
}

/**
 * The list of bonuses and the member's open bonus, kept current: both are read again whenever `wallet:changed` is
 * announced (the member played, so the turnover moved; money arrived, so a bonus may now qualify) and after the
 * page's own actions. Failures are silent (spec §8): the loader hides and the page keeps what it showed. A slow
 * older answer never overwrites a newer one (the page's query client cancels it).
 */
export function useBonusData(): BonusData {
  const list = useRead({ key: ['bonus', 'list'], read: bonusApi.list, followsWallet: true });
  const active = useRead({ key: ['bonus', 'active'], read: bonusApi.checkActive, followsWallet: true });
  const { refetch: refetchList } = list;
  const { refetch: refetchActive } = active;
  const refresh = useCallback(() => {
    refetchList();
    refetchActive();
  }, [refetchList, refetchActive]);
  return {
    bonuses: list.data ?? null,
    active: active.data ?? null,
    loading: !list.settled,
    activeSettled: active.settled,
    refresh,
  };
}

/** The notice text under a bonus (`GET /api/lookup/notice`); `null` until it answered (or if it failed). */
export function useNoticeText(): string | null {
  const { data } = useRead({ key: ['bonus', 'notice'], read: bonusApi.notice });
  return data?.text ?? null;
}

/** The notice with the bonus's failure percentage in place of every `{percentFail}`. */
export function fillNotice(text: string, percentFail: number): string {
  return text.split('{percentFail}').join(String(percentFail));
}

/** The member's currency for amounts: the statement's hook (one reading of the profile's currency). */
export { useMoneyFormat } from '../common/money-format';
export type { MoneyFormat } from '../common/money-format';
