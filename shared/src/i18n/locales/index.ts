export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The namespaces the shared package carries: `common` (the UI kit's and everyone's words) and `errors` (the
 * server's error catalogue, spec §8). Every part owns its own namespace (`host`, `auth`, `wallet`, `bonus`, `spin`,
 * `chat`) in `<part>/src/locales/` and registers it when it loads (see registerCatalogs).
 */
export const NAMESPACES = ['common', 'errors'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Catalog = { [key: string]: string | Catalog };

/**
 * The shared namespaces of one language, a chunk each (`locale-<lang>`; the host's own strings join the same chunk),
 * fetched only when the page is in that language.
 */
export const sharedCatalogs: Record<Locale, () => Promise<Record<Namespace, Catalog>>> = {
  th: () => import(/* webpackChunkName: "locale-th" */ './th').then((m) => m.default),
  la: () => import(/* webpackChunkName: "locale-la" */ './la').then((m) => m.default),
  en: () => import(/* webpackChunkName: "locale-en" */ './en').then((m) => m.default),
};
