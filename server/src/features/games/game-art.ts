import type { GameCategory, GameInfo } from './catalogue';

/**
 * The generated game art served under /media/games: a logo (an emblem with the game's monogram) and a card
 * background (shapes only, no words: the card shows the name and category as HTML text in the member's language).
 * Everything is deterministic from the game's code and colours, so the same game always gets the same picture.
 */

const escapeXml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A small seeded random source (FNV-1a of the code, then mulberry32): the same code draws the same art. */
function randomOf(seed: string): () => number {
  let h = 0x811c9dc5;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

/** `#rrggbb` mixed with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) =>
    Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount))
      .toString(16)
      .padStart(2, '0');
  return `#${channel((n >> 16) & 255)}${channel((n >> 8) & 255)}${channel(n & 255)}`;
}

// ---- slot symbols, drawn in a 40×40 box centred on (0, 0) ----

const SLOT_SYMBOLS = {
  cherry: (fg: string) =>
    `<path d="M-2 -16 C 2 -8 6 -2 9 4 M-2 -16 C -6 -8 -9 -2 -10 4" stroke="#3fae4a" stroke-width="3" fill="none" stroke-linecap="round"/><path d="M-2 -16 q 10 -4 14 2 q -8 3 -14 -2z" fill="#3fae4a"/><circle cx="-10" cy="9" r="8" fill="#e23b4e"/><circle cx="9" cy="9" r="8" fill="#e23b4e"/><circle cx="-12" cy="6" r="2.5" fill="${shade(fg, 0.8)}" opacity="0.8"/><circle cx="7" cy="6" r="2.5" fill="${shade(fg, 0.8)}" opacity="0.8"/>`,
  seven: (fg: string) =>
    `<path d="M-13 -15 H 14 V -8 C 6 0 1 8 -1 17 H -10 C -8 7 -3 -1 3 -8 H -13 Z" fill="${fg}" stroke="${shade(fg, -0.45)}" stroke-width="2" stroke-linejoin="round"/>`,
  diamond: (fg: string) =>
    `<path d="M-15 -5 L -8 -14 H 8 L 15 -5 L 0 16 Z" fill="${shade(fg, 0.35)}"/><path d="M-15 -5 H 15 L 0 16 Z" fill="${fg}"/><path d="M-8 -14 L -4 -5 L 0 -14 L 4 -5 L 8 -14" stroke="${shade(fg, 0.7)}" stroke-width="1.5" fill="none"/>`,
  bell: (fg: string) =>
    `<path d="M0 -16 C 9 -16 11 -7 11 1 C 11 7 14 9 16 11 H -16 C -14 9 -11 7 -11 1 C -11 -7 -9 -16 0 -16 Z" fill="${fg}"/><circle cx="0" cy="14" r="4" fill="${shade(fg, -0.35)}"/><circle cx="-5" cy="-7" r="2.5" fill="#fff" opacity="0.6"/>`,
  star: (fg: string) =>
    `<path d="M0 -16 L 4.7 -6.5 L 15.2 -4.9 L 7.6 2.5 L 9.4 13 L 0 8 L -9.4 13 L -7.6 2.5 L -15.2 -4.9 L -4.7 -6.5 Z" fill="${fg}" stroke="${shade(fg, 0.6)}" stroke-width="1.5" stroke-linejoin="round"/>`,
  bar: (fg: string) =>
    `<rect x="-16" y="-8" width="32" height="16" rx="4" fill="${shade(fg, -0.3)}" stroke="${fg}" stroke-width="2.5"/><rect x="-10" y="-2" width="20" height="4" rx="2" fill="${fg}"/>`,
} as const;
type SlotSymbol = keyof typeof SLOT_SYMBOLS;
const SYMBOL_NAMES = Object.keys(SLOT_SYMBOLS) as SlotSymbol[];

/** Slots: a machine's three reels with a highlighted pay line, symbols drawn as shapes. */
function slotArt(rnd: () => number, bg: string, fg: string): string {
  const reelW = 56;
  const gap = 8;
  const left = (300 - (3 * reelW + 2 * gap)) / 2;
  const top = 30;
  const reelH = 104;
  const reels = [0, 1, 2]
    .map((i) => {
      const x = left + i * (reelW + gap);
      const cx = x + reelW / 2;
      const symbols = [-36, 0, 36]
        .map((dy) => {
          const s = pick(rnd, SYMBOL_NAMES);
          const scale = dy === 0 ? 1.05 : 0.7;
          return `<g transform="translate(${r1(cx)} ${r1(top + reelH / 2 + dy)}) scale(${scale})" opacity="${dy === 0 ? 1 : 0.55}">${SLOT_SYMBOLS[s](fg)}</g>`;
        })
        .join('');
      return `<rect x="${r1(x)}" y="${top}" width="${reelW}" height="${reelH}" rx="10" fill="url(#reel)"/>${symbols}`;
    })
    .join('');
  const frame = `<rect x="${r1(left - 10)}" y="${top - 10}" width="${3 * reelW + 2 * gap + 20}" height="${reelH + 20}" rx="18" fill="${shade(bg, -0.5)}" stroke="${fg}" stroke-width="3" opacity="0.9"/>`;
  const payline = `<rect x="${r1(left - 14)}" y="${top + reelH / 2 - 22}" width="${3 * reelW + 2 * gap + 28}" height="44" rx="8" fill="none" stroke="${shade(fg, 0.5)}" stroke-width="2" stroke-dasharray="6 4" opacity="0.8"/>`;
  const lights = Array.from({ length: 9 }, (_, i) => {
    const x = left - 4 + (i * (3 * reelW + 2 * gap + 8)) / 8;
    return `<circle cx="${r1(x)}" cy="${top - 16}" r="3.5" fill="${i % 2 === 0 ? fg : '#fff'}" opacity="${r1(0.5 + rnd() * 0.5)}"/>`;
  }).join('');
  const defs = `<linearGradient id="reel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(bg, 0.25)}"/><stop offset="0.5" stop-color="${shade(bg, 0.6)}"/><stop offset="1" stop-color="${shade(bg, 0.25)}"/></linearGradient>`;
  return `<defs>${defs}</defs>${frame}${reels}${payline}${lights}`;
}

/** Sport and casino: a pitch seen from above, with its lines and a ball. */
function sportArt(rnd: () => number, bg: string, fg: string): string {
  const stripes = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="${-40 + i * 50}" y="-30" width="25" height="280" fill="#fff" opacity="${i % 2 === 0 ? 0.05 : 0.02}"/>`,
  ).join('');
  const line = `stroke="#fff" stroke-opacity="0.55" stroke-width="3" fill="none"`;
  const pitch = [
    `<rect x="20" y="24" width="260" height="172" rx="4" ${line}/>`,
    `<line x1="150" y1="24" x2="150" y2="196" ${line}/>`,
    `<circle cx="150" cy="110" r="30" ${line}/>`,
    `<circle cx="150" cy="110" r="3.5" fill="#fff" fill-opacity="0.6"/>`,
    `<rect x="20" y="66" width="38" height="88" ${line}/>`,
    `<rect x="242" y="66" width="38" height="88" ${line}/>`,
    `<rect x="20" y="92" width="14" height="36" ${line}/>`,
    `<rect x="266" y="92" width="14" height="36" ${line}/>`,
  ].join('');
  const tilt = r1(-10 + rnd() * 20);
  const bx = r1(95 + rnd() * 110);
  const by = r1(60 + rnd() * 40);
  const ball = `<g transform="translate(${bx} ${by}) rotate(${r1(rnd() * 72)})"><circle r="18" fill="#fff" stroke="${shade(bg, -0.4)}" stroke-width="2"/><path d="M0 -7 L 6.7 -2.2 L 4.1 5.7 L -4.1 5.7 L -6.7 -2.2 Z" fill="${shade(bg, -0.3)}"/><path d="M0 -7 V -17 M6.7 -2.2 L 16 -5 M4.1 5.7 L 10 14 M-4.1 5.7 L -10 14 M-6.7 -2.2 L -16 -5" stroke="${shade(bg, -0.3)}" stroke-width="2"/></g>`;
  const glow = `<circle cx="${bx}" cy="${by}" r="46" fill="${fg}" opacity="0.25"/>`;
  const field = `<rect x="-20" y="-20" width="340" height="260" fill="${shade('#1f7a3a', rnd() * 0.15 - 0.1)}" opacity="0.35"/>`;
  return `<g transform="translate(0 -26) rotate(${tilt} 150 110)">${field}${stripes}${pitch}</g>${glow}${ball}`;
}

/** Lotto: lottery balls (blank discs, no digits) bouncing in front of a draw machine's drum. */
function lottoArt(rnd: () => number, bg: string, fg: string): string {
  const palette = [fg, shade(fg, 0.45), '#e23b4e', '#2f80ed', '#27ae60', '#f2c94c'];
  const drum = `<circle cx="150" cy="84" r="80" fill="${shade(bg, 0.18)}" stroke="${fg}" stroke-width="3" stroke-opacity="0.6"/><circle cx="150" cy="84" r="66" fill="none" stroke="#fff" stroke-opacity="0.15" stroke-width="10"/>`;
  const defs = palette
    .map(
      (c, i) =>
        `<radialGradient id="ball${i}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${shade(c, 0.6)}"/><stop offset="0.55" stop-color="${c}"/><stop offset="1" stop-color="${shade(c, -0.45)}"/></radialGradient>`,
    )
    .join('');
  const spots = [
    [150, 96, 28],
    [104, 66, 22],
    [196, 64, 22],
    [100, 122, 19],
    [200, 124, 20],
    [150, 42, 17],
    [58, 150, 14],
    [246, 160, 15],
  ] as const;
  const balls = spots
    .map(([x, y, r], i) => {
      const dx = r1(x + (rnd() - 0.5) * 14);
      const dy = r1(y + (rnd() - 0.5) * 12);
      const c = Math.floor(rnd() * palette.length);
      const ring = `<circle r="${r1(r * 0.3)}" fill="none" stroke="${palette[c]}" stroke-width="${r1(r * 0.08)}" opacity="0.8"/>`;
      return `<g transform="translate(${dx} ${dy}) rotate(${Math.floor(rnd() * 360)})" opacity="${i > 5 ? 0.7 : 1}"><circle r="${r}" fill="url(#ball${c})"/><circle r="${r1(r * 0.5)}" fill="#fff" opacity="0.92"/>${ring}</g>`;
    })
    .join('');
  return `<defs>${defs}</defs>${drum}${balls}`;
}

const ART: Record<GameCategory, (rnd: () => number, bg: string, fg: string) => string> = {
  slot: slotArt,
  sport: sportArt,
  lotto: lottoArt,
};

/**
 * A card background (served as /media/games/{CODE}-bg.svg): the game's colours and its category's motif, with
 * no text of any kind. Decorative: the card names the game in HTML.
 */
export function backgroundSvg(g: GameInfo): string {
  const [bg, fg] = g.colors;
  const rnd = randomOf(g.code);
  const angle = Math.floor(rnd() * 360);
  const glowX = r1(0.2 + rnd() * 0.6);
  const sparkles = Array.from(
    { length: 10 },
    () =>
      `<circle cx="${r1(rnd() * 300)}" cy="${r1(rnd() * 220)}" r="${r1(1 + rnd() * 2.5)}" fill="#fff" opacity="${r1(0.15 + rnd() * 0.35)}"/>`,
  ).join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="220" viewBox="0 0 300 220" aria-hidden="true">` +
    `<defs><linearGradient id="base" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${shade(bg, 0.22)}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${glowX}" cy="0.35" r="0.7"><stop offset="0" stop-color="${fg}" stop-opacity="0.45"/><stop offset="1" stop-color="${fg}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="300" height="220" fill="url(#base)"/><rect width="300" height="220" fill="url(#glow)"/>` +
    `${ART[g.category](rnd, bg, fg)}${sparkles}</svg>`
  );
}

