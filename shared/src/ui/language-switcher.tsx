import { useTranslation } from 'react-i18next';
import { i18n, isLocale, setLocale } from '../i18n/i18n';
import { LOCALES } from '../i18n/locales';
import { toast } from './toast';

export interface LanguageSwitcherProps {
  className?: string;
  /** Hide the visible "Language" caption (the top bar); the select keeps its accessible name. */
  compact?: boolean;
}

/**
 * Dropdown of the three languages, each in its own script (ไทย, ລາວ, English). Changing it switches every part
 * of the page at once, once its strings are loaded, and stores the choice (`locale` in localStorage and the `i18next` cookie).
 */
export function LanguageSwitcher({ className, compact = false }: LanguageSwitcherProps) {
  const { t, i18n: instance } = useTranslation('common', { i18n });
  const current = instance.resolvedLanguage ?? instance.language;
  return (
    <label className={`wl-lang${compact ? ' wl-lang--compact' : ''}${className ? ` ${className}` : ''}`}>
      <span className={compact ? 'wl-visually-hidden' : 'wl-lang__caption'}>{t('language.label')}</span>
      <select
        className="wl-lang__select"
        data-testid="language-switcher"
        value={isLocale(current) ? current : LOCALES[0]}
        onChange={(event) => {
          // The new language's strings load first; if they cannot, the page stays as it is and says so.
          if (isLocale(event.target.value))
            setLocale(event.target.value).catch(() => toast.error(t('language.loadFailed')));
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale === 'la' ? 'lo' : locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
