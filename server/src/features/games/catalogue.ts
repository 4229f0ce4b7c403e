/** The 16 game codes of spec §3 in their three categories, with display data (docs/ledger.md "Games"). */

export type GameCategory = 'slot' | 'sport' | 'lotto';

export interface GameInfo {
  code: string;
  name: string;
  category: GameCategory;
  /** Display factor: the card shows amount × ftWalletSlot (the provider's credit unit). */
  ftWalletSlot: number;
  web: string | null;
  android: string | null;
  ios: string | null;
  /** Slug of GET /api/autoLogin/{provider}/… (spec §7), or null when the provider has no auto-login. */
  autoLogin: string | null;
  /** Card colours of the generated logo and background. */
  colors: [string, string];
}

const game = (
  code: string,
  name: string,
  category: GameCategory,
  ftWalletSlot: number,
  links: { web?: boolean; android?: boolean; ios?: boolean },
  autoLogin: boolean,
  colors: [string, string],
): GameInfo => {
  const slug = code.toLowerCase();
  return {
    code,
    name,
    category,
    ftWalletSlot,
    web: links.web ? `https://www.${slug}.example/login` : null,
    android: links.android ? `https://play.google.com/store/apps/details?id=example.${slug}` : null,
    ios: links.ios ? `https://apps.apple.com/app/example-${slug}/id1000000${code.length}` : null,
    autoLogin: autoLogin ? slug : null,
    colors,
  };
};

export const GAMES: readonly GameInfo[] = [
  game('PG', 'PG Soft', 'slot', 1, { web: true, android: true, ios: true }, true, ['#0b3d91', '#f5b700']),
  game('PGSLOT', 'PG Slot', 'slot', 1, { web: true, android: true, ios: false }, true, [
    '#1f2a44',
    '#ff7a00',
  ]),
  game('JOKER', 'Joker Gaming', 'slot', 10, { web: true, android: true, ios: true }, false, [
    '#5b0f8b',
    '#ffd23f',
  ]),
  game('JOKER2', 'Joker Gaming 2', 'slot', 10, { web: true, android: false, ios: false }, true, [
    '#3a0a5e',
    '#3df5a7',
  ]),
  game('SUPERSLOT', 'Superslot', 'slot', 1, { web: true, android: true, ios: false }, false, [
    '#7a0000',
    '#ffcc00',
  ]),
  game('SLOTXO', 'SlotXO', 'slot', 10, { web: true, android: true, ios: true }, false, [
    '#00394d',
    '#00e0ff',
  ]),
  game('AREASLOT', 'Area Slot', 'slot', 1, { web: true }, true, ['#123524', '#9be15d']),
  game('SLOTRACHA', 'Slot Racha', 'slot', 1, { web: true, android: true }, true, ['#4a1c00', '#ff9f1c']),
  game('CIRCUS', 'Circus', 'slot', 1, { web: false, android: true, ios: true }, true, ['#8b0035', '#ffe066']),
  game('SEXYGAME', 'Sexy Baccarat', 'sport', 1, { web: true, android: true, ios: true }, false, [
    '#2b0a1e',
    '#ff4f9a',
  ]),
  game('BETFLIX', 'Betflix', 'sport', 1, { web: true, android: false, ios: false }, true, [
    '#141414',
    '#e50914',
  ]),
  game('ASKMEBET', 'AskMeBet', 'sport', 1, { web: true, android: true }, true, ['#0d2b45', '#f7c548']),
  game('UFABET', 'UFABET', 'sport', 1, { web: true, android: false, ios: false }, false, [
    '#002b1f',
    '#d4af37',
  ]),
  game('USUN', 'USUN Sport', 'sport', 1, { web: true, ios: true }, true, ['#3d1d00', '#ffb000']),
  game('IMI', 'IMI Lotto', 'lotto', 1, { web: true }, true, ['#0a2540', '#63b3ed']),
  game('HUAYHD', 'Huay HD', 'lotto', 1, { web: true, android: true, ios: false }, true, [
    '#5c0a0a',
    '#ffd700',
  ]),
];

const byCode = new Map(GAMES.map((g) => [g.code, g]));

export const gameInfo = (code: string): GameInfo | undefined => byCode.get(code.toUpperCase());

/** The game whose auto-login slug is given (spec §7's providers), if any. */
export const gameByAutoLogin = (slug: string): GameInfo | undefined =>
  GAMES.find((g) => g.autoLogin === slug.toLowerCase());

const escapeXml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A small square logo with the game's name (served as /media/games/{CODE}-logo.svg). */
export function logoSvg(g: GameInfo): string {
  const [bg, fg] = g.colors;
  const words = g.name.split(' ');
  const lines = words.length > 1 ? [words[0] ?? '', words.slice(1).join(' ')] : [g.name];
  const text = lines
    .map(
      (l, i) =>
        `<text x="64" y="${lines.length > 1 ? 60 + i * 24 : 72}" font-size="${l.length > 8 ? 16 : 22}" text-anchor="middle" fill="${fg}" font-family="Arial, Helvetica, sans-serif" font-weight="700">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(g.name)}"><rect width="128" height="128" rx="24" fill="${bg}"/><circle cx="64" cy="64" r="54" fill="none" stroke="${fg}" stroke-width="4" opacity="0.6"/>${text}</svg>`;
}

/** A card background with the game's colours and name (served as /media/games/{CODE}-bg.svg). */
export function backgroundSvg(g: GameInfo): string {
  const [bg, fg] = g.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180" role="img" aria-label="${escapeXml(g.name)}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${fg}" stop-opacity="0.55"/></linearGradient></defs><rect width="320" height="180" fill="url(#g)"/><g fill="${fg}" opacity="0.18"><circle cx="270" cy="30" r="60"/><circle cx="40" cy="160" r="50"/></g><text x="20" y="160" font-size="26" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-weight="700" opacity="0.9">${escapeXml(g.name)}</text><text x="300" y="32" font-size="14" fill="#fff" text-anchor="end" font-family="Arial, Helvetica, sans-serif" opacity="0.8">${g.category.toUpperCase()}</text></svg>`;
}
