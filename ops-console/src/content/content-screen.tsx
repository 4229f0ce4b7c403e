import { useId, useState } from 'react';
import {
  confirm,
  DelayedLoader,
  formatDateTime,
  isApiError,
  SelectField,
  toast,
  toastError,
  useTranslation,
} from '@wallet/shared';
import { OPS_KEYS, opsApi, type ContentEntry, type ContentKey, type ContentLocale } from '../api';
import { errorText } from '../errors';
import { invalidateConsoleReads, LoadFailed, useConsoleRead } from '@wallet/shared/ops';
import { EditActions } from './edit-actions';
import { asDepositContent, DepositAccountsForm } from './deposit-accounts';
import { asParagraphs, isParagraphsKey, ParagraphsForm } from './paragraphs';
import { asSlipSettings, SlipSettingsForm } from './slip-settings';
import { asSources, SourcesForm } from './sources';
import { asTexts, emptyTexts, isTextKey, TextFieldsForm } from './text-fields';
import { asWithdrawLimits, WithdrawLimitsForm } from './withdraw-limits';

const LANGUAGES = ['th', 'la', 'en'] as const;

/** The value as the editor shows it: JSON indented by two spaces. */
const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

type Parsed = { ok: true; value: unknown } | { ok: false; reason: string };

function parse(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  }
}

/** A key whose one value serves every language (`*`: slip, deposit, withdraw). */
const isShared = (entry: ContentEntry | undefined): boolean =>
  entry?.locales.some((l) => l.locale === '*') ?? false;

/** What the stored value is for the editor: its text, or nothing stored in that language. */
interface Loaded {
  key: ContentKey;
  locale: ContentLocale;
  text: string;
  stored: boolean;
}

/** The stored value of a key in a language, as the editor starts from it; nothing stored is an answer too. */
const readValue = (key: ContentKey, locale: ContentLocale): Promise<Loaded> =>
  opsApi.contentValue(key, locale).then(
    (value) => ({ key, locale, text: pretty(value), stored: true }),
    (error: unknown) => {
      if (isApiError(error) && error.code === 'NO_DATA') return { key, locale, text: '', stored: false };
      throw error;
    },
  );

/** Why the server refused a save: where in the value (a JSON path) and its own words. */
interface Refusal {
  field: string;
  detail: string | undefined;
}

/**
 * Lookup content (admin): the texts and limits members see (`/api/lookup/*`), one key and language at a time, as
 * JSON. The server checks the value against the key's shape and says where it does not fit (`field`); nothing
 * is stored then. A saved value reaches members at once, and the audit log keeps it with the one before.
 */
