import { usePagedRead } from '@wallet/shared/query';

/** Spec §9: invite and refund tables show 10 rows per page. */
export const TABLE_PAGE_SIZE = 10;

const NONE: never[] = [];

/**
 * One page of a server-paged list (`name` keys it in the page's cache). A failed load is silent (spec §8): the
 * loader hides and the list stays as it was. A new `reloadKey` reads the current page again (after receiving,
 * for example).
 */
export function usePagedList<T>(
  name: string,
  load: (page: number, limit: number) => Promise<{ items: T[]; total: number }>,
  enabled: boolean,
  reloadKey = 0,
) {
  const read = usePagedRead({
    key: ['wallet', name, reloadKey],
    read: (page) => load(page, TABLE_PAGE_SIZE),
    enabled,
  });
  return {
    page: read.page,
    setPage: read.setPage,
    items: read.data?.items ?? NONE,
    total: read.data?.total ?? 0,
    loading: read.loading,
  };
}
