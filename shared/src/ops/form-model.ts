// The data side of the operators' console forms (./form.tsx): the texts an operator writes in every language and
// the problems a form's checks find, by field. No React and no styles, so a remote's checking code (its `forms.ts`)
// can import it without the components. Part of the console kit `@wallet/shared/ops`, not of `@wallet/shared` (every page
// loads that): the console's remotes bundle it into their operator chunks.
import { currencyScale, formatMoney, toMinorUnits } from '../format/money';
import type { Currency } from '../format/money';
import type { Locale } from '../i18n/locales';

/** The currencies an operator sets amounts in (the site's, in the site's order). */
export const CURRENCIES: readonly Currency[] = ['THB', 'LAK'];

/** The languages of every text an operator writes for members (the site's locales, in the site's order). */
export const LANGUAGES = ['th', 'la', 'en'] as const satisfies readonly Locale[];
export type Language = (typeof LANGUAGES)[number];

/** A text in each language, as the API takes it (`names`, `descriptions`, a banner's `html`...). */
export type Localized = Record<Language, string>;

/** A problem at a field: a key of `<the form's namespace>:problem.*` and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}
/** A form's problems by field name (`code`, `names.th`, `slices.0.weight`...). */
export type Problems = Record<string, Problem>;

/** A form read as its request body, or every problem found in it. */
export type Checked<T> = { ok: true; body: T } | { ok: false; problems: Problems };

export const emptyLocalized = (): Localized => ({ th: '', la: '', en: '' });

/**
 * Checks a text in every language (each required, at most `max` characters) and records each problem at
 * `<field>.<lang>`, where `LocalizedFields` shows it (keys `required` and `tooLong`). Returns the text as sent.
 */
export function checkLocalized(problems: Problems, field: string, value: Localized, max: number): Localized {
  for (const lang of LANGUAGES) {
    const text = value[lang];
    if (text.trim() === '') problems[`${field}.${lang}`] = { key: 'required' };
    else if (text.length > max) problems[`${field}.${lang}`] = { key: 'tooLong', values: { max } };
  }
  return { th: value.th, la: value.la, en: value.en };
}

/** Minor units shown as the operator types them: `1500.00` baht, `50000` kip (no grouping, so it reads back). */
export const minorToInput = (minor: number, currency: Currency): string =>
  formatMoney(minor, currencyScale(currency)).replace(/,/g, '');

/** A whole number typed in a field (digits only, at most 15, a safe integer), or null. */
export const wholeNumber = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
};

/** Checks a whole number typed in [min, max] and records its problem at `field` (`required`, `range`). */
export function checkWholeNumber(
  problems: Problems,
  field: string,
  text: string,
  min: number,
  max: number,
): number {
  const value = wholeNumberIn(text, min, max);
  if (text.trim() === '') problems[field] = { key: 'required' };
  else if (value === null) problems[field] = { key: 'range', values: { min, max } };
  return value ?? 0;
}

/** A whole number typed in [min, max], or null. */
export const wholeNumberIn = (text: string, min: number, max: number): number | null => {
  const value = wholeNumber(text);
  return value !== null && value >= min && value <= max ? value : null;
};

/**
 * Reads an amount typed in the currency's major units as minor units, and records its problem at `field`
 * (`required`, `money`, or `positive` when `positive` and it is not above 0).
 */
export function checkAmount(
  problems: Problems,
  field: string,
  text: string,
  currency: Currency,
  positive: boolean,
): number {
  if (text.trim() === '') {
    problems[field] = { key: 'required' };
    return 0;
  }
  const minor = toMinorUnits(text.trim(), currencyScale(currency));
  if (minor === null) problems[field] = { key: 'money', values: { currency } };
  else if (positive && minor < 1) problems[field] = { key: 'positive' };
  return minor ?? 0;
}
