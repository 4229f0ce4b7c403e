// The pieces the operators' console editors share (mfe-bonus's bonus and promotion editors, mfe-spin's wheel
// editor): a text in every language, a text area in the frame of `FormField`, the groups of a form, the save row,
// and the focus on the first field the checks refused. Texts come from the caller: as props, or from the caller's
// namespace (`useProblemText`); the shared `common` catalog holds none of them.
//
// Only the console loads this: it is part of the console kit `@wallet/shared/ops` (./index.ts), not of
// `@wallet/shared` nor of the UI kit, which are in every member page's first load. Module Federation shares
// `@wallet/shared` by its exact name only, so webpack bundles `@wallet/shared/ops` into each console screen's own
// chunk, styles included. That is why it takes the UI kit and the i18n hook from `@wallet/shared` itself, the page's one instance,
// and not by relative paths: those would bundle a second copy of the kit and of the i18n instance, without the
// page's catalogs, into the remote.
import { useId, type ComponentProps, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the page's one instance (see above), not another part
import { Button, FormField, htmlLang, useTranslation } from '@wallet/shared';
import { LANGUAGES, type Language, type Localized, type Problem, type Problems } from './form-model';
import './ops.css';

export {
  LANGUAGES,
  checkLocalized,
  emptyLocalized,
  type Checked,
  type Language,
  type Localized,
  type Problem,
  type Problems,
} from './form-model';

/** The translated text of a form problem (`<ns>:problem.<key>`, with its values), or undefined. */
export function useProblemText(ns: string, problems: Problems): (field: string) => string | undefined {
  const { t } = useTranslation(ns);
  return (field: string) => {
    const problem: Problem | undefined = problems[field];
    return problem ? t(`problem.${problem.key}`, problem.values ?? {}) : undefined;
  };
}

/** A labelled multi-line input with the same frame and inline error as the shared `FormField`. */
export function TextArea({
  label,
  value,
  onValueChange,
  error,
  hint,
  lang,
  rows = 3,
  maxLength,
  required,
}: {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
  lang?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}) {
  const id = useId();
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`wl-field${error ? ' wl-field--invalid' : ''}`}>
      <label className="wl-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="wl-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className="wl-field__control">
        <textarea
          id={id}
          className="wl-input wl-opsf-textarea"
          value={value}
          lang={lang}
          rows={rows}
          maxLength={maxLength}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onValueChange(event.target.value)}
        />
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="wl-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="wl-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The key of a record (its code or id): typed for a new record (up to 40 characters), read-only once it is stored,
 * since saving replaces the record by its key.
 */
export function KeyField({
  label,
  isNew,
  hint,
  fixedHint,
  transform,
  ...bound
}: {
  label: string;
  /** A new record: the key is typed (and `hint` shown), else it is fixed (and `fixedHint` shown). */
  isNew: boolean;
  hint: string;
  fixedHint: string;
  transform: ComponentProps<typeof FormField>['transform'];
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  return (
    <FormField
      {...bound}
      label={label}
      transform={transform}
      readOnly={!isNew}
      required
      maxLength={40}
      autoComplete="off"
      hint={isNew ? hint : fixedHint}
    />
  );
}

/** A group of a form: a fieldset and its legend. */
export function FormGroup({
  legend,
  className,
  children,
}: {
  legend: ReactNode;
  /** Added to the group's own class. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={className ? `wl-opsf-group ${className}` : 'wl-opsf-group'}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Fields side by side, as many per row as fit. */
export function FormGrid({ children }: { children: ReactNode }) {
  return <div className="wl-opsf-grid">{children}</div>;
}

/** A note on a group of fields. */
export function FormHint({ className, ...rest }: ComponentProps<'p'>) {
  return <p {...rest} className={className ? `wl-opsf-hint ${className}` : 'wl-opsf-hint'} />;
}

/** A problem of a whole group (not of one field), announced; nothing when there is none. */
export function FormProblem({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="wl-field__error wl-opsf-error" role="alert">
      {text}
    </p>
  );
}

/** A text in Thai, Lao and English: a fieldset with one input (or text area) per language. */
export function LocalizedFields({
  legend,
  field,
  value,
  onChange,
  problemText,
  languageLabel,
  multiline = false,
  maxLength,
  hint,
}: {
  legend: string;
  /** The form's field name (problems are at `<field>.<lang>`). */
  field: string;
  value: Localized;
  onChange: (value: Localized) => void;
  problemText: (field: string) => string | undefined;
  /** The label of each language's field (the language's name). */
  languageLabel: (lang: Language) => string;
  multiline?: boolean;
  maxLength: number;
  hint?: string;
}) {
  return (
    <fieldset className="wl-opsf-group wl-opsf-localized">
      <legend>{legend}</legend>
      {hint && <FormHint>{hint}</FormHint>}
      {LANGUAGES.map((lang) => {
        const common = {
          label: languageLabel(lang),
          value: value[lang],
          error: problemText(`${field}.${lang}`),
          lang: htmlLang[lang],
          maxLength,
          required: true,
          onValueChange: (text: string) => onChange({ ...value, [lang]: text }),
        };
        return multiline ? (
          <TextArea key={lang} {...common} rows={4} />
        ) : (
          <FormField key={lang} {...common} name={`${field}.${lang}`} />
        );
      })}
    </fieldset>
  );
}

/**
 * The end of an editor's form: how many fields to correct, the server's refusal, and the save and cancel buttons
 * (kept in view at the bottom of the screen, except on a phone).
 */
export function FormFooter({
  problemSummary,
  refusal,
  saveLabel,
  cancelLabel,
  busy,
  onCancel,
  testIdPrefix,
}: {
  /** How many fields to correct, in words; undefined when the checks found nothing. */
  problemSummary: string | undefined;
  /** Why the last save was refused (its translated message), if it was. */
  refusal: string | undefined;
  saveLabel: string;
  cancelLabel: string;
  /** A save is under way: the save button shows it and cancel waits. */
  busy: boolean;
  onCancel: () => void;
  /** `data-testid` prefix of the summary and the refusal: `<prefix>-problems`, `<prefix>-refusal`. */
  testIdPrefix: string;
}) {
  return (
    <>
      {problemSummary !== undefined && (
        <p className="wl-opsf-error" role="alert" data-testid={`${testIdPrefix}-problems`}>
          {problemSummary}
        </p>
      )}
      {refusal !== undefined && (
        <p className="wl-opsf-error" data-testid={`${testIdPrefix}-refusal`}>
          {refusal}
        </p>
      )}
      <div className="wl-opsf-actions">
        <Button type="submit" busy={busy}>
          {saveLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
      </div>
    </>
  );
}

/** Moves the focus to the first field the checks refused (after React has shown the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
