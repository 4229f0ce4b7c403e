import { notifyManager, QueryClient, type Query } from '@tanstack/react-query';
import { bus } from '../bus/bus';

/**
 * The page's one QueryClient. `@wallet/shared/query` is a Module Federation singleton (SINGLETONS in
 * tooling/webpack.app.js), provided with `@wallet/shared` by the same build, so the host and every remote parcel
 * read through this one cache and this one bus.
 *
 * Defaults follow what the hand-written reads did before: no retry (a failure shows at once; spec §8 decides
 * whether it is silent), no refetch on window focus or reconnect (the realtime channel announces `wallet:changed`
 * after a reconnection instead), and every mount reads again (stale at once) while the last answer stays shown.
 */
// An answer reaches the screens in the microtask after it arrives, as it did with the hand-written reads this
// replaced (TanStack Query's default waits for a timer: a macrotask later, and under fake timers only when the
// test moves the clock). Updates of one tick are still rendered together.
notifyManager.setScheduler(queueMicrotask);

function createPageQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    },
  });
}

let client = createPageQueryClient();

/** The page's QueryClient (the one every `useRead` uses). */
export function pageQueryClient(): QueryClient {
  return client;
}

/**
 * Tests only: drops the cache and starts a new client, so no answer of one test is seen by the next. The frontend
 * Jest setup (tooling/jest-query-client.js) calls it before every test.
 */
export function freshQueryClient(): QueryClient {
  client.clear();
  client = createPageQueryClient();
  return client;
}

/** The `meta` a read carries when it shows something money changes (a balance, a list of postings, coins…). */
export const FOLLOWS_WALLET = { followsWallet: true } as const;

/** Whether a cached read follows `wallet:changed`. */
export function followsWallet(query: Query): boolean {
  return query.meta?.['followsWallet'] === true;
}

// Money moved somewhere on the page (this part, another remote or a server push through the realtime channel):
// every read that shows money is stale. A request of one still under way is cancelled first (its answer may
// predate the change, and TanStack Query would otherwise let a first load in flight stand for the new read); then
// the reads on screen are read again at once, the others when they are next shown.
bus.on('wallet:changed').subscribe(() => {
  const current = client;
  void current
    .cancelQueries({ predicate: followsWallet })
    .then(() => current.invalidateQueries({ predicate: followsWallet }));
});
