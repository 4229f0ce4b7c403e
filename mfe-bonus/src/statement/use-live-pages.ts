import { usePagedRead } from '@wallet/shared/query';

export interface LivePages<T> {
  /** Current page, 1-based. */
  page: number;
  setPage: (page: number) => void;
  /** What the last successful load answered; `null` until one succeeded. */
  items: T[] | null;
  total: number;
  /** The page the member asked for (first load, another page) is not read yet: the delayed loader shows. */
  loading: boolean;
}

/**
 * One page of a server-paged list that stays current: the page is read again, quietly (no loader), whenever
 * `wallet:changed` is announced on the page — the server pushes it after every posting and when a payout settles.
 * A failed load is silent (spec §8): the loader hides and the list keeps what it showed. `name` keys the list in
 * the page's cache.
 */
export function useLivePages<T>(
  name: string,
  load: (page: number, limit: number) => Promise<{ items: T[]; total: number }>,
  limit: number,
): LivePages<T> {
  const read = usePagedRead({
    key: ['bonus', name, limit],
    read: (page) => load(page, limit),
    followsWallet: true,
  });
  return {
    page: read.page,
    setPage: read.setPage,
    items: read.data?.items ?? null,
    total: read.data?.total ?? 0,
    loading: read.loading,
  };
}
