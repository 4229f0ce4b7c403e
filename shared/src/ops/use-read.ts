import { useCallback, useEffect, useRef } from 'react';
// eslint-disable-next-line no-restricted-imports -- the page's one QueryClient (a Module Federation singleton), not another part
import { pageQueryClient, useRead } from '@wallet/shared/query';

/** The text of a failed read: the message of the error the HTTP client threw (already translated), or its text. */
export const readErrorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * A console read's key in the page's query cache: `'ops'`, the part, what is read, then what the answer depends on
 * (`['ops', 'bonus', 'lists']`, `['ops', 'spin', 'wheel', id]`). A change invalidates a prefix: every read under
 * it is read again (`invalidateConsoleReads`, `useConsoleChange`'s `invalidates`, `useEditor`'s `invalidates`).
 */
export type ConsoleKey = readonly unknown[];

export interface ConsoleReadOptions {
  /** `false`: nothing is read (a role the screen is not for, a record not chosen yet). Default true. */
  enabled?: boolean;
  /** The text of a failure (default: the translated message of the `ApiError`). */
  errorText?: (error: unknown) => string;
  /** While another key is read (the next filter, the next record), keep showing the previous key's answer. */
  keepPrevious?: boolean;
}

export interface ConsoleRead<T> {
  /** What the read answered; undefined until it has (or while it is disabled). A failed reread keeps it. */
  data: T | undefined;
  /** Why the last read failed (its translated text); undefined when it did not. */
  error: string | undefined;
  /** Nothing to show yet and the read is under way (the loader shows). */
  loading: boolean;
  /** A read is under way, whether or not an answer is shown (a refresh). */
  fetching: boolean;
  /** Forgets the failure and what was shown, and reads again (the load-failed panel's button). */
  retry: () => Promise<void>;
  /** Reads again, keeping what is shown until the answer (a refresh button); settles once it is shown. */
  reload: () => Promise<void>;
  /** Changes what is shown without reading again (a change's answer replaces a row). */
  update: (change: (current: T) => T) => void;
}

/**
 * Every read of the console's screens, on the site's query layer (`useRead` of `@wallet/shared/query`: the page's
 * one QueryClient, so the console's own screens and the remotes' console parcels share one cache). What `read`
 * answers under `key`, or why it failed; read again on `retry` / `reload`, when `key` changes, whenever a screen
 * with it mounts, and when a change invalidates the key. An answer that comes after the screen moved on (unmounted,
 * another key, a newer read) is dropped; two screens with one key share one request.
 */
export function useConsoleRead<T>(
  key: ConsoleKey,
  read: () => Promise<T>,
  { enabled = true, errorText = readErrorText, keepPrevious = false }: ConsoleReadOptions = {},
): ConsoleRead<T> {
  const result = useRead({ key, read, enabled, keepPrevious });
  // The key of the latest render: the callbacks below stay the same while it changes (a new array each render).
  const latest = useRef(key);
  useEffect(() => {
    latest.current = key;
  });
  const retry = useCallback(
    () => pageQueryClient().resetQueries({ queryKey: latest.current, exact: true }),
    [],
  );
  // A read still under way is cancelled first: its answer may predate the change this read is for (TanStack Query
  // would otherwise let a first read in flight stand for this one).
  const reload = useCallback(async () => {
    const client = pageQueryClient();
    await client.cancelQueries({ queryKey: latest.current, exact: true });
    await client.refetchQueries({ queryKey: latest.current, exact: true });
  }, []);
  const update = useCallback(
    (change: (current: T) => T) =>
      void pageQueryClient().setQueryData<T>(latest.current, (current) =>
        current === undefined ? current : change(current),
      ),
    [],
  );
  return {
    data: result.data,
    error: result.failed ? errorText(result.error) : undefined,
    loading: result.loading,
    fetching: result.fetching,
    retry,
    reload,
    update,
  };
}

/**
 * After a change: every console read under each key (a prefix) is stale; those on screen are read again at once
 * (what they show stays until the answer), the others when next shown. Settles once the ones on screen are read.
 */
export function invalidateConsoleReads(...keys: ConsoleKey[]): Promise<void> {
  const client = pageQueryClient();
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}
