import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bus,
  currencyScale,
  DelayedLoader,
  formatMoney,
  walletApi,
  type WalletResponse,
} from '@wallet/shared';

interface HomeState {
  wallet: WalletResponse | undefined;
  failed: boolean;
}

/**
 * The member's home (first cut): name and main-wallet balance from `GET /api/wallet`, reloaded whenever the
 * wallet changes anywhere on the page (`wallet:changed`). The full home comes with the wallet issue.
 */
export function HomePage() {
  const { t } = useTranslation('wallet');
  const [reloads, setReloads] = useState(0);
  const [state, setState] = useState<HomeState>({ wallet: undefined, failed: false });

  useEffect(() => {
    const subscription = bus.on('wallet:changed').subscribe(() => setReloads((n) => n + 1));
    return () => subscription.unsubscribe();
  }, []);

  useEffect(() => {
    let live = true;
    walletApi.wallet().then(
      (wallet) => live && setState({ wallet, failed: false }),
      () => live && setState((prev) => ({ wallet: prev.wallet, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [reloads]);

  const { wallet, failed } = state;
  const currency = wallet?.wallet.currency ?? 'THB';

  return (
    <section className="wallet-home" data-testid="home-page">
      <h1 className="wl-visually-hidden">{t('home.title')}</h1>
      <DelayedLoader active={!wallet && !failed} variant="inline" />
      {failed && !wallet && <p role="alert">{t('home.loadFailed')}</p>}
      {wallet && (
        <div className="wallet-home__card">
          <p className="wallet-home__name" data-testid="home-name">
            {wallet.profile.name}
          </p>
          <p className="wallet-home__label">{t('home.balance')}</p>
          <p className="wallet-home__balance">
            <span data-testid="home-balance">
              {formatMoney(wallet.wallet.amount, currencyScale(wallet.wallet.currency))}
            </span>{' '}
            <span className="wallet-home__currency">{t(`common:currency.${currency}`)}</span>
          </p>
        </div>
      )}
    </section>
  );
}
