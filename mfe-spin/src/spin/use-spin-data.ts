import { useCallback, useEffect, useRef, useState } from 'react';
import { bus, buildConfig, currencyScale, useTranslation, type Currency } from '@wallet/shared';
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
 * own actions. Only the answers of the latest round are shown, so a slow older answer never overwrites a newer
 * one.
 */
export function useSpinData(): SpinData {
  const { i18n } = useTranslation('spin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [round, setRound] = useState(0);
  const [setup, setSetup] = useState<SpinSetup | null>(null);
  const [coupons, setCoupons] = useState<Coupon[] | null>(null);
  const [settled, setSettled] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(0);

  useEffect(() => {
    const subscription = bus.on('wallet:changed').subscribe(() => setRound((n) => n + 1));
    return () => subscription.unsubscribe();
  }, []);

  useEffect(() => {
    const mine = ++latest.current;
    const current = () => latest.current === mine;
    spinApi.setup().then(
      (answer) => {
        if (!current()) return;
        setSetup(answer);
        setFailed(false);
        setSettled(true);
      },
      () => {
        if (!current()) return;
        setFailed(true);
        setSettled(true);
      },
    );
    spinApi.coupons().then(
      (list) => current() && setCoupons(list),
      () => undefined,
    );
  }, [round, language]);

  useEffect(
    () => () => {
      latest.current = -1;
    },
    [],
  );

  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const setCoins = useCallback(
    (coins: number) => setSetup((shown) => (shown ? { ...shown, userCoin: coins } : shown)),
    [],
  );
  return { setup, coupons, loading: !settled, failed: failed && !setup, refresh, setCoins };
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
  const [currency, setCurrency] = useState<Currency>(buildConfig.laos ? 'LAK' : 'THB');
  useEffect(() => {
    let live = true;
    spinApi.profile().then(
      (profile) => {
        if (live && (profile.currency === 'THB' || profile.currency === 'LAK')) setCurrency(profile.currency);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return { currency, scale: currencyScale(currency) };
}
