import { buildConfig, currencyScale, get, type Currency } from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import type { ApiData } from '@wallet/api-types';

/** The member's profile: its `currency` says how amounts read (THB satang, LAK whole kip). */
export type Profile = ApiData<'/api/account/profile', 'get'>;

export const profileApi = {
  profile: () => get<Profile>('/api/account/profile'),
};

/** How amounts of the member's currency read: THB from satang with 2 decimals, LAK whole kip. */
export interface MoneyFormat {
  currency: Currency;
  scale: number;
}

export function moneyFormat(currency: string | undefined, fallback: Currency): MoneyFormat {
  const known: Currency = currency === 'LAK' || currency === 'THB' ? currency : fallback;
  return { currency: known, scale: currencyScale(known) };
}

/**
 * The member's currency, from the profile: THB amounts are satang shown with 2 decimals, LAK whole kip. Until the
 * profile answers (or if it fails) the build's currency is assumed: kip in the Laos build, baht elsewhere.
 */
export function useMoneyFormat(): MoneyFormat {
  const fallback = buildConfig.laos ? 'LAK' : 'THB';
  const { data } = useRead({ key: ['bonus', 'profile'], read: profileApi.profile });
  return moneyFormat(data?.currency, fallback);
}
