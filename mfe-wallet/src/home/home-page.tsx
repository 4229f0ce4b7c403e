import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { DelayedLoader, Skeleton, SkeletonList, takeMemberFacts, useTranslation } from '@wallet/shared';
import type { Banner } from '../banners/api';
import type { Dialog } from './home-dialogs';
import type { WalletSnapshot } from '../common/wallet-api';
import { inviteApi } from '../invite/api';
import { refundApi } from '../refund/api';
import { AgreementPrompt } from '../agreement/agreement-modal';
import { moneyFormat, showMoney, type MoneyFormat } from '../common/money';
import { RegistrationLink } from '../invite/registration-link';
import { useReceiveInviteBonus } from '../invite/use-receive-invite-bonus';
import '../wallet.css';
import { BalanceCard, figuresOf, figuresOfPage, type BalanceFigures } from './balance-card';
import { GameLists } from './game-lists';
import { HomeShortcuts, HomeWidgets } from './home-widgets';
import { useSpinActive } from './use-spin-active';
import { useWalletSnapshot } from './use-wallet-snapshot';

/**
 * The home's windows (deposit, withdraw, transfer, a game account, banners, invite, refund): a chunk of their own,
 * fetched when the rest of the home renders (after the balance card), so their code is not on the way to the
 * home's first paint. A window asked for before it arrives opens when it does.
 */
const HomeDialogs = lazy(() => import(/* webpackChunkName: "home-dialogs" */ './home-dialogs'));

/**
 * The member's home (`/user/home`, spec §2): total and balances, widgets, invite bonus, registration link, game
 * cards, and every wallet modal. Balances and the profile's coins reload whenever `wallet:changed` is announced,
 * by its own modals or by any other part of the page (a claimed prize-wheel coupon, a deposit earning coins). The
 * spin widget and button follow `GET /api/spinwheel/active`. The agreement prompt does not wait for the wallet:
 * its 1.5 s start when the home mounts, so it appears also when GET /api/wallet fails or hangs.
 */
export function HomePage() {
  return <HomeView />;
}

/**
 * The home; `firstScreen`: the figures the balance card shows before any wallet answer, for the build's prerender
 * of the page's first screen (src/prerender.tsx: the server's placeholders).
 */
