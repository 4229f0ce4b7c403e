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
  retry: () => Promise<void>;
  /** Reads again, keeping what is shown until the answer (after a change); settles once it is shown. */
  reload: () => Promise<void>;
  /** Changes what is shown without reading again (a change's answer replaces a row). */
  update: (change: (current: T) => T) => void;
}

/**
 * Every read of the console's screens, in one place: what `read` answers, or why it failed, read again on `retry`
 * / `reload` and whenever `key` changes; an answer that comes after the screen moved on (unmounted, another `key`,
 * a newer read) is dropped. `enabled` false: nothing is read (a role the screen is not for). The console's reads
 * switch to the site's query layer here, and only here.
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
  const latest = useRef({ read, errorText });
  useEffect(() => {
    latest.current = { read, errorText };
  });
  // The number of the newest read: only its answer is shown.
  const reads = useRef({ newest: 0 });

  const fetchNow = useCallback(() => {
    const mine = ++reads.current.newest;
    return latest.current.read().then(
      (answer) => {
        if (mine !== reads.current.newest) return;
        setData(answer);
        setError(undefined);
      },
      (failure: unknown) => {
        if (mine === reads.current.newest) setError(latest.current.errorText(failure));
      },
    );
  }, []);

  useEffect(() => {
    if (!enabled) return undefined;
    const counter = reads.current;
    void fetchNow();
    return () => {
      counter.newest++;
    };
  }, [enabled, key, fetchNow]);

  const retry = useCallback(() => {
    setError(undefined);
    return fetchNow();
  }, [fetchNow]);
  const update = useCallback(
    (change: (current: T) => T) => setData((current) => (current === undefined ? current : change(current))),
    [],
  );
  return { data, error, retry, reload: fetchNow, update };
}
