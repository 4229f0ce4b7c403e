import { Button, formatDateTime, useTranslation } from '@wallet/shared';
import type { WalletSnapshot } from './api';
import { Icon } from '../common/icons';
import { showMoney, type MoneyFormat } from '../common/money';
import { totalBalance } from '../games/game-rules';

export interface BalanceCardProps {
  snapshot: WalletSnapshot;
  format: MoneyFormat;
  lastSync: string | null;
  refreshing: boolean;
  onRefreshAll: () => void;
  onTransfer: () => void;
}

/** Name, total (wallet + every game account), main wallet, coins, last update and refresh-all. */
export function BalanceCard({
  snapshot,
  format,
  lastSync,
  refreshing,
  onRefreshAll,
  onTransfer,
}: BalanceCardProps) {
  const { t } = useTranslation('wallet');
  const currency = t(`common:currency.${format.currency}`);
  const total = totalBalance(snapshot.wallet.amount, snapshot.slots);
  return (
    <div className="wallet-card wallet-balance">
      <div className="wallet-balance__top">
        <p className="wallet-balance__name" data-testid="home-name">
          {snapshot.profile.name}
        </p>
        <p className="wallet-balance__coin" data-testid="home-coin">
          <Icon name="coin" />
          <span>{t('home.coins', { count: snapshot.profile.coin ?? 0 })}</span>
        </p>
      </div>
      <p className="wallet-balance__label">{t('home.total')}</p>
      <p className="wallet-balance__total">
        <span data-testid="home-total">{showMoney(total, format)}</span>{' '}
        <span className="wallet-balance__currency">{currency}</span>
      </p>
      <p className="wallet-balance__main">
        <span>{t('home.balance')}</span>{' '}
        <strong>
          <span data-testid="home-balance">{showMoney(snapshot.wallet.amount, format)}</span> {currency}
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
