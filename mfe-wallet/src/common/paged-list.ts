import { useEffect, useState } from 'react';

/** Spec §9: invite and refund tables show 10 rows per page. */
export const TABLE_PAGE_SIZE = 10;

/**
 * One page of a server-paged list. A failed load is silent (spec §8): the loader hides and the list stays as it
 * was. `reloadKey` reads the current page again (after receiving, for example).
 */
export function usePagedList<T>(
  load: (page: number, limit: number) => Promise<{ items: T[]; total: number }>,
  enabled: boolean,
  reloadKey = 0,
) {
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [settledFor, setSettledFor] = useState<string | null>(null);
  const [loader] = useState(() => load);
  const request = `${page}:${reloadKey}`;

  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    loader(page, TABLE_PAGE_SIZE).then(
      (result) => {
        if (!live) return;
        setItems(result.items);
        setTotal(result.total);
        setSettledFor(request);
      },
      () => live && setSettledFor(request),
    );
    return () => {
      live = false;
    };
  }, [enabled, page, request, loader]);

  return { page, setPage, items, total, loading: enabled && settledFor !== request };
}
