import type { ReactNode } from 'react';
import { buildConfig, currencyScale, formatMoney, i18n, isApiError, type Currency } from '@wallet/shared';
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

/** Shown to a role that may look but not decide (support): the server would refuse its decisions. */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <p className="wops-note" role="note">
      {children}
    </p>
  );
}
