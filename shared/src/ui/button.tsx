import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  /** Shows a spinner, sets `aria-busy` and ignores clicks while an action runs. */
  busy?: boolean;
  /** Full width (the usual case on a phone). */
  block?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** The one button of the site. `type` defaults to `button` so a button inside a form never submits by accident. */
export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  size = 'md',
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['wl-btn', `wl-btn--${variant}`, `wl-btn--${size}`];
  if (block) classes.push('wl-btn--block');
  if (busy) classes.push('wl-btn--busy');
  if (className) classes.push(className);
  return (
    <button
      {...rest}
      type={type}
      className={classes.join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner size="sm" />}
      <span className="wl-btn__label">{children}</span>
    </button>
  );
}
