import { performance } from 'node:perf_hooks';
import type { App } from '../src/app';

/**
 * Holds still the clock the read caches age their entries by (platform/cache.ts reads `performance.now()`), so
 * that no entry expires while a test counts queries, however slow the run: entries live 1 s on PostgreSQL
 * without Redis, and a slow machine used to see them expire and read again. Returns the function that lets the
 * clock run again. Only the caches' time is held: the app's own clock (sessions, limits) is `deps.clock`.
 */
export function holdCacheTime(): () => void {
  const held = performance.now();
  const spy = jest.spyOn(performance, 'now').mockReturnValue(held);
  return () => spy.mockRestore();
}

/**
 * Counts the SQL statements the app runs outside transactions (where the session check and reads run), with
 * the caches' clock held still from this call until `stop()` (see `holdCacheTime`): a cached entry is always
 * answered from memory while counting, so the counts are asserted on every run.
 */
export function countQueries(app: App): { sql: string[]; stop(): void } {
  const executor = app.ctx.db.getExecutor() as unknown as {
    executeQuery: (query: { sql: string }, ...rest: unknown[]) => Promise<unknown>;
  };
  const original = executor.executeQuery;
  const sql: string[] = [];
  const release = holdCacheTime();
  executor.executeQuery = function (this: unknown, query, ...rest) {
    sql.push(query.sql);
    return original.call(this, query, ...rest);
  };
  return {
    sql,
    stop: () => {
      executor.executeQuery = original;
      release();
    },
  };
}
