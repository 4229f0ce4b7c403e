export type Locale = 'th' | 'la' | 'en';
export const LOCALES: readonly Locale[] = ['th', 'la', 'en'];

/** Picks th | la | en from an Accept-Language header (q-values honoured; 'lo' is Lao). */
export function pickLocale(header: string | undefined, fallback: Locale): Locale {
  if (!header) return fallback;
  const candidates = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const c of candidates) {
    const primary = c.tag.split('-')[0];
    if (primary === 'th') return 'th';
    if (primary === 'la' || primary === 'lo') return 'la';
    if (primary === 'en') return 'en';
  }
  return fallback;
}
