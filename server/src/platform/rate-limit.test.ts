import { Redis } from 'ioredis';
import { ManualClock } from './clock';
import {
  MemoryRateLimitStore,
  RateLimitUnavailable,
  RedisRateLimitStore,
  reserveOrThrow,
  type LimitRule,
  type RateLimitStore,
} from './rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;

async function behaves(store: RateLimitStore, expire: () => Promise<void>): Promise<void> {
  const key = `test:${Math.random()}`;
  expect(await store.count(key)).toBe(0);
  expect(await store.hit(key, 200)).toBe(1);
  expect(await store.hit(key, 200)).toBe(2);
  expect(await store.count(key)).toBe(2);
  await expire();
  expect(await store.count(key)).toBe(0);
  expect(await store.hit(key, 200)).toBe(1);
  await store.reset(key);
  expect(await store.count(key)).toBe(0);
}

/** reserve: all quotas or none; never past a limit, also for parallel callers; release gives one back. */
async function reserves(store: RateLimitStore): Promise<void> {
  const a = `test:a:${Math.random()}`;
  const b = `test:b:${Math.random()}`;
  const both = [
    { key: a, limit: 3, windowMs: 60_000 },
    { key: b, limit: 5, windowMs: 60_000 },
  ];
  const results = await Promise.all(Array.from({ length: 10 }, () => store.reserve(both)));
  expect(results.filter((r) => r === -1)).toHaveLength(3);
  expect(results.filter((r) => r === 0)).toHaveLength(7);
  expect([await store.count(a), await store.count(b)]).toEqual([3, 3]);
  // b full first: nothing taken from a.
  await store.reset(a);
  for (let i = 0; i < 2; i += 1)
    expect(await store.reserve([{ key: b, limit: 5, windowMs: 60_000 }])).toBe(-1);
  expect(await store.reserve(both)).toBe(1);
  expect(await store.count(a)).toBe(0);
  await store.release(b);
  expect(await store.reserve(both)).toBe(-1);
  expect([await store.count(a), await store.count(b)]).toEqual([1, 5]);
  await store.release(a);
  await store.release(a);
  expect(await store.count(a)).toBe(0);
  await Promise.all([store.reset(a), store.reset(b)]);
}

test('memory store: fixed windows on the injected clock', async () => {
  const clock = new ManualClock(0);
  const store = new MemoryRateLimitStore(clock);
  await behaves(store, async () => clock.advance(201));
  await reserves(store);
  await store.close();
});

(redisUrl ? test : test.skip)('redis store (TEST_REDIS_URL)', async () => {
  const store = new RedisRateLimitStore(new Redis(redisUrl ?? ''), `rl-test-${process.pid}:`);
  await behaves(store, () => new Promise((resolve) => setTimeout(resolve, 260)));
  await reserves(store);
  await store.close();
});

test('with Redis unreachable: sign-in style limits refuse (429 REQUEST_LIMIT), deposit style ones count here', async () => {
  // Nothing listens on port 1: every command fails at once.
  const redis = new Redis({ host: '127.0.0.1', port: 1, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  const local = new MemoryRateLimitStore(new ManualClock(0));
  const store = new RedisRateLimitStore(redis, 'rl-down:', local);
  const rules: LimitRule[] = [{ key: 'dep:qr:m:1', limit: 2, windowMs: 60_000, code: 'REQUEST_LIMIT_1MIN' }];

  await expect(store.reserve(rules)).rejects.toBeInstanceOf(RateLimitUnavailable);
  await expect(reserveOrThrow(store, rules)).rejects.toMatchObject({
    code: 'REQUEST_LIMIT',
    statusCode: 429,
  });
  expect(await local.count('dep:qr:m:1')).toBe(0);

  await reserveOrThrow(store, rules, 'count-here');
  await reserveOrThrow(store, rules, 'count-here');
  await expect(reserveOrThrow(store, rules, 'count-here')).rejects.toMatchObject({
    code: 'REQUEST_LIMIT_1MIN',
    statusCode: 429,
  });
  expect(await local.count('dep:qr:m:1')).toBe(2);
  // Giving back and clearing are best effort: they do not fail the request that succeeded.
  await expect(store.release('dep:qr:m:1')).resolves.toBeUndefined();
  await expect(store.reset('dep:qr:m:1')).resolves.toBeUndefined();
  redis.disconnect();
});