export function ContentScreen() {
  const { t, i18n } = useTranslation('ops');
  const editorId = useId();
  const list = useConsoleRead(OPS_KEYS.content, () => opsApi.content(), { errorText });
  const entries = list.data;
  // The key chosen; until one is, the list's first (a key of every language opens in `*`).
  const [chosenKey, setKey] = useState<ContentKey>();
  const opening = entries?.[0];
  const key = chosenKey ?? opening?.key;
  // The console's language first: an operator reading the console in Lao most likely edits the Lao text.
  const [chosenLocale, setLocale] = useState<ContentLocale>(
    () => LANGUAGES.find((l) => l === i18n.resolvedLanguage) ?? 'th',
  );
  const locale = chosenKey === undefined && isShared(opening) ? '*' : chosenLocale;
  // The value of this key in this language only (its own key in the cache): another's is never shown.
  const value = useConsoleRead(
    OPS_KEYS.contentValue(key, locale),
    () => (key ? readValue(key, locale) : Promise.reject(new Error('no key chosen'))),
    { enabled: key !== undefined, errorText },
  );
  const loaded = key === undefined ? undefined : value.data;
  const [draft, setDraft] = useState('');
  // Each value read starts the editor afresh from its text.
  const [draftOf, setDraftOf] = useState<Loaded>();
  if (loaded !== draftOf) {
    setDraftOf(loaded);
    if (loaded) setDraft(loaded.text);
  }
  const [refusal, setRefusal] = useState<Refusal>();
  const [saving, setSaving] = useState(false);
  const [formDirty, setFormDirty] = useState(false);

  const parsed = parse(draft);
  // The withdrawal limits (amounts in baht or kip), the deposit accounts, the slip settings, the short texts (site
  // name, bonus notice, support contact), the paragraphs (bonus conditions, member agreement) and the registration
  // sources have forms of their own when the stored value is of the shape; anything else is edited as JSON.
  const storedValue = loaded && loaded.key === key && loaded.stored ? parse(loaded.text) : undefined;
  const limits = key === 'withdraw' && storedValue?.ok ? asWithdrawLimits(storedValue.value) : undefined;
  const deposit = key === 'deposit' && storedValue?.ok ? asDepositContent(storedValue.value) : undefined;
  const slip = key === 'slip' && storedValue?.ok ? asSlipSettings(storedValue.value) : undefined;
  // A form of one language's value opens on it when it is of the form's shape (else the JSON editor shows it), or
  // empty when nothing is stored in that language: saving adds the language.
  const perLanguage = <T,>(of: (value: unknown) => T | undefined, empty: T): T | undefined =>
    !loaded || loaded.key !== key
      ? undefined
      : storedValue?.ok
        ? of(storedValue.value)
        : loaded.stored
          ? undefined
          : empty;
  const textKey = key && isTextKey(key) ? key : undefined;
  const texts = textKey && perLanguage((value) => asTexts(textKey, value), emptyTexts(textKey));
  const paragraphsKey = key && isParagraphsKey(key) ? key : undefined;
  const paragraphs = paragraphsKey && perLanguage(asParagraphs, []);
  const sources = key === 'sources' ? perLanguage(asSources, []) : undefined;
  const dirty =
    limits || deposit || slip || texts || paragraphs || sources
      ? formDirty
      : loaded !== undefined && draft !== loaded.text;
  const name = (k: ContentKey) => t(`content.keys.${k}.name`);
  const entry = entries?.find((e) => e.key === key);
  const shared = isShared(entry);
  const changedAt = entry?.locales.find((l) => l.locale === locale)?.updatedAt;

  /** Leaving an edited value asks first: it would be lost. */
  const leave = async (): Promise<boolean> =>
    !dirty ||
    confirm({
      title: t('content.unsavedTitle'),
      body: t('content.unsavedBody'),
      confirmLabel: t('content.discard'),
      danger: true,
    });

  const chooseKey = async (next: string) => {
    const nextEntry = entries?.find((e) => e.key === next);
    if (!nextEntry || next === key || !(await leave())) return;
    setRefusal(undefined);
    setFormDirty(false);
    setKey(nextEntry.key);
    const own = LANGUAGES.find((l) => l === i18n.resolvedLanguage) ?? 'th';
    setLocale(isShared(nextEntry) ? '*' : locale === '*' ? own : locale);
  };
  const chooseLocale = async (next: ContentLocale) => {
    if (next === locale || !(await leave())) return;
    setRefusal(undefined);
    setFormDirty(false);
    setLocale(next);
  };

  /** The value as the server stored it becomes the one the editor starts from; the list's times are read again. */
  const saved = (k: ContentKey, l: ContentLocale, stored: unknown) => {
    value.update(() => ({ key: k, locale: l, text: pretty(stored), stored: true }));
    setFormDirty(false);
    void invalidateConsoleReads(OPS_KEYS.content);
  };

  const save = async () => {
    if (!key || !parsed.ok) return;
    setSaving(true);
    setRefusal(undefined);
    try {
      const stored = await opsApi.setContent(key, locale, parsed.value);
      toast.success(t('content.saved', { name: name(key) }));
      saved(key, locale, stored);
    } catch (error) {
      if (isApiError(error) && error.code === 'KEY_INVALID' && error.field) {
        setRefusal({ field: error.field, detail: error.detail });
      } else toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const problem =
    !parsed.ok && draft.trim() !== '' ? t('content.notJson', { reason: parsed.reason }) : undefined;
  const errorId = `${editorId}-error`;

  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('menu.content')}</h1>
      <p className="ops-notice" role="note">
        {t('content.intro')}
      </p>
      {list.error ? (
        <LoadFailed message={list.error} actionLabel={t('retry')} onAction={() => void list.retry()} />
      ) : !entries || !key ? (
        <DelayedLoader active variant="inline" label={t('loading')} />
      ) : (
        <div className="ops-content">
          <SelectField
            label={t('content.what')}
            value={key}
            options={entries.map((e) => ({ value: e.key, label: name(e.key) }))}
            onValueChange={(next) => void chooseKey(next)}
            hint={t(`content.keys.${key}.hint`)}
          />
          {shared ? (
            <p className="ops-hint">{t('content.allLanguages')}</p>
          ) : (
            <div className="ops-segments" role="radiogroup" aria-label={t('content.language')}>
              {LANGUAGES.map((l) => (
                <button
                  key={l}
                  type="button"
                  role="radio"
                  aria-checked={locale === l}
                  className="ops-segment"
                  onClick={() => void chooseLocale(l)}
                >
                  {t(`content.languages.${l}`)}
                </button>
              ))}
            </div>
          )}
          {value.error ? (
            <LoadFailed message={value.error} actionLabel={t('retry')} onAction={() => void value.retry()} />
          ) : !loaded || loaded.key !== key || loaded.locale !== locale ? (
            <DelayedLoader active variant="inline" label={t('loading')} />
          ) : (
            <>
              <p className="ops-hint">
                {loaded.stored && changedAt
                  ? t('content.changedAt', { when: formatDateTime(changedAt) })
                  : t('content.notStored')}
              </p>
              {limits ? (
                <WithdrawLimitsForm
                  key={loaded.text}
                  stored={limits}
                  onDirty={setFormDirty}
                  onSaved={(value) => saved('withdraw', '*', value)}
                />
              ) : deposit ? (
                <DepositAccountsForm
                  key={loaded.text}
                  stored={deposit}
                  onDirty={setFormDirty}
                  onSaved={(value) => saved('deposit', '*', value)}
                />
              ) : sources ? (
                <SourcesForm
                  key={`sources/${locale}/${loaded.text}`}
                  locale={locale}
                  stored={sources}
                  onDirty={setFormDirty}
                  onSaved={(value) => saved('sources', locale, value)}
                />
              ) : paragraphs && paragraphsKey ? (
                <ParagraphsForm
                  key={`${paragraphsKey}/${locale}/${loaded.text}`}
                  textKey={paragraphsKey}
                  locale={locale}
                  stored={paragraphs}
                  onDirty={setFormDirty}
                  onSaved={(value) => saved(paragraphsKey, locale, value)}
                />
              ) : texts && textKey ? (
                <TextFieldsForm
                  key={`${textKey}/${locale}/${loaded.text}`}
                  textKey={textKey}
                  locale={locale}
                  stored={texts}
                  onDirty={setFormDirty}
                  onSaved={(value) => saved(textKey, locale, value)}
                />
              ) : slip ? (
                <SlipSettingsForm
                  key={loaded.text}
                  stored={slip}
                  onDirty={setFormDirty}
                  onSaved={(value) => saved('slip', '*', value)}
                />
              ) : (
                <>
                  <div className={`wl-field${problem || refusal ? ' wl-field--invalid' : ''}`}>
                    <label className="wl-field__label" htmlFor={editorId}>
                      {t('content.value')}
                    </label>
                    <textarea
                      id={editorId}
                      className="wl-input ops-json"
                      value={draft}
                      spellCheck={false}
                      autoCapitalize="off"
                      autoCorrect="off"
                      rows={Math.min(24, Math.max(8, draft.split('\n').length + 1))}
                      aria-invalid={problem || refusal ? true : undefined}
                      aria-describedby={problem || refusal ? errorId : undefined}
                      onChange={(event) => {
                        setDraft(event.target.value);
                        setRefusal(undefined);
                      }}
                    />
                    {(problem || refusal) && (
                      <div id={errorId} className="ops-refusal" role="alert">
                        {problem ? (
                          <p>{problem}</p>
                        ) : (
                          refusal && (
                            <>
                              <p>{t('content.refused', { field: refusal.field })}</p>
                              {refusal.detail && <p className="ops-key">{refusal.detail}</p>}
                            </>
                          )
                        )}
                      </div>
                    )}
                  </div>
                  <EditActions
                    dirty={dirty}
                    canSave={parsed.ok}
                    saving={saving}
                    onSave={() => void save()}
                    onDiscard={() => {
                      setDraft(loaded.text);
                      setRefusal(undefined);
                    }}
                  />
                </>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
