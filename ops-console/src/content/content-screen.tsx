import { useCallback, useEffect, useId, useRef, useState } from 'react';
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
import { opsApi, type ContentEntry, type ContentKey, type ContentLocale } from '../api';
import { errorText } from '../errors';
import { LoadFailed } from '@wallet/shared/ops';
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
  const [entries, setEntries] = useState<ContentEntry[]>();
  const [listError, setListError] = useState<string>();
  const [key, setKey] = useState<ContentKey>();
  // The console's language first: an operator reading the console in Lao most likely edits the Lao text.
  const [locale, setLocale] = useState<ContentLocale>(
    () => LANGUAGES.find((l) => l === i18n.resolvedLanguage) ?? 'th',
  );
  const [loaded, setLoaded] = useState<Loaded>();
  const [loadError, setLoadError] = useState<string>();
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<Refusal>();
  const [saving, setSaving] = useState(false);
  const [formDirty, setFormDirty] = useState(false);

  /** The list; the first read also opens its first key (a key of every language: `*`). */
  const fetchList = useCallback(
    (first: boolean) =>
      opsApi.content().then(
        (list) => {
          setEntries(list);
          const opening = list[0];
          if (!first || !opening) return;
          setKey(opening.key);
          if (isShared(opening)) setLocale('*');
        },
        (error: unknown) => setListError(errorText(error)),
      ),
    [],
  );
  useEffect(() => {
    void fetchList(true);
  }, [fetchList]);

  // Only the answer sets state, and only the answer to the latest read: a value of another key or language is
  // never shown (`loaded` says whose it is).
  const wanted = useRef('');
  const fetchValue = useCallback((k: ContentKey, l: ContentLocale) => {
    const id = `${k}/${l}`;
    wanted.current = id;
    opsApi.contentValue(k, l).then(
      (value) => {
        if (wanted.current !== id) return;
        const text = pretty(value);
        setLoaded({ key: k, locale: l, text, stored: true });
        setDraft(text);
      },
      (error: unknown) => {
        if (wanted.current !== id) return;
        if (isApiError(error) && error.code === 'NO_DATA') {
          setLoaded({ key: k, locale: l, text: '', stored: false });
          setDraft('');
        } else setLoadError(errorText(error));
      },
    );
  }, []);
  useEffect(() => {
    if (key) fetchValue(key, locale);
  }, [key, locale, fetchValue]);

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
    setLoadError(undefined);
    setRefusal(undefined);
    setFormDirty(false);
    setKey(nextEntry.key);
    const own = LANGUAGES.find((l) => l === i18n.resolvedLanguage) ?? 'th';
    setLocale(isShared(nextEntry) ? '*' : locale === '*' ? own : locale);
  };
  const chooseLocale = async (next: ContentLocale) => {
    if (next === locale || !(await leave())) return;
    setLoadError(undefined);
    setRefusal(undefined);
    setFormDirty(false);
    setLocale(next);
  };

  /** The value as the server stored it becomes the one the editor starts from; the list's times are read again. */
  const saved = (k: ContentKey, l: ContentLocale, value: unknown) => {
    const text = pretty(value);
    setLoaded({ key: k, locale: l, text, stored: true });
    setDraft(text);
    setFormDirty(false);
    void fetchList(false);
  };

  const save = async () => {
    if (!key || !parsed.ok) return;
    setSaving(true);
    setRefusal(undefined);
    try {
      const value = await opsApi.setContent(key, locale, parsed.value);
      toast.success(t('content.saved', { name: name(key) }));
      saved(key, locale, value);
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
      {listError ? (
        <LoadFailed
          message={listError}
          actionLabel={t('retry')}
          onAction={() => {
            setListError(undefined);
            void fetchList(true);
          }}
        />
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
          {loadError ? (
            <LoadFailed
              message={loadError}
              actionLabel={t('retry')}
              onAction={() => {
                setLoadError(undefined);
                fetchValue(key, locale);
              }}
            />
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
