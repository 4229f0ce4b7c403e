import { Redis } from 'ioredis';
import { MemoryConnectionSlots, RedisConnectionSlots, type ConnectionSlots } from './connection-slots';

const redisUrl = process.env.TEST_REDIS_URL;

/** Never more than the limit, also for parallel takes; a place given back (once) is free again. */
async function holds(slots: ConnectionSlots): Promise<void> {
  const key = `test:${Math.random()}`;
  expect(await slots.count(key)).toBe(0);
  const taken = await Promise.all(Array.from({ length: 8 }, () => slots.take(key, 5)));
  const places = taken.filter((g): g is () => void => g !== null);
  expect(places).toHaveLength(5);
  expect(await slots.count(key)).toBe(5);
  expect(await slots.take(key, 5)).toBeNull();
  places[0]?.();
  places[0]?.();
  expect(await slots.count(key)).toBe(4);
  const again = await slots.take(key, 5);
  expect(again).not.toBeNull();
  expect(await slots.take(key, 5)).toBeNull();
  // Another key has places of its own.
  expect(await slots.take(`${key}:other`, 5)).not.toBeNull();
  for (const give of [...places, again]) give?.();
  expect(await slots.count(key)).toBe(0);
}

test('memory slots: bounded per key, given back once', async () => {
  const slots = new MemoryConnectionSlots();
  await holds(slots);
  await slots.close();
});

(redisUrl ? describe : describe.skip)('redis slots (TEST_REDIS_URL)', () => {
  const prefix = `slots-test-${process.pid}-${Date.now()}:`;

  test('bounded per key, given back once', async () => {
    const slots = new RedisConnectionSlots(new Redis(redisUrl ?? ''), prefix);
    await holds(slots);
    await slots.close();
  });

  test('two processes share the bound; a closed one gives its places back', async () => {
    const a = new RedisConnectionSlots(new Redis(redisUrl ?? ''), prefix);
    const b = new RedisConnectionSlots(new Redis(redisUrl ?? ''), prefix);
    const key = `shared:${Math.random()}`;
    expect(await a.take(key, 3)).not.toBeNull();
    expect(await a.take(key, 3)).not.toBeNull();
    const fromB = await b.take(key, 3);
    expect(fromB).not.toBeNull();
    expect(await a.take(key, 3)).toBeNull();
    expect(await b.take(key, 3)).toBeNull();
    fromB?.();
    await new Promise((r) => setTimeout(r, 50));
    expect(await a.count(key)).toBe(2);
    await a.close();
    expect(await b.count(key)).toBe(0);
    await b.close();
  });

  test('a process that died holding places: they free themselves when their lease ends, while live ones are renewed', async () => {
    const dying = new Redis(redisUrl ?? '');
    const dead = new RedisConnectionSlots(dying, prefix, 1200);
    const live = new RedisConnectionSlots(new Redis(redisUrl ?? ''), prefix, 1200);
    const key = `lease:${Math.random()}`;
    expect(await dead.take(key, 3)).not.toBeNull();
    expect(await dead.take(key, 3)).not.toBeNull();
    expect(await live.take(key, 3)).not.toBeNull();
    // Gone without giving anything back: its connection drops, its renewals stop.
    dying.disconnect();
    expect(await live.take(key, 3)).toBeNull();
    await new Promise((r) => setTimeout(r, 1700));
    // The dead process's two places have expired; the live one's lease was renewed.
    expect(await live.count(key)).toBe(1);
    expect(await live.take(key, 3)).not.toBeNull();
    await live.close();
    await dead.close();
  });
});
