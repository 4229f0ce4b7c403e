import { Redis } from 'ioredis';
import { CacheBus, LOCAL_TTL_MS, ReadCache, SHARED_TTL_MS } from '../src/platform/cache';

/** platform/cache.ts on its own: the read cache's guards and the invalidations between servers. */

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ReadCache', () => {
  test('a hit is served without loading; a value loaded across an invalidation is answered but not kept', async () => {
    const cache = new ReadCache<{ n: number }>(() => 60_000, 10);
    let loads = 0;
    const load = async () => ({ n: (loads += 1) });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(await cache.get('k', load)).toEqual({ n: 1 });
    expect(loads).toBe(1);

    // A load in flight when the key is invalidated: its caller gets it, the cache does not keep it.
    cache.delete('k');
    const slow = deferred<{ n: number }>();
    const pending = cache.get('k', () => slow.promise);
    cache.delete('k');
    slow.resolve({ n: 99 });
    expect(await pending).toEqual({ n: 99 });
    expect(cache.peek('k')).toBeUndefined();
    expect(await cache.get('k', load)).toEqual({ n: 2 });
  });

  test('concurrent loads of one key share one load; values are frozen', async () => {
    const cache = new ReadCache<{ list: number[] }>(() => 60_000, 10);
    const slow = deferred<{ list: number[] }>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return slow.promise;
    };
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    slow.resolve({ list: [1, 2] });
    const [a, b] = await both;
    expect(loads).toBe(1);
    expect(a).toBe(b);
    expect(Object.isFrozen(a.list)).toBe(true);
    expect(() => a.list.push(3)).toThrow(TypeError);
  });

  test('an entry older than the time to live is loaded again; the cache is bounded', async () => {
    let ttl = 60_000;
    const cache = new ReadCache<number>(() => ttl, 2);
    let loads = 0;
    const load = async () => (loads += 1);
    await cache.get('a', load);
    ttl = 0;
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', load)).toBe(2);
    ttl = 60_000;
    await cache.get('b', load);
    await cache.get('c', load);
    expect(cache.size).toBe(2);
  });

  test('a failed load is not kept and is tried again', async () => {
    const cache = new ReadCache<number>(() => 60_000, 10);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 7)).toBe(7);
  });
});

describe('CacheBus', () => {
  test('without Redis: invalidations apply here; long-lived entries only when one process owns the database', async () => {
    const single = new CacheBus({ singleProcess: true });
    const shared = new CacheBus({ singleProcess: false });
    expect(single.ttlMs()).toBe(SHARED_TTL_MS);
    expect(shared.ttlMs()).toBe(LOCAL_TTL_MS);
    const cache = single.cache<number>('t', 10);
    await cache.get('x', async () => 1);
    await cache.get('y', async () => 2);
    await single.publish('t', 'x');
    expect(cache.peek('x')).toBeUndefined();
    expect(cache.peek('y')).toBe(2);
    await single.publish('t');
    expect(cache.peek('y')).toBeUndefined();
    await Promise.all([single.close(), shared.close()]);
  });

  test('with Redis: an invalidation published by one server empties the other’s entry', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    const up = await probe.connect().then(
      () => true,
      () => false,
    );
    probe.disconnect();
    if (!up) {
      console.info(`skipped: no Redis answers at ${url}`);
      return;
    }
    const prefix = `test-bus-${Date.now().toString(36)}:`;
    const a = new CacheBus({ redisUrl: url, prefix, singleProcess: false });
    const b = new CacheBus({ redisUrl: url, prefix, singleProcess: false });
    const other = new CacheBus({ redisUrl: url, prefix: `${prefix}other:`, singleProcess: false });
    try {
      await Promise.all([a.start(), b.start(), other.start()]);
      // Subscribed: every server hears the others, so entries live long.
      expect(b.ttlMs()).toBe(SHARED_TTL_MS);
      const onB = b.cache<string>('session', 10);
      const onOther = other.cache<string>('session', 10);
      await onB.get('s1', async () => 'live');
      await onOther.get('s1', async () => 'live');
      await a.publish('session', 's1');
      const started = Date.now();
      while (onB.peek('s1') !== undefined && Date.now() - started < 2000) {
        await new Promise((r) => setTimeout(r, 2));
      }
      expect(onB.peek('s1')).toBeUndefined();
      console.info(`invalidation crossed Redis in ${Date.now() - started} ms`);
      // Another deployment (prefix) is not touched.
      expect(onOther.peek('s1')).toBe('live');
    } finally {
      await Promise.all([a.close(), b.close(), other.close()]);
    }
  });
});
