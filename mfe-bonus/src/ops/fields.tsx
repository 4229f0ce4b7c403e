import { useId, type ReactNode } from 'react';
import { FormField, useTranslation } from '@wallet/shared';
import type { Localized } from './api';
import { LANGUAGES, type Problem, type Problems } from './forms';

/** The translated text of a form problem (`bonus-ops:problem.<key>`), or undefined. */
export function useProblemText(problems: Problems): (field: string) => string | undefined {
  const { t } = useTranslation('bonus-ops');
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
          className="wl-input bops-textarea"
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

/** A text in Thai, Lao and English: a fieldset with one input (or text area) per language. */
export function LocalizedFields({
  legend,
  field,
  value,
  onChange,
  problemText,
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
  multiline?: boolean;
  maxLength: number;
  hint?: string;
}) {
  const { t } = useTranslation('bonus-ops');
  return (
    <fieldset className="bops-group bops-localized">
      <legend>{legend}</legend>
      {hint && <p className="bops-hint">{hint}</p>}
      {LANGUAGES.map((lang) => {
        const common = {
          label: t(`language.${lang}`),
          value: value[lang],
          error: problemText(`${field}.${lang}`),
          lang,
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

/** Moves the focus to the first field the checks refused (after React has shown the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
