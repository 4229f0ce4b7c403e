import { useTranslation } from '@wallet/shared';
import type { GameAccount } from './api';
import { showMoney, type MoneyFormat } from '../common/money';
import { GAME_CATEGORIES, gamesOf, walletSlotValue } from '../games/game-rules';

export interface GameListsProps {
  games: readonly GameAccount[];
  format: MoneyFormat;
  onOpen: (code: string) => void;
}

/** Spec §2: slot, sport and lotto card lists; a card opens the game account modal. */
export function GameLists({ games, format, onOpen }: GameListsProps) {
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
                <li key={game.code}>
                  <GameCard game={game} format={format} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

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
  return (
    <button
      type="button"
      className={`wallet-game${game.isActive ? ' wallet-game--active' : ''}`}
      style={game.background ? { backgroundImage: `url("${encodeURI(game.background)}")` } : undefined}
      onClick={() => onOpen(game.code)}
      data-testid={`game-card-${game.code}`}
    >
      <span className="wallet-game__shade" aria-hidden="true" />
      {game.logo && <img className="wallet-game__logo" src={game.logo} alt="" loading="lazy" />}
      <span className="wallet-game__name">{game.name}</span>
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
    </button>
  );
}
