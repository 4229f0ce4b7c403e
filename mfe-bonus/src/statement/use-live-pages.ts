import { useEffect, useState } from 'react';
import { bus } from '@wallet/shared';

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
 * A failed load is silent (spec §8): the loader hides and the list keeps what it showed. Only the answer to the
 * latest request is shown, so a slow older answer never overwrites a newer one.
 */
export function useLivePages<T>(
  load: (page: number, limit: number) => Promise<{ items: T[]; total: number }>,
  limit: number,
): LivePages<T> {
  const [page, setPage] = useState(1);
  const [changes, setChanges] = useState(0);
  const [data, setData] = useState<{ items: T[]; total: number } | null>(null);
  const [settledPage, setSettledPage] = useState<number | null>(null);
  const [loader] = useState(() => load);

  useEffect(() => {
    const subscription = bus.on('wallet:changed').subscribe(() => setChanges((n) => n + 1));
    return () => subscription.unsubscribe();
  }, []);

  useEffect(() => {
    let live = true;
    loader(page, limit).then(
      (result) => {
        if (!live) return;
        setData(result);
        setSettledPage(page);
      },
      () => live && setSettledPage(page),
    );
    return () => {
      live = false;
    };
  }, [loader, page, limit, changes]);

  return {
    page,
    setPage,
    items: data?.items ?? null,
    total: data?.total ?? 0,
    loading: settledPage !== page,
  };
}
