import { Button, formatDateTime, useTranslation, type Currency, type MemberFacts } from '@wallet/shared';
import type { WalletSnapshot } from '../common/wallet-api';
import { Icon } from '../common/icons';
import { showMoney, type MoneyFormat } from '../common/money';
import { totalBalance } from '../games/game-rules';

/** What the card shows of the member: amounts as text (formatted, or the server's placeholders when prerendered). */
export interface BalanceFigures {
  name: string;
  /** The coins; undefined until the wallet's read (the server's first screen does not show them). */
  coin: number | undefined;
  total: string;
  main: string;
  currency: Currency;
}

/** The figures of a wallet read. */
export function figuresOf(snapshot: WalletSnapshot, format: MoneyFormat): BalanceFigures {
  return {
    name: snapshot.profile.name,
    coin: snapshot.profile.coin ?? 0,
    total: showMoney(totalBalance(snapshot.wallet.amount, snapshot.slots), format),
    main: showMoney(snapshot.wallet.amount, format),
    currency: format.currency,
  };
}

/** The figures the server painted into the page (shared `takeMemberFacts`), until the wallet's own read answers. */
export function figuresOfPage(facts: MemberFacts, format: MoneyFormat): BalanceFigures {
  return {
    name: facts.name,
    coin: undefined,
    total: showMoney(facts.total, format),
    main: showMoney(facts.main, format),
    currency: facts.currency,
  };
}

export interface BalanceCardProps {
  figures: BalanceFigures;
  lastSync: string | null;
  refreshing: boolean;
  onRefreshAll: () => void;
  onTransfer: () => void;
}

/**
 * Name, total (wallet + every game account), main wallet, coins, last update and refresh-all. Also the home's
 * prerendered first screen (src/prerender.tsx), with the server's placeholders for the figures: the page paints it
 * before any JavaScript, so the markup here is what the server shows.
 */
export function BalanceCard({ figures, lastSync, refreshing, onRefreshAll, onTransfer }: BalanceCardProps) {
  const { t } = useTranslation('wallet');
  const currency = t(`common:currency.${figures.currency}`);
  return (
    <div className="wallet-card wallet-balance">
      <div className="wallet-balance__top">
        <p className="wallet-balance__name" data-testid="home-name">
          {figures.name}
        </p>
        {figures.coin !== undefined && (
          <p className="wallet-balance__coin" data-testid="home-coin">
            <Icon name="coin" />
            <span>{t('home.coins', { count: figures.coin })}</span>
          </p>
        )}
      </div>
      <p className="wallet-balance__label">{t('home.total')}</p>
      <p className="wallet-balance__total">
        <span data-testid="home-total">{figures.total}</span>{' '}
        <span className="wallet-balance__currency">{currency}</span>
      </p>
      <p className="wallet-balance__main">
        <span>{t('home.balance')}</span>{' '}
        <strong>
          <span data-testid="home-balance">{figures.main}</span> {currency}
        </strong>
      </p>
      <div className="wallet-balance__sync">
        <span className="wallet-balance__updated" data-testid="home-last-sync">
          {lastSync ? t('home.lastSync', { time: formatDateTime(lastSync) }) : ''}
        </span>
        <div className="wallet-balance__actions">
          <Button variant="secondary" size="sm" onClick={onTransfer} data-testid="home-transfer">
            <Icon name="transfer" /> {t('home.transfer')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            busy={refreshing}
            onClick={onRefreshAll}
            data-testid="home-refresh"
          >
            <Icon name="refresh" /> {t('home.refreshAll')}
          </Button>
        </div>
      </div>
    </div>
  );
}
