import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  buildConfig,
  currencyScale,
  formatMoney,
  i18n,
  isApiError,
  useTranslation,
  type Currency,
} from '@wallet/shared';
import type { Role } from './api';

/** The props the console's slot gives a remote's operator screen (ops-console/src/shell/remote-screen-slot.tsx). */
export interface OperatorScreenProps {
  operator: { username: string; role: Role };
  remoteModule?: string;
}

/** The roles the server lets decide (approve, reject, assign, pay out again): the routes' `deciders`. */
export const canDecide = (role: Role): boolean => role === 'admin' || role === 'finance';

const siteCurrency = (): Currency => (buildConfig.laos ? 'LAK' : 'THB');

/**
 * An amount in minor units with its currency code. Slips and deliveries carry no currency: they are in the
 * site's one (kip on a Laos build, baht otherwise); a withdrawal names its own.
 */
export function money(minor: number, currency: string = siteCurrency()): string {
  return `${formatMoney(minor, currencyScale(currency === 'LAK' ? 'LAK' : 'THB'))} ${currency}`;
}

/** Decimal places of the site's currency: what an amount typed by an operator is read in. */
export const siteScale = (): number => currencyScale(siteCurrency());

/** The translated text of a failed call (ApiError messages come translated from the shared `errors` catalog). */
export function failureText(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/**
 * The text of a refused decision: this screen's own wording where the members' text of the code would mislead an
 * operator (KEY_INVALID on a slip another operator settled reads "some information is not valid"; MONEY_NOT_ENOUGH
 * speaks of "your balance"), followed by the server's own words when it says more ("the slip is SUCCESS
 * already"; English, for operators only); else the ApiError's translated message.
 */
export function decisionError(error: unknown, action: 'slip' | 'retry' | 'assign'): string {
  if (!isApiError(error)) return i18n.t('actionFailed', { ns: 'wallet-ops' });
  const key = `errors.${action}.${error.code}`;
  if (!i18n.exists(key, { ns: 'wallet-ops' }))
    return failureText(error, i18n.t('actionFailed', { ns: 'wallet-ops' }));
  const own = i18n.t(key, { ns: 'wallet-ops' });
  return error.detail ? `${own} (${error.detail})` : own;
}

export interface Queue<T> {
  rows: T[];
  setRows: (update: (rows: T[]) => T[]) => void;
  loading: boolean;
  error: string | undefined;
  reload: () => void;
}

/**
 * A list read from the operator API with `load` (memoised by the caller: a new `load`, e.g. another filter, reads
 * again), or on `reload`. An answer that comes after a newer request was made, or after the screen is gone, is
 * dropped, so switching filters quickly never shows the wrong list.
 */
export function useQueue<T>(load: () => Promise<T[]>): Queue<T> {
  const { t } = useTranslation('wallet-ops');
  // The answer and the `load` it answers: while they differ (a new filter) the list is loading and shows nothing.
  const [result, setResult] = useState<{ load: () => Promise<T[]>; rows: T[]; error?: string }>();
  const [reloading, setReloading] = useState(false);
  const latest = useRef(0);

  const fetchRows = useCallback(() => {
    const request = ++latest.current;
    load().then(
      (rows) => {
        if (request !== latest.current) return;
        setResult({ load, rows });
        setReloading(false);
      },
      (failure: unknown) => {
        if (request !== latest.current) return;
        setResult({ load, rows: [], error: failureText(failure, t('loadFailed')) });
        setReloading(false);
      },
    );
  }, [load, t]);

  useEffect(() => {
    fetchRows();
    return () => {
      latest.current += 1;
    };
  }, [fetchRows]);

  const reload = useCallback(() => {
    setReloading(true);
    fetchRows();
  }, [fetchRows]);
  const setRows = useCallback(
    (update: (rows: T[]) => T[]) =>
      setResult((current) => current && { ...current, rows: update(current.rows) }),
    [],
  );
  const current = result?.load === load ? result : undefined;
  return {
    rows: current?.rows ?? [],
    setRows,
    loading: reloading || current === undefined,
    error: reloading ? undefined : current?.error,
    reload,
  };
}

/** Shown to a role that may look but not decide (support): the server would refuse its decisions. */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <p className="wops-note" role="note">
      {children}
    </p>
  );
}
