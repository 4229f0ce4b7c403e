import { useCallback, useState, type FormEvent } from 'react';
// eslint-disable-next-line no-restricted-imports -- the page's one instance (see ./form.tsx), not another part
import { toast, useAsyncAction, useTranslation, type ApiError } from '@wallet/shared';
import { focusFirstInvalid, useProblemText } from './form';
import { LANGUAGES, type Checked, type Language, type Localized, type Problems } from './form-model';
import { invalidateConsoleReads, useConsoleRead, type ConsoleKey } from './use-read';

export interface EditorOptions<F, B, S> {
  /** The namespace of the editor's texts (its problems `<ns>:problem.*`, save, cancel...). */
  ns: string;
  /** The prefix of the editor's `data-testid`s and ids (`<prefix>-editor-title`, `<prefix>-problems`...). */
  prefix: string;
  /** The key (code, id) of the stored record edited; undefined: a new record, starting from `blank`. */
  recordKey: string | undefined;
  /** The read's key in the page's cache, without the record's (`['ops', 'spin', 'wheel']`). */
  readKey: ConsoleKey;
  /** The stored record's form (read by the kit's read hook under `[...readKey, recordKey]`). */
  read: (key: string) => Promise<F>;
  /** The reads a save makes stale (key prefixes: the lists that show the record); `readKey` is always one. */
  invalidates?: readonly ConsoleKey[];
  blank: () => F;
  /** The form read as the request body, or its problems by field (the server's checks, run before sending). */
  check: (form: F, isNew: boolean) => Checked<B>;
  save: (body: B) => Promise<S>;
  /** The toast once saved (translated by the caller). */
  savedText: (body: B) => string;
  onSaved: (saved: S) => void;
}

/** The keys of `F` whose values are of type `V`. */
type KeysOf<F, V> = { [K in keyof F]: F[K] extends V ? K : never }[keyof F] & string;

export interface Editor<F> {
  /** The namespace of the editor's texts. */
  ns: string;
  prefix: string;
  /** A new record (its key is typed), not a stored one. */
  isNew: boolean;
  /** The form as typed; undefined while a stored record is read. */
  form: F | undefined;
  /** Why the stored record could not be read. */
  loadError: string | undefined;
  /** Sets one field of the form. */
  set: <K extends keyof F>(key: K, value: F[K]) => void;
  /** The translated problem at a field, if the last check found one. */
  problemText: (field: string) => string | undefined;
  problemCount: number;
  /** Checks, then saves: problems shown at their fields (focus on the first), or the body sent and `onSaved`. */
  submit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** The server's refusal of the last save, if it refused. */
  refusal: ApiError | null;
  /** The text fields of the form (by name) bound to a `FormField` or `TextArea`: value, setter, problem. */
  text: { [K in KeysOf<F, string>]: TextBinding };
  /** The yes/no fields of the form bound to a `Checkbox`. */
  flag: { [K in KeysOf<F, boolean>]: FlagBinding };
  /** The texts in every language bound to `LocalizedFields` (each language labelled by `<ns>:language.<lang>`). */
  localized: { [K in KeysOf<F, Localized>]: LocalizedBinding };
}

export interface TextBinding {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}
export interface FlagBinding {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}
export interface LocalizedBinding {
  field: string;
  value: Localized;
  onChange: (value: Localized) => void;
  problemText: (field: string) => string | undefined;
  languageLabel: (lang: Language) => string;
}

const isLocalized = (value: unknown): value is Localized =>
  typeof value === 'object' && value !== null && LANGUAGES.every((lang) => lang in value);

/**
 * The save/confirm flow of every console editor: the record read (or a blank form), the fields set one by one,
 * the checks run on submit with the focus on the first refused field, the save (one at a time, its refusal kept
 * for the footer), the reads it made stale invalidated (the record's, the lists'), the toast and `onSaved`. Its frame, with the heading, the form and the footer, is `EditorFrame`.
 */
export function useEditor<F, B, S>(options: EditorOptions<F, B, S>): Editor<F> {
  const { ns, prefix, recordKey, readKey, read, blank, check, save, savedText, onSaved } = options;
  const isNew = recordKey === undefined;
  const stored = useConsoleRead([...readKey, recordKey ?? ''], () => read(recordKey ?? ''), {
    enabled: !isNew,
  });
  const [edited, setEdited] = useState<F | undefined>(isNew ? blank : undefined);
  const form = edited ?? stored.data;
  const [problems, setProblems] = useState<Problems>({});
  const problemText = useProblemText(ns, problems);
  const { t } = useTranslation(ns);
  const saving = useAsyncAction(save);

  const set = useCallback(
    <K extends keyof F>(key: K, value: F[K]) =>
      setEdited((current) => {
        const base = current ?? stored.data;
        return base === undefined ? base : { ...base, [key]: value };
      }),
    [stored.data],
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form === undefined) return;
    const checked = check(form, isNew);
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setProblems({});
    void saving.run(checked.body).then((result) => {
      if (!result.ok) return;
      void invalidateConsoleReads(readKey, ...(options.invalidates ?? []));
      toast.success(savedText(checked.body));
      onSaved(result.value);
    });
  };

  // Every field of the form as typed, bound to its input by its name (text, yes/no, or a text in every language).
  const text: Record<string, TextBinding> = {};
  const flag: Record<string, FlagBinding> = {};
  const localized: Record<string, LocalizedBinding> = {};
  for (const [key, value] of Object.entries(form ?? {}) as [keyof F & string, unknown][]) {
    const setTo = (next: unknown) => set(key, next as F[typeof key]);
    if (typeof value === 'string') text[key] = { value, onValueChange: setTo, error: problemText(key) };
    else if (typeof value === 'boolean') flag[key] = { checked: value, onCheckedChange: setTo };
    else if (isLocalized(value))
      localized[key] = {
        field: key,
        value,
        onChange: setTo,
        problemText,
        languageLabel: (lang) => t(`language.${lang}`),
      };
  }
  return {
    ns,
    prefix,
    isNew,
    text: text as Editor<F>['text'],
    flag: flag as Editor<F>['flag'],
    localized: localized as Editor<F>['localized'],
    form,
    loadError: stored.error,
    set,
    problemText,
    problemCount: Object.keys(problems).length,
    submit,
    busy: saving.busy,
    refusal: saving.error,
  };
}
