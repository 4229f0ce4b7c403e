import { useCallback, useEffect, useRef, useState } from 'react';

/** The text of a failed read: the message of the error the HTTP client threw (already translated), or its text. */
export const readErrorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export interface ConsoleRead<T> {
  /** What the read answered; undefined until it has (or while it is disabled). */
  data: T | undefined;
  /** Why the last read failed (its translated text); undefined when it did not. */
  error: string | undefined;
  /** Forgets the failure and reads again (the load-failed panel's button). */
  retry: () => void;
  /** Reads again, keeping what is shown until the answer (after a save). */
  reload: () => void;
}

/**
 * Every read of the console's screens, in one place: what `read` answers, or why it failed, refetched on `retry` /
 * `reload` and whenever `key` changes; an answer that comes after the screen moved on (unmounted, another `key`)
 * is dropped. `enabled` false: nothing is read (a role the screen is not for). The console's reads switch to the
 * site's query layer here, and only here.
 */
export function useConsoleRead<T>(
  read: () => Promise<T>,
  {
    key = '',
    enabled = true,
    errorText = readErrorText,
  }: { key?: string; enabled?: boolean; errorText?: (error: unknown) => string } = {},
): ConsoleRead<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<string>();
  const [round, setRound] = useState(0);
  const latest = useRef({ read, errorText });
  useEffect(() => {
    latest.current = { read, errorText };
  });

  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    latest.current.read().then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setError(undefined);
      },
      (failure: unknown) => live && setError(latest.current.errorText(failure)),
    );
    return () => {
      live = false;
    };
  }, [enabled, key, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const retry = useCallback(() => {
    setError(undefined);
    setRound((n) => n + 1);
  }, []);
  return { data, error, retry, reload };
}
