import thCommon from './th/common.json';
import laCommon from './la/common.json';
import enCommon from './en/common.json';
import thErrors from './th/errors.json';
import laErrors from './la/errors.json';
import enErrors from './en/errors.json';

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

export const resources: Record<Locale, Record<Namespace, Catalog>> = {
  th: { common: thCommon, errors: thErrors },
  la: { common: laCommon, errors: laErrors },
  en: { common: enCommon, errors: enErrors },
};
