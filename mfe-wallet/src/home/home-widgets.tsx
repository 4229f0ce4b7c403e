import type { ReactNode } from 'react';
import { Link, useTranslation } from '@wallet/shared';
import { Icon, type IconName } from '../common/icons';
import './home-shortcuts.css';

export interface HomeWidgetsProps {
  spinActive: boolean;
  coins: number;
  refreshing: boolean;
  onDeposit: () => void;
  onWithdraw: () => void;
  onRefreshAll: () => void;
  onInvite: () => void;
  onRefund: () => void;
}

function Widget({
  icon,
  label,
  extra,
  onClick,
  testId,
  disabled,
}: {
  icon: IconName;
  label: ReactNode;
  extra?: ReactNode;
  onClick: () => void;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className="wallet-widget"
      onClick={onClick}
      data-testid={testId}
      disabled={disabled}
    >
      <span className="wallet-widget__icon">
        <Icon name={icon} />
      </span>
      <span className="wallet-widget__label">{label}</span>
      {extra && <span className="wallet-widget__extra">{extra}</span>}
    </button>
  );
}

/** Spec §2: deposit, withdraw, spin (only while the spin feature is on; refresh-all otherwise), invite, bonus, refund. */
export function HomeWidgets(props: HomeWidgetsProps) {
  const { t } = useTranslation('wallet');
  return (
    <nav className="wallet-widgets" aria-label={t('home.widgets')}>
      <Widget icon="deposit" label={t('home.deposit')} onClick={props.onDeposit} testId="widget-deposit" />
      <Widget
        icon="withdraw"
        label={t('home.withdraw')}
        onClick={props.onWithdraw}
        testId="widget-withdraw"
      />
      {props.spinActive ? (
        <Link to="/user/spin" className="wallet-widget" data-testid="widget-spin">
          <span className="wallet-widget__icon">
            <Icon name="spin" />
          </span>
          <span className="wallet-widget__label">{t('home.spin')}</span>
          <span className="wallet-widget__extra">{t('home.coins', { count: props.coins })}</span>
        </Link>
      ) : (
        <Widget
          icon="refresh"
          label={t('home.refreshAll')}
          onClick={props.onRefreshAll}
          testId="widget-refresh"
          disabled={props.refreshing}
        />
      )}
      <Widget icon="invite" label={t('home.invite')} onClick={props.onInvite} testId="widget-invite" />
      <Link to="/user/bonus" className="wallet-widget" data-testid="widget-bonus">
        <span className="wallet-widget__icon">
          <Icon name="bonus" />
        </span>
        <span className="wallet-widget__label">{t('home.bonus')}</span>
      </Link>
      <Widget icon="refund" label={t('home.refund')} onClick={props.onRefund} testId="widget-refund" />
    </nav>
  );
}

/**
 * Spec §2 ("buttons also go to bonus and spin"): two large buttons under the balance card, to the bonus page and
 * to the wheel; the wheel's only while the spin feature is on.
 */
export function HomeShortcuts({ spinActive }: { spinActive: boolean }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-shortcuts" data-testid="home-shortcuts">
      <Link to="/user/bonus" className="wl-btn wallet-shortcut" data-testid="home-bonus-button">
        <Icon name="bonus" />
        <span className="wallet-shortcut__label">{t('home.bonusButton')}</span>
      </Link>
      {spinActive && (
        <Link to="/user/spin" className="wl-btn wallet-shortcut" data-testid="home-spin-button">
          <Icon name="spin" />
          <span className="wallet-shortcut__label">{t('home.spinButton')}</span>
        </Link>
      )}
    </div>
  );
}
