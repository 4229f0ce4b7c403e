import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { buildConfig } from '../config';
import { LOCALES, NAMESPACES, resources, type Locale } from './locales';

/** Where the chosen language is kept (spec §3: `locale` in storage and the `i18next` cookie). */
export const LOCALE_STORAGE_KEY = 'locale';
export const LOCALE_COOKIE = 'i18next';

export const defaultLocale: Locale = buildConfig.laos ? 'la' : 'th';

/** HTML `lang` values: the product calls Lao `la`, the language tag is `lo`. */
export const htmlLang: Record<Locale, string> = { th: 'th', la: 'lo', en: 'en' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The one i18next instance of the page (the shared package is a singleton, so every remote gets it). */
export const i18n: I18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    supportedLngs: [...LOCALES],
    fallbackLng: defaultLocale,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: ['localStorage', 'cookie'],
      lookupLocalStorage: LOCALE_STORAGE_KEY,
      lookupCookie: LOCALE_COOKIE,
      caches: ['localStorage', 'cookie'],
      cookieMinutes: 60 * 24 * 365,
    },
  });

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : defaultLocale;
}

/** Changes the language; the detector stores it (localStorage `locale`, cookie `i18next`) and `<html lang>` follows. */
export async function setLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
}

if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[currentLocale()];

i18n.on('languageChanged', (lng: string) => {
  if (!isLocale(lng)) return;
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[lng];
});
