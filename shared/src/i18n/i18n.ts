import i18next, { type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildConfig } from '../config';
import { LOCALES, NAMESPACES, sharedCatalogs, type Catalog, type Locale } from './locales';

/** Where the chosen language is kept (spec §3: `locale` in storage and the `i18next` cookie). */
export const LOCALE_STORAGE_KEY = 'locale';
export const LOCALE_COOKIE = 'i18next';
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const defaultLocale: Locale = buildConfig.laos ? 'la' : 'th';

/** HTML `lang` values: the product calls Lao `la`, the language tag is `lo`. */
export const htmlLang: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * A namespace's catalog in one language: the catalog itself, or a function that loads it (a dynamic `import()` of
 * the JSON file, so each language is a chunk of its own and only the page's language is fetched).
 */
export type CatalogSource = Catalog | (() => Promise<Catalog | { default: Catalog }>);

/** Every registered namespace with its catalog in each language (shared's `common` and `errors`, then each part's). */
const sources = new Map<string, Record<Locale, CatalogSource>>();
/** The last failure per `lng|ns`, until a later load of it succeeds. */
const failures = new Map<string, Error>();

const key = (lng: string, ns: string) => `${lng}|${ns}`;

/** The language stored by an earlier visit (localStorage `locale`, then the `i18next` cookie), else the default. */
function detectLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage blocked: the cookie decides.
  }
  if (typeof document !== 'undefined') {
    const match = /(?:^|;\s*)i18next=([^;]*)/.exec(document.cookie);
    const fromCookie = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
    if (isLocale(fromCookie)) return fromCookie;
  }
  return defaultLocale;
}

function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage blocked: the cookie keeps it.
  }
  if (typeof document !== 'undefined')
    document.cookie = `${LOCALE_COOKIE}=${locale}; max-age=${COOKIE_MAX_AGE_SECONDS}; path=/; SameSite=Strict`;
}

async function readCatalog(lng: string, ns: string): Promise<Catalog> {
  try {
    const source = isLocale(lng) ? sources.get(ns)?.[lng] : undefined;
    if (source === undefined) throw new Error('no catalog registered');
    let catalog: Catalog;
    if (typeof source === 'function') {
      const loaded = await source();
      // A JSON module's namespace object (`import('./x.json')`) carries the catalog as `default`.
      catalog = typeof loaded.default === 'object' ? loaded.default : (loaded as Catalog);
    } else catalog = source;
    // Deep-merged, its keys winning: a remote's newer build adds and replaces texts, the others stay.
    i18n.addResourceBundle(lng, ns, catalog, true, true);
    failures.delete(key(lng, ns));
    return i18n.getResourceBundle(lng, ns) as Catalog;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const error = new Error(`The "${ns}" strings in "${lng}" could not be loaded (${reason})`, { cause });
    failures.set(key(lng, ns), error);
    throw error;
  }
}

/** i18next's backend over the registered sources: i18next asks it for each namespace of a language it switches to. */
const catalogBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    readCatalog(lng, ns).then(
      (catalog) => callback(null, catalog),
      (error: Error) => callback(error, false),
    );
  },
};

for (const ns of NAMESPACES) {
  sources.set(ns, {
    th: () => sharedCatalogs.th().then((all) => all[ns]),
    la: () => sharedCatalogs.la().then((all) => all[ns]),
    en: () => sharedCatalogs.en().then((all) => all[ns]),
  });
}

/** The one i18next instance of the page (the shared package is a singleton, so every remote gets it). */
export const i18n: I18n = i18next.createInstance();

void i18n
  .use(catalogBackend)
  .use(initReactI18next)
  .init({
    lng: detectLocale(),
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: [...LOCALES],
    // Only the page's language is loaded: no other language is fetched as a fallback (every catalogue has the same
    // keys in th, la and en, which each part's catalogue test checks).
    fallbackLng: false,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : defaultLocale;
}

/** The namespaces registered so far (shared's and every part's that has loaded). */
function registeredNamespaces(): string[] {
  return [...sources.keys()];
}

/**
 * Loads the given namespaces (default: every registered one) in `locale`, each only once; rejects when one cannot be
 * loaded (a missing chunk), so nothing switches to a language whose strings are not there.
 */
export async function loadCatalogs(
  locale: Locale,
  namespaces: readonly string[] = registeredNamespaces(),
): Promise<void> {
  const missing = namespaces.filter(
    (ns) => !i18n.hasResourceBundle(locale, ns) || failures.has(key(locale, ns)),
  );
  if (missing.length === 0) return;
  await i18n.reloadResources([locale], missing);
  const failed = missing.map((ns) => failures.get(key(locale, ns))).filter((e) => e !== undefined);
  if (failed.length > 0) throw failed[0];
}

/** Resolves when the strings of the page's language are loaded (shared's and every part's registered so far). */
export function i18nReady(): Promise<void> {
  return loadCatalogs(currentLocale());
}

/**
 * Registers a namespace (a part's `catalogs.ts`): catalogs given as objects are added in every language at once;
 * loaders are called for the page's language now and for another language when the page switches to it. Resolves
 * when the page's language is there; rejects when it cannot be loaded. A namespace registered again (a newer build
 * of a remote) is merged over the copy already there, its keys winning.
 */
export function addCatalogs(ns: string, resources: Record<Locale, CatalogSource>): Promise<void> {
  const again = sources.has(ns);
  sources.set(ns, resources);
  const namespaces = i18n.options.ns;
  if (Array.isArray(namespaces) && !namespaces.includes(ns)) namespaces.push(ns);
  for (const locale of LOCALES) {
    const source = resources[locale];
    if (typeof source !== 'function') i18n.addResourceBundle(locale, ns, source, true, true);
  }
  const locale = currentLocale();
  if (!again) return loadCatalogs(locale, [ns]);
  // Every language already loaded takes the new build's strings; the page's language at least.
  const loaded = LOCALES.filter((l) => l === locale || i18n.hasResourceBundle(l, ns));
  return i18n.reloadResources(loaded, [ns]).then(() => {
    const failed = loaded.map((l) => failures.get(key(l, ns))).find((e) => e !== undefined);
    if (failed) throw failed;
  });
}

/**
 * Changes the language: first loads its strings for every registered part (so no key shows mid-switch), then
 * switches; `<html lang>` and the stored choice (localStorage `locale`, cookie `i18next`) follow. Rejects, leaving
 * the language as it was, when a part's strings in that language cannot be loaded.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await loadCatalogs(locale);
  await i18n.changeLanguage(locale);
}

if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[currentLocale()];

i18n.on('languageChanged', (lng: string) => {
  if (!isLocale(lng)) return;
  storeLocale(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[lng];
});
