import { useEffect, useState } from 'react';
import { Spinner } from './spinner';
import { useCommonT } from './use-common-t';

/** Spec §9: the waiting indicator appears only after 200 ms, so quick calls do not flash it. */
export const LOADER_DELAY_MS = 200;

/** True once `active` has stayed true for `delay` ms; false again as soon as `active` is false. */
export function useDelayedFlag(active: boolean, delay = LOADER_DELAY_MS): boolean {
  const [reached, setReached] = useState(false);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setTimeout(() => setReached(true), delay);
    return () => {
      clearTimeout(timer);
      setReached(false);
    };
  }, [active, delay]);
  return active && reached;
}

export interface DelayedLoaderProps {
  active: boolean;
  delay?: number;
  /** `overlay` (default) covers the screen and blocks taps; `inline` is a spinner in the flow. */
  variant?: 'overlay' | 'inline';
  /** Accessible text; defaults to "Please wait…". */
  label?: string;
}

/** Renders nothing until `active` has lasted 200 ms, then a spinner (spec §2, §4 "after a 200 ms delay"). */
export function DelayedLoader({
  active,
  delay = LOADER_DELAY_MS,
  variant = 'overlay',
  label,
}: DelayedLoaderProps) {
  const t = useCommonT();
  const shown = useDelayedFlag(active, delay);
  if (!shown) return null;
  const text = label ?? t('loader.label');
  return (
    <div className={`wl-loader wl-loader--${variant}`} role="status" aria-live="polite" data-testid="loader">
      <Spinner size={variant === 'overlay' ? 'lg' : 'md'} />
      <span className="wl-visually-hidden">{text}</span>
    </div>
  );
}
