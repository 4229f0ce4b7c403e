import type { CatalogSource } from './i18n';
import { LOCALES, type Catalog, type Locale } from './locales';

/**
 * A namespace's catalog in every language, each loader called (for the catalogue tests, which compare what a part
 * registers with its files): not for the page, which loads only its own language.
 */
export async function loadAllCatalogs(
  resources: Record<Locale, CatalogSource>,
): Promise<Record<Locale, Catalog>> {
  const entries = await Promise.all(
    LOCALES.map(async (locale): Promise<[Locale, Catalog]> => {
      const source = resources[locale];
      if (typeof source !== 'function') return [locale, source];
      const loaded = await source();
      return [locale, typeof loaded.default === 'object' ? loaded.default : (loaded as Catalog)];
    }),
  );
  return Object.fromEntries(entries) as Record<Locale, Catalog>;
}