/** The emblem's outline per category: a ticket-like rounded square (slot), a shield (sport), a ball (lotto). */
const EMBLEM: Record<GameCategory, (stroke: string) => string> = {
  slot: (s) => `<rect x="8" y="8" width="112" height="112" rx="28" ${s}/>`,
  sport: (s) => `<path d="M64 6 L 116 22 V 62 C 116 92 94 112 64 122 C 34 112 12 92 12 62 V 22 Z" ${s}/>`,
  lotto: (s) => `<circle cx="64" cy="64" r="57" ${s}/>`,
};

/**
 * A square logo (served as /media/games/{CODE}-logo.svg): an emblem in the game's colours with its monogram
 * (`mark`, 1–3 letters), named for assistive technology by `role=img` and `aria-label`.
 */
export function logoSvg(g: GameInfo): string {
  const [bg, fg] = g.colors;
  const size = g.mark.length >= 3 ? 38 : g.mark.length === 2 ? 50 : 64;
  // Baseline so the capitals sit in the emblem's visual centre (a shield's is a little higher).
  const y = (g.category === 'sport' ? 60 : 64) + size * 0.36;
  const ring = `<g transform="translate(64 64) scale(0.84) translate(-64 -64)">${EMBLEM[g.category](`fill="none" stroke="${fg}" stroke-opacity="0.45" stroke-width="3"`)}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(g.name)}"><title>${escapeXml(g.name)}</title>` +
    `<defs><linearGradient id="e" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(bg, 0.25)}"/><stop offset="1" stop-color="${shade(bg, -0.25)}"/></linearGradient>` +
    `<linearGradient id="m" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(fg, 0.45)}"/><stop offset="1" stop-color="${fg}"/></linearGradient></defs>` +
    EMBLEM[g.category](`fill="url(#e)" stroke="${fg}" stroke-width="5"`) +
    ring +
    `<text x="64" y="${r1(y)}" font-size="${size}" text-anchor="middle" fill="url(#m)" stroke="${shade(bg, -0.5)}" stroke-width="1.5" paint-order="stroke" font-family="Arial Black, Arial, Helvetica, sans-serif" font-weight="900" letter-spacing="-1">${escapeXml(g.mark)}</text>` +
    `</svg>`
  );
}