export function HomeView({ firstScreen }: { firstScreen?: BalanceFigures }) {
  const { t } = useTranslation('wallet');
  const wallet = useWalletSnapshot();
  const spinActive = useSpinActive();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  /** Where focus goes when a window that opened by itself (the agreement) closes: the page's heading. */
  const heading = useRef<HTMLHeadingElement>(null);
  const [loadingBanners, setLoadingBanners] = useState(false);
  const { snapshot, failed, refreshing } = wallet;
  /**
   * The balance card paints first; the rest of the home (shortcuts, widgets, invite, game cards, the modals) is
   * rendered just after it at a lower priority, in slices: the member's balance does not wait for the game
   * cards' render and layout (issue 11: the balance line is the page's largest paint).
   */
  const restShown = useDeferredValue(snapshot !== undefined, false);
  /**
   * The figures the server painted into the page's first screen (a page load with the member's page cookie): the
   * balance card shows them from the first render, as the page showed them, until the wallet's own read answers.
   */
  const [pageFacts] = useState(() => takeMemberFacts());
  const currency = snapshot?.wallet.currency ?? pageFacts?.currency;
  const format = useMemo(() => moneyFormat(currency), [currency]);
  const figures = useMemo(() => {
    if (snapshot) return figuresOf(snapshot, format);
    return pageFacts ? figuresOfPage(pageFacts, format) : firstScreen;
  }, [snapshot, format, pageFacts, firstScreen]);
  const openGame = useCallback((code: string) => setDialog({ kind: 'game', code }), []);
  const close = () => setDialog({ kind: 'none' });

  /** Spec §2: invite and refund fetch banners first; with banners a carousel comes before the modal. */
  const openWithBanners = async (then: 'invite' | 'refund') => {
    if (loadingBanners) return;
    setLoadingBanners(true);
    let banners: Banner[] = [];
    try {
      banners = (await (then === 'invite' ? inviteApi.banners() : refundApi.banners())) ?? [];
    } catch {
      banners = [];
    } finally {
      setLoadingBanners(false);
    }
    setDialog(banners.length > 0 ? { kind: 'banners', banners, then } : { kind: then });
  };

  return (
    <section className="wallet-home" data-testid="home-page">
      <h1 ref={heading} className="wl-visually-hidden" tabIndex={-1}>
        {t('home.title')}
      </h1>
      <DelayedLoader active={refreshing || loadingBanners} />
      {failed && !snapshot && (
        <p className="wallet-home__failed" role="alert">
          {t('home.loadFailed')}
        </p>
      )}
      {!figures && !failed && <HomeSkeleton />}
      {figures && (
        <>
          <BalanceCard
            figures={figures}
            lastSync={wallet.lastSync}
            refreshing={refreshing}
            onRefreshAll={() => void wallet.refreshAll()}
            onTransfer={() => setDialog({ kind: 'transfer' })}
          />
          {!(snapshot && restShown) && <RestSkeleton />}
          {snapshot && restShown && (
            <>
              <HomeShortcuts spinActive={spinActive} />
              <HomeWidgets
                spinActive={spinActive}
                coins={snapshot.profile.coin ?? 0}
                refreshing={refreshing}
                onDeposit={() => setDialog({ kind: 'deposit' })}
                onWithdraw={() => setDialog({ kind: 'withdraw' })}
                onRefreshAll={() => void wallet.refreshAll()}
                onInvite={() => void openWithBanners('invite')}
                onRefund={() => void openWithBanners('refund')}
              />
              <InviteCard snapshot={snapshot} format={format} />
              <GameLists games={snapshot.slots} format={format} onOpen={openGame} />
              <Suspense fallback={null}>
                <HomeDialogs
                  dialog={dialog}
                  snapshot={snapshot}
                  format={format}
                  setDialog={setDialog}
                  close={close}
                  reload={wallet.reload}
                />
              </Suspense>
            </>
          )}
        </>
      )}
      {/* Spec §2: 1.5 s after the home first loads, whatever becomes of the wallet read (failed, slow or fine). */}
      <AgreementPrompt returnFocus={heading} />
    </section>
  );
}

/** While the wallet's first read runs: the balance card, the shortcuts and the game cards as placeholders. */
function HomeSkeleton() {
  return (
    <SkeletonList className="wallet-home__skeleton">
      <Skeleton variant="card" height="9rem" />
      <RestPlaceholders />
    </SkeletonList>
  );
}

/** The rest of the home's placeholders, for the moment between the balance card and the rest (`restShown`). */
function RestSkeleton() {
  return (
    <SkeletonList className="wallet-home__skeleton">
      <RestPlaceholders />
    </SkeletonList>
  );
}

function RestPlaceholders() {
  return (
    <>
      <Skeleton variant="row" />
      <div className="wl-skeleton-list wl-skeleton-list--grid">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} variant="card" />
        ))}
      </div>
    </>
  );
}

function InviteCard({ snapshot, format }: { snapshot: WalletSnapshot; format: MoneyFormat }) {
  const { t } = useTranslation('wallet');
  const { receive, busy } = useReceiveInviteBonus(format);
  const { invite } = snapshot;
  return (
    <div className="wallet-card wallet-invite">
      <div className="wallet-invite__row">
        <div>
          <p className="wallet-invite__label">{t('invite.bonusLabel')}</p>
          <p className="wallet-invite__amount">
            <span data-testid="home-invite-amount">{showMoney(invite.amount, format)}</span>{' '}
            {t(`common:currency.${format.currency}`)}
          </p>
          <p className="wallet-invite__counts" data-testid="home-invite-counts">
            {t('invite.counts', { success: invite.success, fail: invite.fail })}
          </p>
        </div>
        <button
          type="button"
          className="wl-btn wl-btn--primary wl-btn--sm"
          disabled={busy || invite.amount <= 0}
          onClick={() => void receive(invite)}
          data-testid="home-invite-receive"
        >
          {t('invite.receive.button')}
        </button>
      </div>
      <RegistrationLink profileId={snapshot.profile._id} testIdPrefix="home-invite" />
    </div>
  );
}
