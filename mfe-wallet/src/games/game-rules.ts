import type { GameAccount, GameCategory } from '../common/wallet-api';

/** Spec §7: the providers with an auto-login call; the others are played through their web link. */
export const AUTO_LOGIN_PROVIDERS: readonly string[] = [
  'pg',
  'betflix',
  'askmebet',
  'imi',
  'usun',
  'areaslot',
  'circus',
  'slotracha',
  'pgslot',
  'joker2',
  'huayhd',
];

export const GAME_CATEGORIES: readonly GameCategory[] = ['slot', 'sport', 'lotto'];

/** The auto-login provider name of a game code, or null when the provider has none. */
export function autoLoginProvider(code: string): string | null {
  const provider = code.toLowerCase();
  return AUTO_LOGIN_PROVIDERS.includes(provider) ? provider : null;
}

/** Spec §5: play via transfer-only needs money in the game account. */
export function canPlay(game: Pick<GameAccount, 'isActive' | 'amount'>): boolean {
  return game.isActive && game.amount > 0;
}

/** What an active card shows next to the amount: the amount times the game's wallet factor. */
export function walletSlotValue(game: Pick<GameAccount, 'amount' | 'ftWalletSlot'>): number {
  return Math.round(game.amount * (game.ftWalletSlot || 0));
}

/** The home total (spec §1): main wallet plus every game account's amount. */
export function totalBalance(walletAmount: number, games: readonly Pick<GameAccount, 'amount'>[]): number {
  return games.reduce((sum, game) => sum + (game.amount || 0), walletAmount);
}

export function gamesOf(games: readonly GameAccount[], category: GameCategory): GameAccount[] {
  return games.filter((game) => game.category === category);
}
