export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name; omit when the spinner sits inside something already labelled. */
  label?: string;
}

export function Spinner({ size = 'md', label }: SpinnerProps) {
  return (
    <span
      className={`wl-spinner wl-spinner--${size}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
