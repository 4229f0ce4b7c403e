import { memo } from 'react';
import { useTranslation } from '@wallet/shared';
import type { GameAccount } from '../common/wallet-api';
import { showMoney, type MoneyFormat } from '../common/money';
import { GAME_CATEGORIES, gamesOf, walletSlotValue } from '../games/game-rules';
import { useNearViewport } from '../common/near-viewport';
import './game-cards.css';

export interface GameListsProps {
  games: readonly GameAccount[];
  format: MoneyFormat;
  onOpen: (code: string) => void;
}

/**
 * Spec §2: slot, sport and lotto card lists; a card opens the game account modal. Memoised: the home renders again
 * for its own state (the last sync time, a window opening) without the cards, the heaviest part of the page.
 */
export const GameLists = memo(function GameLists({ games, format, onOpen }: GameListsProps) {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-games">
      {GAME_CATEGORIES.map((category) => {
        const list = gamesOf(games, category);
        if (list.length === 0) return null;
        return (
          <section key={category} className="wallet-games__group" data-testid={`games-${category}`}>
            <h2 className="wallet-section-title">{t(`games.category.${category}`)}</h2>
            <ul className="wallet-games__list">
              {list.map((game) => (
                <li key={game.code} className="wallet-games__item">
                  <GameCard game={game} format={format} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
});

/**
 * One game: the provider's art behind, its logo and category badge on top, then on a dark panel (text contrast
 * whatever the art) the name (up to two lines, wrapped between words) and either the amounts or the prompt to open
 * an account. The logo is decorative (the name is written beside it): the button's accessible name is its visible
 * text in reading order — badge, name, status (WCAG 2.5.3 label in name).
 */
function GameCard({
  game,
  format,
  onOpen,
}: {
  game: GameAccount;
  format: MoneyFormat;
  onOpen: (code: string) => void;
}) {
  const { t } = useTranslation('wallet');
  // The art is fetched and painted once the card comes near the screen (on a phone the cards start below the first
  // screen).
  const [ref, near] = useNearViewport<HTMLButtonElement>();
  const category = t(`games.category.${game.category}`);
  return (
    <button
      ref={ref}
      type="button"
      className={`wallet-game${game.isActive ? ' wallet-game--active' : ''}`}
      style={
        near && game.background ? { backgroundImage: `url("${encodeURI(game.background)}")` } : undefined
      }
      onClick={() => onOpen(game.code)}
      data-testid={`game-card-${game.code}`}
    >
      <span className="wallet-game__top">
        {game.logo && near ? (
          <img
            className="wallet-game__logo"
            src={game.logo}
            alt=""
            width={40}
            height={40}
            decoding="async"
            data-testid={`game-logo-${game.code}`}
          />
        ) : (
          <span className="wallet-game__logo" aria-hidden="true" />
        )}
        <span className="wallet-game__badge" data-testid={`game-badge-${game.code}`}>
          {category}
        </span>
      </span>
      <span className="wallet-game__panel">
        <span className="wallet-game__name" title={game.name} data-testid={`game-name-${game.code}`}>
          {game.name}
        </span>
        {game.isActive ? (
          <span className="wallet-game__amounts">
            <span className="wallet-game__amount" data-testid={`game-amount-${game.code}`}>
              {showMoney(game.amount, format)}
            </span>
            <span className="wallet-game__factor" data-testid={`game-factor-${game.code}`}>
              {t('games.factorValue', { value: showMoney(walletSlotValue(game), format) })}
            </span>
          </span>
        ) : (
          <span className="wallet-game__open" data-testid={`game-open-prompt-${game.code}`}>
            {t('games.openAccount')}
          </span>
        )}
      </span>
    </button>
  );
}
