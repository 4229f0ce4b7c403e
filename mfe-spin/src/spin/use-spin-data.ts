import { useCallback } from 'react';
import { buildConfig, currencyScale, useTranslation, type Currency } from '@wallet/shared';
import { pageQueryClient, useRead } from '@wallet/shared/query';
import { spinApi, type Coupon, type SpinSetup } from './api';

export interface SpinData {
  /** The wheel setup; `null` until a load succeeded. */
  setup: SpinSetup | null;
  /** The claimable coupons; `null` until a load succeeded. */
  coupons: Coupon[] | null;
  /** The first setup load has not settled yet. */
  loading: boolean;
  /** The last setup load failed and nothing was shown before it. */
  failed: boolean;
  /** Reads the setup and the coupons again. */
  refresh: () => void;
  /** Shows a coin count known from an answer (the spin's `remainingCoin`) until the next load. */
  setCoins: (coins: number) => void;
}

/**
 * The wheel setup and the member's coupons, kept current: read again on `wallet:changed` (a deposit earns coins,
 * a claim pays a prize), when the language changes (labels come in the member's language) and after the page's
 * own actions. A slow older answer never overwrites a newer one (the page's query client cancels it).
 */
export function useSpinData(): SpinData {
  const { i18n } = useTranslation('spin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const setupKey = ['spin', 'setup', language];
  // A language change keeps the wheel shown (keepPrevious) until its labels arrive in the new language.
  const setup = useRead({ key: setupKey, read: spinApi.setup, followsWallet: true, keepPrevious: true });
  const coupons = useRead({
    key: ['spin', 'coupons', language],
    read: spinApi.coupons,
    followsWallet: true,
    keepPrevious: true,
  });
  const { refetch: refetchSetup } = setup;
  const { refetch: refetchCoupons } = coupons;
  const refresh = useCallback(() => {
    refetchSetup();
    refetchCoupons();
  }, [refetchSetup, refetchCoupons]);
  const setCoins = (coins: number) =>
    pageQueryClient().setQueryData<SpinSetup>(setupKey, (shown) =>
      shown ? { ...shown, userCoin: coins } : shown,
    );
  return {
    setup: setup.data ?? null,
    coupons: coupons.data ?? null,
    loading: !setup.data && !setup.settled,
    failed: setup.failed && !setup.data,
    refresh,
    setCoins,
  };
}

/** How amounts of the member's currency read: THB from satang with 2 decimals, LAK whole kip. */
export interface MoneyFormat {
  currency: Currency;
  scale: number;
}

/**
 * The member's currency, from the profile. Until the profile answers (or if it fails) the build's currency is
 * assumed: kip in the Laos build, baht elsewhere.
 */
export function useMoneyFormat(): MoneyFormat {
  const { data } = useRead({ key: ['spin', 'profile'], read: spinApi.profile });
  const known = data?.currency === 'THB' || data?.currency === 'LAK' ? data.currency : undefined;
  const currency: Currency = known ?? (buildConfig.laos ? 'LAK' : 'THB');
  return { currency, scale: currencyScale(currency) };
}
