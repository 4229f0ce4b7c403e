import { useEffect, useState } from 'react';
import {
  Button,
  buildConfig,
  CopyButton,
  DelayedLoader,
  Modal,
  showAlert,
  toastError,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { pageQueryClient, useRead } from '@wallet/shared/query';
import { gamesApi, type GameCredentials } from './api';
import type { GameAccount } from '../common/wallet-api';
import { MAIN_WALLET } from '../common/money-operation';
import { Icon } from '../common/icons';
import { showMoney, type MoneyFormat } from '../common/money';
import { autoLoginProvider, canPlay } from './game-rules';
import './game-account-modal.css';

export interface GameAccountModalProps {
  open: boolean;
  game: GameAccount;
  format: MoneyFormat;
  onClose: () => void;
  /** The account was opened: the parent reloads the wallet so the card turns active. */
  onActivated: (game: GameAccount) => void;
  /** Opens the transfer modal between the wallet and this game. */
  onTransfer: (from: string, to: string) => void;
}

const LINK_KINDS = ['web', 'android', 'ios'] as const;

/** Provider links may be site-relative (the sandbox's are): resolve them against the page's origin. */
function absolute(link: string): string {
  return new URL(link, window.location.origin).href;
}

function openLink(rawLink: string, newTab: boolean): void {
  const link = absolute(rawLink);
  if (newTab) window.open(link, '_blank', 'noopener,noreferrer');
  else window.location.assign(link);
}

/**
 * A game link on this server (the sandbox provider's play, website and app pages) opens in the member's language;
 * another site's link is left as its provider gave it.
 */
function inLanguage(rawLink: string, language: string): string {
  const url = new URL(absolute(rawLink));
  if (url.origin === window.location.origin && !url.searchParams.has('lang')) {
    url.searchParams.set('lang', language);
  }
  return url.href;
}

/**
 * A game account (spec §2, §4): inactive → open it (then its credentials are fetched); active → credentials with
 * copy, reset password (fetches them again), open by web / android / ios link (disabled without one), transfer,
 * and play (via transfer only: disabled while the game account holds nothing), which auto-logs in.
 */
export function GameAccountModal({
  open,
  game,
  format,
  onClose,
  onActivated,
  onTransfer,
}: GameAccountModalProps) {
  const { t, i18n } = useTranslation('wallet');
  const [activated, setActivated] = useState<GameAccount | null>(null);
  const current = activated && !game.isActive ? { ...game, ...activated } : game;
  const errorDialog = (error: { message: string }) =>
    void showAlert({ kind: 'error', message: error.message });
  const activate = useAsyncAction(gamesApi.activate, { onError: errorDialog });
  const reset = useAsyncAction(gamesApi.resetPassword, { onError: errorDialog });
  const play = useAsyncAction(gamesApi.autoLogin, { onError: errorDialog });
  // The credentials of an open account, read while the window shows it; a failure is toasted (spec §8: call
  // errors). A password reset answers the new ones: they replace the cached answer.
  const credentialsKey = ['wallet', 'game-credentials', current.code];
  const loaded = useRead({
    key: credentialsKey,
    read: () => gamesApi.credentials(current.code),
    enabled: open && current.isActive,
  });
  const credentials = loaded.data ?? null;
  useEffect(() => {
    if (loaded.error) toastError(loaded.error);
  }, [loaded.error]);
  const setCredentials = (value: GameCredentials) => pageQueryClient().setQueryData(credentialsKey, value);

  const onActivate = async () => {
    const result = await activate.run(game.code);
    if (!result.ok) return;
    setActivated({ ...result.value, isActive: true });
    onActivated(result.value);
  };

  const onReset = async () => {
    const result = await reset.run(current.code);
    if (result.ok) setCredentials(result.value);
  };

  const provider = autoLoginProvider(current.code);
  const playable = canPlay(current) && (provider ? Boolean(credentials) : Boolean(current.web));
  const onPlay = async () => {
    if (!canPlay(current)) return;
    if (!provider) {
      if (current.web) openLink(inLanguage(current.web, i18n.language), buildConfig.openGameInNewTab);
      return;
    }
    if (!credentials) return;
    // Open the tab inside the tap so pop-up blockers allow it, then point it at the link once it is known.
    const tab = buildConfig.openGameInNewTab ? window.open('', '_blank') : null;
    const result = await play.run(provider, credentials.username);
    if (!result.ok) {
      tab?.close();
      return;
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = inLanguage(result.value.link, i18n.language);
    } else {
      openLink(inLanguage(result.value.link, i18n.language), buildConfig.openGameInNewTab);
    }
  };

  const busy = loaded.loading || activate.busy || reset.busy || play.busy;

  return (
    <Modal open={open} onClose={onClose} title={current.name} data-testid="game-modal">
      <div className="wallet-game-modal" data-state={current.isActive ? 'active' : 'inactive'}>
        <DelayedLoader active={busy} variant="inline" />
        <div className="wallet-game-modal__head">
          {current.logo && <img className="wallet-game-modal__logo" src={current.logo} alt="" />}
          {current.isActive && (
            <p className="wallet-game-modal__amount">
              <span>{t('games.balance')}</span>{' '}
              <strong data-testid="game-modal-amount">
                {showMoney(current.amount, format)} {t(`common:currency.${format.currency}`)}
              </strong>
            </p>
          )}
        </div>
        {!current.isActive ? (
          <div className="wallet-game-modal__inactive">
            <p>{t('games.inactiveText')}</p>
            <Button block busy={activate.busy} onClick={() => void onActivate()} data-testid="game-activate">
              {t('games.activate')}
            </Button>
          </div>
        ) : (
          <>
            <dl className="wallet-facts" data-testid="game-credentials">
              <div>
                <dt>{t('games.username')}</dt>
                <dd className="wallet-facts__copy">
                  <span data-testid="game-username">{credentials?.username ?? '—'}</span>
                  {credentials && <CopyButton text={credentials.username} data-testid="game-copy-username" />}
                </dd>
              </div>
              <div>
                <dt>{t('games.password')}</dt>
                <dd className="wallet-facts__copy">
                  <span data-testid="game-password">{credentials?.password ?? '—'}</span>
                  {credentials && <CopyButton text={credentials.password} data-testid="game-copy-password" />}
                </dd>
              </div>
            </dl>
            <Button
              variant="ghost"
              size="sm"
              busy={reset.busy}
              onClick={() => void onReset()}
              data-testid="game-reset-password"
            >
              {t('games.resetPassword')}
            </Button>
            <div className="wallet-game-modal__links">
              {LINK_KINDS.map((kind) => {
                const link = current[kind];
                return (
                  <Button
                    key={kind}
                    variant="secondary"
                    size="sm"
                    disabled={!link}
                    onClick={() => link && openLink(inLanguage(link, i18n.language), true)}
                    data-testid={`game-open-${kind}`}
                  >
                    {t(`games.open.${kind}`)}
                  </Button>
                );
              })}
            </div>
            <div className="wallet-form__actions">
              <Button
                variant="secondary"
                onClick={() => onTransfer(MAIN_WALLET, current.code)}
                data-testid="game-transfer-in"
              >
                <Icon name="transfer" /> {t('games.transferIn')}
              </Button>
              <Button
                variant="secondary"
                disabled={current.amount <= 0}
                onClick={() => onTransfer(current.code, MAIN_WALLET)}
                data-testid="game-transfer-out"
              >
                {t('games.transferOut')}
              </Button>
            </div>
            <Button
              block
              size="lg"
              busy={play.busy}
              disabled={!playable}
              onClick={() => void onPlay()}
              data-testid="game-play"
            >
              <Icon name="game" /> {t('games.play')}
            </Button>
            {current.amount <= 0 && <p className="wallet-note">{t('games.playNeedsTransfer')}</p>}
          </>
        )}
      </div>
    </Modal>
  );
}
