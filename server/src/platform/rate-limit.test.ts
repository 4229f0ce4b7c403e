import { Redis } from 'ioredis';
import { ManualClock } from './clock';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limit';

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

test('memory store: fixed windows on the injected clock', async () => {
  const clock = new ManualClock(0);
  const store = new MemoryRateLimitStore(clock);
  await behaves(store, async () => clock.advance(201));
  await store.close();
});

(redisUrl ? test : test.skip)('redis store (TEST_REDIS_URL)', async () => {
  const store = new RedisRateLimitStore(new Redis(redisUrl ?? ''), `rl-test-${process.pid}:`);
  await behaves(store, () => new Promise((resolve) => setTimeout(resolve, 260)));
  await store.close();
});
