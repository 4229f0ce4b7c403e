import { useId, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { useCommonT } from './use-common-t';

/** A text change applied while typing: `uppercase` (promotion codes, English account names) or any function. */
export type InputTransform = 'uppercase' | 'trim-start' | ((value: string) => string);

function applyTransform(value: string, transform: InputTransform | undefined): string {
  if (!transform) return value;
  if (transform === 'uppercase') return value.toUpperCase();
  if (transform === 'trim-start') return value.trimStart();
  return transform(value);
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
  /** Something after the input, inside the same row (a show-password toggle, a search button, a copy icon). */
  addon?: ReactNode;
}

function FieldFrame({ id, label, error, hint, required, className, children, addon }: FieldFrameProps) {
  const t = useCommonT();
  const classes = ['wl-field'];
  if (error) classes.push('wl-field--invalid');
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')}>
      <label className="wl-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="wl-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      <div className="wl-field__control">
        {children}
        {addon}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="wl-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="wl-field__error" role="alert">
          <span className="wl-visually-hidden">{t('dialog.errorTitle')}: </span>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(
  id: string,
  error: ReactNode,
  hint: ReactNode,
  own: string | undefined,
): string | undefined {
  const ids = [own, error ? `${id}-error` : hint ? `${id}-hint` : undefined].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode;
  /** Inline error text: sets `aria-invalid` and is announced (`role="alert"`, `aria-describedby`). */
  error?: ReactNode;
  hint?: ReactNode;
  id?: string;
  /** Applied to the typed value before `onChange`/`onValueChange` see it. */
  transform?: InputTransform;
  /** Convenience: the (transformed) value, instead of the event. */
  onValueChange?: (value: string) => void;
  addon?: ReactNode;
  /** Class of the wrapper; `className` goes to the input. */
  fieldClassName?: string;
}

/** A labelled input with an accessible inline error. Accepts every input prop (type, inputMode, maxLength...). */
export function FormField({
  label,
  error,
  hint,
  id,
  transform,
  onChange,
  onValueChange,
  addon,
  fieldClassName,
  className,
  required,
  ...input
}: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (transform) {
      const next = applyTransform(event.target.value, transform);
      if (next !== event.target.value) event.target.value = next;
    }
    onChange?.(event);
    onValueChange?.(event.target.value);
  };
  const classes = ['wl-input'];
  if (transform === 'uppercase') classes.push('wl-input--uppercase');
  if (className) classes.push(className);
  return (
    <FieldFrame
      id={inputId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={fieldClassName}
      addon={addon}
    >
      <input
        {...input}
        id={inputId}
        className={classes.join(' ')}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint, input['aria-describedby'])}
        onChange={handleChange}
      />
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id' | 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  /** First, empty option ("choose a bank"); selected while `value` is ''. */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
  id?: string;
  onValueChange?: (value: string) => void;
  fieldClassName?: string;
}

/** A labelled native select (the phone's own picker), with the same error handling as `FormField`. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  id,
  onChange,
  onValueChange,
  fieldClassName,
  className,
  required,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldFrame
      id={selectId}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={fieldClassName}
    >
      <select
        {...select}
        id={selectId}
        className={`wl-input wl-select${className ? ` ${className}` : ''}`}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint, select['aria-describedby'])}
        onChange={(event) => {
          onChange?.(event);
          onValueChange?.(event.target.value);
        }}
      >
        {placeholder !== undefined && (
          <option value="" disabled={required}>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  label: ReactNode;
  id?: string;
  error?: ReactNode;
  onCheckedChange?: (checked: boolean) => void;
}

/** A labelled checkbox ("remember me", "I accept"). */
export function Checkbox({
  label,
  id,
  error,
  onChange,
  onCheckedChange,
  className,
  ...input
}: CheckboxProps) {
  const generated = useId();
  const boxId = id ?? generated;
  return (
    <div className={`wl-checkbox${error ? ' wl-checkbox--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <input
        {...input}
        id={boxId}
        type="checkbox"
        className="wl-checkbox__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${boxId}-error` : input['aria-describedby']}
        onChange={(event) => {
          onChange?.(event);
          onCheckedChange?.(event.target.checked);
        }}
      />
      <label className="wl-checkbox__label" htmlFor={boxId}>
        {label}
      </label>
      {error && (
        <p id={`${boxId}-error`} className="wl-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
