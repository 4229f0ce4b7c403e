import type { Redis } from 'ioredis';
import { closeRedis } from './redis';
import type { Clock } from './clock';
import { AppError } from './errors';

/** One counter and its bound: at most `limit` within a fixed window of `windowMs` from its first use. */
export interface Quota {
  key: string;
  limit: number;
  windowMs: number;
}

/** Fixed-window counters, in memory (default) or in Redis (REDIS_URL) so several servers share them. */
export interface RateLimitStore {
  /** Adds one to the counter of `key` and returns the new count within its window. */
  hit(key: string, windowMs: number): Promise<number>;
  /**
   * Reserves one attempt in every quota at once, atomically (one Lua script in Redis, one synchronous step in
   * memory): when each counter is below its limit, adds one to each and returns -1; otherwise changes nothing and
   * returns the index of the first full quota. Concurrent callers can never take more than `limit` in a window.
   */
  reserve(quotas: readonly Quota[]): Promise<number>;
  /** Gives back one reserved attempt (never below 0; nothing when the counter has expired). */
  release(key: string): Promise<void>;
  /** Current count (0 when none or expired). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
  /**
   * This process's own counters, for the limits that count here while the shared ones cannot answer (Redis
   * unreachable); absent on the in-memory store, which always answers.
   */
  readonly local?: RateLimitStore;
}

/** The shared counters could not answer (Redis unreachable): nothing was counted. */
export class RateLimitUnavailable extends Error {
  constructor(cause: unknown) {
    super('the rate-limit counters did not answer', { cause });
    this.name = 'RateLimitUnavailable';
  }
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly clock: Clock) {}

  private live(key: string): { count: number; resetAt: number } | undefined {
    const c = this.counters.get(key);
    if (c && c.resetAt <= this.clock.now().getTime()) {
      this.counters.delete(key);
      return undefined;
    }
    return c;
  }

  private increment(key: string, windowMs: number): number {
    const c = this.live(key);
    if (c) {
      c.count += 1;
      return c.count;
    }
    if (this.counters.size > 100_000) this.sweep();
    this.counters.set(key, { count: 1, resetAt: this.clock.now().getTime() + windowMs });
    return 1;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    return this.increment(key, windowMs);
  }

  async reserve(quotas: readonly Quota[]): Promise<number> {
    // No await before the last line: the check and the increments run as one step of the event loop.
    const full = quotas.findIndex((q) => (this.live(q.key)?.count ?? 0) >= q.limit);
    if (full >= 0) return full;
    for (const q of quotas) this.increment(q.key, q.windowMs);
    return -1;
  }

  async release(key: string): Promise<void> {
    const c = this.live(key);
    if (c && c.count > 0) c.count -= 1;
  }

  async count(key: string): Promise<number> {
    return this.live(key)?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  private sweep(): void {
    const now = this.clock.now().getTime();
    for (const [k, v] of this.counters) if (v.resetAt <= now) this.counters.delete(k);
  }
}

const HIT_SCRIPT =
  "local c = redis.call('INCR', KEYS[1]) if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return c";

/**
 * KEYS = the counters, ARGV = limit and window (ms) of each, in pairs. Returns 0 when every counter had room (each
 * then incremented; a new one gets its window), otherwise the 1-based index of the first full one.
 */
const RESERVE_SCRIPT = `
for i = 1, #KEYS do
  local c = tonumber(redis.call('GET', KEYS[i]) or '0')
  if c >= tonumber(ARGV[2 * i - 1]) then return i end
end
for i = 1, #KEYS do
  local c = redis.call('INCR', KEYS[i])
  if c == 1 or redis.call('PTTL', KEYS[i]) < 0 then redis.call('PEXPIRE', KEYS[i], ARGV[2 * i]) end
end
return 0`;

const RELEASE_SCRIPT =
  "local c = tonumber(redis.call('GET', KEYS[1]) or '0') if c > 0 then redis.call('DECR', KEYS[1]) end return 0";

/**
 * Counters in Redis, shared by every process. A reservation Redis cannot answer throws RateLimitUnavailable (the
 * caller's policy decides: refuse, or count in `local`); giving back and clearing are best effort (a counter left
 * behind expires with its window).
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
    readonly local?: RateLimitStore,
  ) {}

  async hit(key: string, windowMs: number): Promise<number> {
    // INCR and, for a new key, PEXPIRE in one atomic step (works on Redis 6 and 7).
    const count = await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs));
    return Number(count);
  }

  async reserve(quotas: readonly Quota[]): Promise<number> {
    if (quotas.length === 0) return -1;
    let result: unknown;
    try {
      result = await this.redis.eval(
        RESERVE_SCRIPT,
        quotas.length,
        ...quotas.map((q) => this.prefix + q.key),
        ...quotas.flatMap((q) => [String(q.limit), String(Math.max(1, Math.round(q.windowMs)))]),
      );
    } catch (e) {
      throw new RateLimitUnavailable(e);
    }
    return Number(result) - 1;
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key).catch(() => undefined);
  }

  async count(key: string): Promise<number> {
    const v = await this.redis.get(this.prefix + key);
    return v === null ? 0 : Number(v);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key).catch(() => undefined);
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }
}

/** A quota and the catalogue code answered (429) when it is full. */
export interface LimitRule extends Quota {
  code: 'REQUEST_LIMIT' | 'REQUEST_LIMIT_1MIN';
}

/**
 * What a limit does while the shared counters cannot answer (docs/server.md "Rate limits"): `refuse` answers 429
 * REQUEST_LIMIT (fails closed: sign-in, one-time codes, registration, password changes, whose limits stop
 * guessing); `count-here` counts in this process's own counters instead (each process then allows the limit: with
 * N processes at most N times it), for the limits of members' deposits and support chat, which must keep working.
 */
export type WhenCountersDown = 'refuse' | 'count-here';

/** Reserves one attempt in every rule (atomically, see RateLimitStore.reserve) or throws the full rule's code. */
export async function reserveOrThrow(
  store: RateLimitStore,
  rules: readonly LimitRule[],
  whenDown: WhenCountersDown = 'refuse',
): Promise<void> {
  let full: number;
  try {
    full = await store.reserve(rules);
  } catch (e) {
    if (!(e instanceof RateLimitUnavailable)) throw e;
    if (whenDown === 'refuse' || !store.local) throw new AppError('REQUEST_LIMIT', 429, e.message);
    full = await store.local.reserve(rules);
  }
  const rule = rules[full];
  if (rule) throw new AppError(rule.code, 429);
}
