import { useCallback, useEffect, useRef, useState } from 'react';
import { bus } from '@wallet/shared';
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
 * page's own actions. Failures are silent (spec §8): the loader hides and the page keeps what it showed. Only the
 * answers of the latest round are shown, so a slow older answer never overwrites a newer one.
 */
export function useBonusData(): BonusData {
  const [round, setRound] = useState(0);
  const [bonuses, setBonuses] = useState<Bonus[] | null>(null);
  const [active, setActive] = useState<ActiveCheck | null>(null);
  const [listSettled, setListSettled] = useState(false);
  const [activeSettled, setActiveSettled] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    const subscription = bus.on('wallet:changed').subscribe(() => setRound((n) => n + 1));
    return () => subscription.unsubscribe();
  }, []);

  useEffect(() => {
    const mine = ++latest.current;
    const current = () => latest.current === mine;
    bonusApi.list().then(
      (list) => {
        if (!current()) return;
        setBonuses(list);
        setListSettled(true);
      },
      () => current() && setListSettled(true),
    );
    bonusApi.checkActive().then(
      (check) => {
        if (!current()) return;
        setActive(check);
        setActiveSettled(true);
      },
      () => current() && setActiveSettled(true),
    );
  }, [round]);

  useEffect(
    () => () => {
      latest.current = -1;
    },
    [],
  );

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  return { bonuses, active, loading: !listSettled, activeSettled, refresh };
}

/** The notice text under a bonus (`GET /api/lookup/notice`), read once; `null` until it answered (or if it failed). */
export function useNoticeText(): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    bonusApi.notice().then(
      (notice) => live && setText(notice.text),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return text;
}

/** The notice with the bonus's failure percentage in place of every `{percentFail}`. */
export function fillNotice(text: string, percentFail: number): string {
  return text.split('{percentFail}').join(String(percentFail));
}

/** The member's currency for amounts: the statement's hook (one reading of the profile's currency). */
export { useMoneyFormat } from '../common/money-format';
export type { MoneyFormat } from '../common/money-format';
