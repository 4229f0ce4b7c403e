import { useCallback, useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
// eslint-disable-next-line no-restricted-imports -- the page's one instance (see ./form.tsx), not another part
import { toast, useAsyncAction, type ApiError } from '@wallet/shared';
import { focusFirstInvalid, useProblemText } from './form';
import type { Checked, Problems } from './form-model';
import { useConsoleRead } from './use-read';

export interface EditorOptions<F, B, S> {
  /** The namespace of the form's problem texts (`<ns>:problem.*`) and of `savedText`. */
  ns: string;
  /** A stored record's form, read by the kit's read hook; undefined: a new record, starting from `blank`. */
  read: (() => Promise<F>) | undefined;
  /** The key of the record being edited (the read is repeated when it changes). */
  readKey?: string;
  blank: () => F;
  /** The form read as the request body, or its problems by field (the server's checks, run before sending). */
  check: (form: F) => Checked<B>;
  save: (body: B) => Promise<S>;
  /** The toast once saved (translated by the caller). */
  savedText: (body: B) => string;
  onSaved: (saved: S) => void;
}

export interface Editor<F> {
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
  submit: (event: FormEvent) => void;
  busy: boolean;
  /** The server's refusal of the last save, if it refused. */
  refusal: ApiError | null;
  formRef: RefObject<HTMLFormElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The save/confirm flow of every console editor: the record read (or a blank form), the fields set one by one,
 * the checks run on submit with the focus on the first refused field, the save (one at a time, its refusal kept
 * for the footer), the toast and `onSaved`. The heading takes the focus when the editor opens (the link that
 * opened it is gone; a screen reader starts there).
 */
export function useEditor<F, B, S>(options: EditorOptions<F, B, S>): Editor<F> {
  const { ns, read, readKey, blank, check, save, savedText, onSaved } = options;
  const stored = useConsoleRead(read ?? (() => Promise.resolve(blank())), {
    key: readKey,
    enabled: read !== undefined,
  });
  const [edited, setEdited] = useState<F | undefined>(read === undefined ? blank : undefined);
  const form = edited ?? stored.data;
  const [problems, setProblems] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const problemText = useProblemText(ns, problems);
  const saving = useAsyncAction(save);

  const set = useCallback(
    <K extends keyof F>(key: K, value: F[K]) =>
      setEdited((current) => {
        const base = current ?? stored.data;
        return base === undefined ? base : { ...base, [key]: value };
      }),
    [stored.data],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form === undefined) return;
    const checked = check(form);
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirstInvalid(formRef.current);
      return;
    }
    setProblems({});
    void saving.run(checked.body).then((result) => {
      if (!result.ok) return;
      toast.success(savedText(checked.body));
      onSaved(result.value);
    });
  };

  return {
    form,
    loadError: stored.error,
    set,
    problemText,
    problemCount: Object.keys(problems).length,
    submit,
    busy: saving.busy,
    refusal: saving.error,
    formRef,
    headingRef,
  };
}
