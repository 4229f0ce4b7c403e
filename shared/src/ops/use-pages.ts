import { useCallback, useEffect, useRef } from 'react';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
// eslint-disable-next-line no-restricted-imports -- the page's one QueryClient (a Module Federation singleton), not another part
import { pageQueryClient } from '@wallet/shared/query';
import { readErrorText, type ConsoleKey } from './use-read';

export interface ConsolePagesOptions<T, C> {
  /** The most rows a page has: a full page says older ones may follow. */
  pageSize: number;
  /** Where the next page starts: the cursor of the last row shown (its id, its time). */
  cursorOf: (row: T) => C;
  /** `false`: nothing is read. Default true. */
  enabled?: boolean;
  /** The text of a failure (default: the translated message of the `ApiError`). */
  errorText?: (error: unknown) => string;
}

export interface ConsolePages<T> {
  /** Every row read so far, newest first. */
  rows: T[];
  /** A page is being read (the first, an older one, or the first again on `refresh`). */
  loading: boolean;
  /** Why the last page read failed (its translated text); undefined while it is read again, or when it did not. */
  error: string | undefined;
  /** The last page was full: an older one may follow. */
  more: boolean;
  /** Reads the next, older page; after a failure, the page that failed (the first, or the older one). */
  loadMore: () => void;
  /** Reads the first page again, keeping what is shown until it arrives; older pages are dropped. */
  refresh: () => Promise<void>;
}

/**
 * A console list read page by page, newest first (the audit log, the withdrawals of a status): the first page as
 * the screen opens, older ones on demand from the last row's cursor. On the page's one QueryClient under `key`
 * like `useConsoleRead`, so a change invalidating the key reads the pages shown again.
 */
export function useConsolePages<T, C>(
  key: ConsoleKey,
  read: (cursor: C | undefined) => Promise<T[]>,
  { pageSize, cursorOf, enabled = true, errorText = readErrorText }: ConsolePagesOptions<T, C>,
): ConsolePages<T> {
  const query = useInfiniteQuery(
    {
      queryKey: key,
      queryFn: ({ pageParam }) => read(pageParam as C | undefined),
      initialPageParam: undefined as C | undefined,
      getNextPageParam: (last: T[]) => {
        const row = last[last.length - 1];
        return last.length === pageSize && row !== undefined ? cursorOf(row) : undefined;
      },
      enabled,
    },
    pageQueryClient(),
  );
  const latest = useRef(key);
  useEffect(() => {
    latest.current = key;
  });
  const { data, fetchNextPage, refetch } = query;
  const hasData = data !== undefined;
  const loadMore = useCallback(() => {
    // Nothing read yet (the first page failed): read it; else the next page, or the one that failed.
    if (hasData) void fetchNextPage();
    else void refetch();
  }, [hasData, fetchNextPage, refetch]);
  const refresh = useCallback(() => {
    const client = pageQueryClient();
    client.setQueryData<InfiniteData<T[], C | undefined>>(
      latest.current,
      (shown) => shown && { pages: shown.pages.slice(0, 1), pageParams: shown.pageParams.slice(0, 1) },
    );
    return client.refetchQueries({ queryKey: latest.current, exact: true });
  }, []);
  const loading = enabled && query.isFetching;
  return {
    rows: data?.pages.flat() ?? [],
    loading,
    error: query.isError && !loading ? errorText(query.error) : undefined,
    more: query.hasNextPage,
    loadMore,
    refresh,
  };
}
