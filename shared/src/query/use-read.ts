import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { FOLLOWS_WALLET, pageQueryClient } from './client';

export interface ReadOptions<T> {
  /**
   * The read's identity in the page's cache: the part's name first, then what the answer depends on (page number,
   * language, code…). Two screens with the same key share one answer and one request.
   */
  key: QueryKey;
  /** The API call (a part's `api.ts` function); its failure is the read's failure. */
  read: () => Promise<T>;
  /** `false` holds the read (nothing is asked until it is true). Default true. */
  enabled?: boolean;
  /** Read again whenever `wallet:changed` is announced on the page (balances, postings, coins, bonuses). */
  followsWallet?: boolean;
  /** While another key is read (the next page), keep showing the previous key's answer. */
  keepPrevious?: boolean;
}

export interface ReadResult<T> {
  /** The latest answer; `undefined` until one arrived. A later failure keeps it. */
  data: T | undefined;
  /** Nothing to show yet for this key and a request is under way (the delayed loader shows). */
  loading: boolean;
  /** The latest request for this key failed. */
  failed: boolean;
  /** What it failed with (an `ApiError` for an API refusal); `null` unless `failed`. */
  error: unknown;
  /** The latest request for this key settled (answered or failed). */
  settled: boolean;
  /** A request for this key is under way, whether or not an answer is shown (a reread keeps the last one). */
  fetching: boolean;
  /** Reads again now; the answer shown stays until the new one arrives. */
  refetch: () => void;
}

/**
 * The one way a screen reads from the API (TanStack Query on the page's one client). Loading, failure, a newer
 * answer winning over an older one, sharing one request between screens and reading again on `wallet:changed`
 * are handled here; a screen shows them with `ReadStatus` from the UI kit (or silently, spec §8).
 */
export function useRead<T>({
  key,
  read,
  enabled = true,
  followsWallet = false,
  keepPrevious = false,
}: ReadOptions<T>): ReadResult<T> {
  const query = useQuery(
    {
      queryKey: key,
      queryFn: read,
      enabled,
      ...(followsWallet ? { meta: FOLLOWS_WALLET } : {}),
      ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    },
    pageQueryClient(),
  );
  // A money read shows only what was read while this screen is up (or kept from its previous key): a balance, a
  // turnover or a coin count is never first shown from an earlier visit's answer while it is read again.
  const [mountedAt] = useState(() => Date.now());
  const hidden = followsWallet && !query.isPlaceholderData && query.dataUpdatedAt < mountedAt;
  const data = hidden ? undefined : query.data;
  const waitingForKey = query.isPlaceholderData || query.isPending || (hidden && !query.isError);
  const { refetch } = query;
  const again = useCallback(() => void refetch(), [refetch]);
  return {
    data,
    loading: enabled && query.fetchStatus === 'fetching' && waitingForKey,
    failed: query.isError,
    error: query.error,
    settled: !waitingForKey || query.isError,
    fetching: enabled && query.fetchStatus === 'fetching',
    refetch: again,
  };
}

export interface PagedReadOptions<T> extends Omit<ReadOptions<T>, 'read' | 'keepPrevious'> {
  /** Reads one page (1-based). */
  read: (page: number) => Promise<T>;
}

export interface PagedReadResult<T> extends ReadResult<T> {
  /** The page asked for, 1-based. */
  page: number;
  setPage: (page: number) => void;
}

/**
 * One page of a server-paged list: `useRead` keyed by the page, keeping the previous page's rows on screen while
 * the next one is read (`loading` is true until it arrived).
 */
export function usePagedRead<T>({ key, read, ...options }: PagedReadOptions<T>): PagedReadResult<T> {
  const [page, setPage] = useState(1);
  const result = useRead({ ...options, key: [...key, page], read: () => read(page), keepPrevious: true });
  return { ...result, page, setPage };
}
