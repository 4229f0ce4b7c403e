import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../http/client';
import type { ApiError } from '../http/api-error';
import { useDelayedFlag } from './delayed-loader';
import { toastError } from './toast';

export interface AsyncActionOptions {
  /**
   * What to do when the action fails: `toast` (default) shows the translated message for 4 s; `silent` only
   * hides the loader (spec §8: load failures of lists are silent); a function handles it (e.g. an AlertDialog).
   */
  onError?: 'toast' | 'silent' | ((error: ApiError) => void);
  /** Loader delay; spec §9 says 200 ms. */
  delay?: number;
}

/** How a run ended. A failure is already reported (toast, handler) by the time the caller sees it. */
export type AsyncResult<R> = { ok: true; value: R } | { ok: false; error: ApiError | null };

export interface AsyncAction<A extends unknown[], R> {
  /** Runs the action. `{ ok: false, error: null }` means it was skipped because a run was still going on. */
  run: (...args: A) => Promise<AsyncResult<R>>;
  /** True while the action runs; a second `run` meanwhile is ignored (no double submits). */
  busy: boolean;
  /** True once the action has run for 200 ms: bind it to `<DelayedLoader active>` or a button's `busy`. */
  showLoader: boolean;
  /** The last failure, cleared when the action runs again. */
  error: ApiError | null;
}

/**
 * The repeated part of every call a screen makes: a busy flag, the delayed loader and the error toast.
 *
 * ```tsx
 * const save = useAsyncAction((name: string) => bankNameApi.updateBankAccountName(code, name));
 * <Button busy={save.busy} onClick={async () => (await save.run(name)).ok && onClose(true)} />
 * ```
 */
export function useAsyncAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: AsyncActionOptions = {},
): AsyncAction<A, R> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const running = useRef(false);
  const latest = useRef({ action, onError: options.onError });
  useEffect(() => {
    latest.current = { action, onError: options.onError };
  });

  const run = useCallback(async (...args: A): Promise<AsyncResult<R>> => {
    if (running.current) return { ok: false, error: null };
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return { ok: true, value: await latest.current.action(...args) };
    } catch (caught) {
      const apiError = toApiError(caught);
      setError(apiError);
      const onError = latest.current.onError ?? 'toast';
      if (onError === 'toast') toastError(apiError);
      else if (typeof onError === 'function') onError(apiError);
      return { ok: false, error: apiError };
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  const showLoader = useDelayedFlag(busy, options.delay);
  return { run, busy, showLoader, error };
}
