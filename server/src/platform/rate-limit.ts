import type { Redis } from 'ioredis';
import type { Clock } from './clock';

/** Fixed-window counters, in memory (default) or in Redis (REDIS_URL) so several servers share them. */
export interface RateLimitStore {
  /** Adds one to the counter of `key` and returns the new count within its window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Current count (0 when none or expired). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
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

  async hit(key: string, windowMs: number): Promise<number> {
    const c = this.live(key);
    if (c) {
      c.count += 1;
      return c.count;
    }
    if (this.counters.size > 100_000) this.sweep();
    this.counters.set(key, { count: 1, resetAt: this.clock.now().getTime() + windowMs });
    return 1;
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

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
  ) {}

  async hit(key: string, windowMs: number): Promise<number> {
    // INCR and, for a new key, PEXPIRE in one atomic step (works on Redis 6 and 7).
    const count = await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs));
    return Number(count);
  }

  async count(key: string): Promise<number> {
    const v = await this.redis.get(this.prefix + key);
    return v === null ? 0 : Number(v);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
