/** The 16 game codes of spec §3 in their three categories, with display data (docs/ledger.md "Games"). */

export type GameCategory = 'slot' | 'sport' | 'lotto';

/** Where a game can be opened besides the wallet's Play button: its website and its phone apps. */
export const GAME_PLATFORMS = ['web', 'android', 'ios'] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];
/** A game's website and app links as the game list answers them (null: none, or no provider configured). */
export type GameLinks = Record<GamePlatform, string | null>;

export interface GameInfo {
  code: string;
  name: string;
  category: GameCategory;
  /** Display factor: the card shows amount × ftWalletSlot (the provider's credit unit). */
  ftWalletSlot: number;
  /** Where the provider offers the game: website, Android app, iOS app. */
  platforms: readonly GamePlatform[];
  /** Slug of GET /api/autoLogin/{provider}/… (spec §7), or null when the provider has no auto-login. */
  autoLogin: string | null;
  /** Card colours of the generated logo and background: [dark base, accent]. */
  colors: [string, string];
  /** The logo's monogram (1–3 capitals). */
  mark: string;
}

const game = (
  code: string,
  name: string,
  category: GameCategory,
  ftWalletSlot: number,
  links: { web?: boolean; android?: boolean; ios?: boolean },
  autoLogin: boolean,
  colors: [string, string],
  mark: string,
): GameInfo => ({
  code,
  name,
  category,
  ftWalletSlot,
  platforms: GAME_PLATFORMS.filter((p) => links[p] === true),
  autoLogin: autoLogin ? code.toLowerCase() : null,
  colors,
  mark,
});

export const GAMES: readonly GameInfo[] = [
  game(
    'PG',
    'PG Soft',
    'slot',
    1,
    { web: true, android: true, ios: true },
    true,
    ['#0b3d91', '#f5b700'],
    'PG',
  ),
  game('PGSLOT', 'PG Slot', 'slot', 1, { web: true, android: true }, true, ['#1f2a44', '#ff7a00'], 'PS'),
  game(
    'JOKER',
    'Joker Gaming',
    'slot',
    10,
    { web: true, android: true, ios: true },
    false,
    ['#5b0f8b', '#ffd23f'],
    'J',
  ),
  game('JOKER2', 'Joker Gaming 2', 'slot', 10, { web: true }, true, ['#3a0a5e', '#3df5a7'], 'J2'),
  game('SUPERSLOT', 'Superslot', 'slot', 1, { web: true, android: true }, false, ['#7a0000', '#ffcc00'], 'S'),
  game(
    'SLOTXO',
    'SlotXO',
    'slot',
    10,
    { web: true, android: true, ios: true },
    false,
    ['#00394d', '#00e0ff'],
    'XO',
  ),
  game('AREASLOT', 'Area Slot', 'slot', 1, { web: true }, true, ['#123524', '#9be15d'], 'A'),
  game(
    'SLOTRACHA',
    'Slot Racha',
    'slot',
    1,
    { web: true, android: true },
    true,
    ['#4a1c00', '#ff9f1c'],
    'SR',
  ),
  game('CIRCUS', 'Circus', 'slot', 1, { android: true, ios: true }, true, ['#8b0035', '#ffe066'], 'C'),
  game(
    'SEXYGAME',
    'Sexy Baccarat',
    'sport',
    1,
    { web: true, android: true, ios: true },
    false,
    ['#2b0a1e', '#ff4f9a'],
    'SB',
  ),
  game('BETFLIX', 'Betflix', 'sport', 1, { web: true }, true, ['#141414', '#e50914'], 'B'),
  game('ASKMEBET', 'AskMeBet', 'sport', 1, { web: true, android: true }, true, ['#0d2b45', '#f7c548'], 'AMB'),
  game('UFABET', 'UFABET', 'sport', 1, { web: true }, false, ['#002b1f', '#d4af37'], 'UFA'),
  game('USUN', 'USUN Sport', 'sport', 1, { web: true, ios: true }, true, ['#3d1d00', '#ffb000'], 'U'),
  game('IMI', 'IMI Lotto', 'lotto', 1, { web: true }, true, ['#0a2540', '#63b3ed'], 'IMI'),
  game('HUAYHD', 'Huay HD', 'lotto', 1, { web: true, android: true }, true, ['#5c0a0a', '#ffd700'], 'HD'),
];

/**
 * The sandbox provider's links: its own pages on this server, one per platform the game offers
 * (/sandbox/games/{CODE}/web, /android, /ios). Only while SANDBOX is on: the routes exist only then.
 */
export function sandboxGameLinks(g: GameInfo): GameLinks {
  const link = (p: GamePlatform) => (g.platforms.includes(p) ? `/sandbox/games/${g.code}/${p}` : null);
  return { web: link('web'), android: link('android'), ios: link('ios') };
}

/** No provider configured (production without a real game adapter): no website or app links at all. */
export const noGameLinks = (): GameLinks => ({ web: null, android: null, ios: null });

const byCode = new Map(GAMES.map((g) => [g.code, g]));

export const gameInfo = (code: string): GameInfo | undefined => byCode.get(code.toUpperCase());

/** The game whose auto-login slug is given (spec §7's providers), if any. */
export const gameByAutoLogin = (slug: string): GameInfo | undefined =>
  GAMES.find((g) => g.autoLogin === slug.toLowerCase());
