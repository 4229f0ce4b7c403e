import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { closeRedis } from './redis';

/**
 * Places of something held open for a while, bounded per key: a client's open sockets, say. Unlike a rate limit
 * (rate-limit.ts), a place is held until it is given back, not for a window. In memory, or in Redis (REDIS_URL) so
 * that the bound holds across every process behind the proxy.
 */
export interface ConnectionSlots {
  /**
   * Takes one of the `limit` places of `key`, atomically (parallel takes never exceed `limit`): the function that
   * gives it back (a second call does nothing), or null when every place is taken.
   */
  take(key: string, limit: number): Promise<(() => void) | null>;
  /** Places of `key` held now (by every process, in Redis). */
  count(key: string): Promise<number>;
  /** Gives back every place this process holds. */
  close(): Promise<void>;
}

const once = (fn: () => void): (() => void) => {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
};

export class MemoryConnectionSlots implements ConnectionSlots {
  private readonly held = new Map<string, number>();

  async take(key: string, limit: number): Promise<(() => void) | null> {
    // No await: the check and the count run as one step of the event loop.
    const n = this.held.get(key) ?? 0;
    if (n >= limit) return null;
    this.held.set(key, n + 1);
    return once(() => {
      const left = (this.held.get(key) ?? 1) - 1;
      if (left <= 0) this.held.delete(key);
      else this.held.set(key, left);
    });
  }

  async count(key: string): Promise<number> {
    return this.held.get(key) ?? 0;
  }

  async close(): Promise<void> {
    this.held.clear();
  }
}

/** Redis's own clock in ms, so that processes with different clocks agree on what has expired. */
const NOW =
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)";

/** KEYS[1] = the key's sorted set (member → expiry); ARGV = limit, member, lease (ms). 1: taken; 0: full. */
const TAKE_SCRIPT = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/** KEYS[1] = a sorted set; ARGV = lease (ms), then the members this process still holds in it. */
const RENEW_SCRIPT = `${NOW}
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 0`;

const COUNT_SCRIPT = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])`;

/**
 * One sorted set per key, a member per place with its lease's expiry. This process renews the leases of the
 * places it holds every third of the lease, so the places of a process that died without giving them back free
 * themselves within one lease (60 s by default).
 */
export class RedisConnectionSlots implements ConnectionSlots {
  private readonly process = randomUUID();
  private seq = 0;
  /** Sorted set → the members this process holds in it. */
  private readonly held = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly leaseMs = 60_000,
  ) {
    this.timer = setInterval(() => void this.renew(), Math.max(10, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  async take(key: string, limit: number): Promise<(() => void) | null> {
    const set = this.prefix + key;
    const member = `${this.process}:${(this.seq += 1)}`;
    const taken = await this.redis.eval(TAKE_SCRIPT, 1, set, String(limit), member, String(this.leaseMs));
    if (Number(taken) !== 1) return null;
    if (this.closed) {
      await this.redis.zrem(set, member);
      return null;
    }
    const members = this.held.get(set) ?? new Set<string>();
    members.add(member);
    this.held.set(set, members);
    return once(() => {
      members.delete(member);
      if (members.size === 0 && this.held.get(set) === members) this.held.delete(set);
      if (this.closed) return;
      // Not given back (Redis unreachable): the lease, no longer renewed, ends it.
      this.redis.zrem(set, member).catch(() => undefined);
    });
  }

  async count(key: string): Promise<number> {
    return Number(await this.redis.eval(COUNT_SCRIPT, 1, this.prefix + key));
  }

  private async renew(): Promise<void> {
    await Promise.all(
      [...this.held].map(([set, members]) =>
        this.redis.eval(RENEW_SCRIPT, 1, set, String(this.leaseMs), ...members).catch(() => undefined),
      ),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all(
      [...this.held].map(([set, members]) => this.redis.zrem(set, ...members).catch(() => undefined)),
    );
    this.held.clear();
    await closeRedis(this.redis);
  }
}
