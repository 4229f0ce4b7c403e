import { useState } from 'react';
import { isApiError, toast, toastError, useTranslation } from '@wallet/shared';
import { opsApi, type ContentKey, type ContentLocale } from '../api';

/** What the content screen gives a content form: the stored value, and how to report changes and a save. */
export interface ContentFormProps<T> {
  stored: T;
  onSaved: (saved: unknown) => void;
  onDirty: (dirty: boolean) => void;
}

/** Why the server refused a save: the form's field it is at (undefined: none of them) and the server's words. */
export interface FormRefusal<F extends string> {
  field: F | undefined;
  detail: string;
}

/**
 * The state every content form (limits, deposit accounts, slip settings, texts, paragraphs, sources) keeps: the
 * draft against the stored value it started from, whether a save was tried (errors show from then on), the server's
 * last refusal and a save under way. `change` clears a refusal and tells the screen whether anything differs (`onDirty`,
 * compared by `snapshot`); `save` stores the value in `locale` (a key shared by every language: `*`) and maps a
 * `KEY_INVALID` refusal's JSON path to a field of the form with `fieldOf`.
 */
export function useContentForm<D, F extends string>({
  key,
  locale = '*',
  initial,
  snapshot = (draft) => JSON.stringify(draft),
  onDirty,
  onSaved,
}: {
  key: ContentKey;
  locale?: ContentLocale;
  initial: D;
  snapshot?: (draft: D) => string;
  onDirty: (dirty: boolean) => void;
  onSaved: (saved: unknown) => void;
}) {
  const { t } = useTranslation('ops');
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<FormRefusal<F>>();
  const [saving, setSaving] = useState(false);

  const change = (next: D) => {
    setDraft(next);
    setRefused(undefined);
    onDirty(snapshot(next) !== snapshot(initial));
  };

  const discard = () => {
    setDraft(initial);
    setTried(false);
    setRefused(undefined);
    onDirty(false);
  };

  /** Stores `value`; true when it was stored (a refusal is kept in `refused`, any other error is a toast). */
  const save = async (value: unknown, fieldOf: (path: string) => F | undefined): Promise<boolean> => {
    setSaving(true);
    try {
      const saved = await opsApi.setContent(key, locale, value);
      toast.success(t('content.saved', { name: t(`content.keys.${key}.name`) }));
      onSaved(saved);
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === 'KEY_INVALID') {
        setRefused({
          field: error.field ? fieldOf(error.field) : undefined,
          detail: error.detail ?? error.message,
        });
      } else toastError(error);
      return false;
    } finally {
      setSaving(false);
    }
  };

  /**
   * The form's own problems by field with the server's last refusal added at its field (worded by `words`), which
   * of them show now (all, once a save was tried or refused) and the refusal that has no field of the form.
   */
  const problems = (own: Partial<Record<F, string>>, words: (detail: string) => string) => {
    const errors = { ...own };
    if (refused?.field) errors[refused.field] ??= words(refused.detail);
    return {
      errors,
      invalid: Object.keys(errors).length > 0,
      shown: (field: F): string | undefined => (tried || refused ? errors[field] : undefined),
      unplaced: refused && !refused.field ? words(refused.detail) : undefined,
    };
  };

  return {
    draft,
    change,
    problems,
    dirty: snapshot(draft) !== snapshot(initial),
    tried,
    /** A save was asked for: the form's own checks show from now on. */
    tryToSave: () => setTried(true),
    refused,
    saving,
    save,
    discard,
  };
}
