import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { closeRedis, connectRedis } from './redis';

/**
 * In-memory read caches of the hot paths (sessions, members' status, operator settings, lookup content) and the
 * invalidations that keep them true (docs/architecture.md "Caching").
 *
 * - A change made through this server invalidates its entries at once, before the change's request answers.
 * - With REDIS_URL the invalidation is also published on one Redis channel (`<REDIS_PREFIX>cache`): every other
 *   server drops the entry when the message arrives.
 * - Every entry also has a time to live, the safety net for changes made outside the server (SQL by hand) and for
 *   lost messages: `SHARED_TTL_MS` when every server hears the invalidations (Redis subscribed, or an embedded
 *   PGlite database, which only one process can open), `LOCAL_TTL_MS` otherwise (PostgreSQL without Redis, or
 *   while the Redis subscription is down), so another process's change is seen within about a second, as before.
 *   When the subscription comes back, every cache is emptied (messages may have been missed meanwhile).
 */

export const SHARED_TTL_MS = 30_000;
export const LOCAL_TTL_MS = 1_000;

/** What is invalidated: one key of a topic, or (no key) all of it. */
export interface Invalidation {
  topic: string;
  key?: string;
}

type Handler = (key: string | undefined) => void;

/**
 * A bounded read cache with a time to live and an invalidation guard: a value loaded while an invalidation
 * happened is returned to its caller but not kept (it may predate the change). Concurrent loads of one key share
 * one query. Values are frozen (deeply): callers share them and must not change them.
 */
export class ReadCache<V> {
  private readonly lru: LRUCache<string, { value: V; at: number }>;
  private readonly inflight = new Map<string, { epoch: number; promise: Promise<V> }>();
  private epoch = 0;

  constructor(
    private readonly ttlMs: () => number,
    max: number,
  ) {
    this.lru = new LRUCache({ max });
  }

  /** The value when cached and fresh. */
  peek(key: string): V | undefined {
    const hit = this.lru.get(key);
    if (!hit) return undefined;
    if (performance.now() - hit.at < this.ttlMs()) return hit.value;
    this.lru.delete(key);
    return undefined;
  }

  /** The cached value, else the loaded one (kept unless invalidated meanwhile). */
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.peek(key);
    return hit !== undefined ? Promise.resolve(hit) : this.load(key, load);
  }

  /** Loads the value even when one is cached (joining a load of the key already in flight), and keeps it. */
  load(key: string, load: () => Promise<V>): Promise<V> {
    const flying = this.inflight.get(key);
    if (flying && flying.epoch === this.epoch) return flying.promise;
    const epoch = this.epoch;
    const at = performance.now();
    const promise = load().then(
      (value) => {
        if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
        const frozen = deepFreeze(value);
        if (this.epoch === epoch) this.lru.set(key, { value: frozen, at });
        return frozen;
      },
      (e: unknown) => {
        if (this.inflight.get(key)?.promise === promise) this.inflight.delete(key);
        throw e;
      },
    );
    this.inflight.set(key, { epoch, promise });
    return promise;
  }

  /** Keeps a value loaded by the caller; `epoch` (from `mark()` before the read) refuses it after a change. */
  set(key: string, value: V, epoch: number, at: number): void {
    if (this.epoch === epoch) this.lru.set(key, { value: deepFreeze(value), at });
  }

  /** The guard a caller loading on its own takes before its read (see `set`), with the read's start time. */
  mark(): { epoch: number; at: number } {
    return { epoch: this.epoch, at: performance.now() };
  }

  delete(key: string): void {
    this.epoch += 1;
    this.lru.delete(key);
    this.inflight.delete(key);
  }

  /** Loads in flight are not kept (their key depends on something that changed). */
  forgetInflight(): void {
    this.epoch += 1;
    this.inflight.clear();
  }

  clear(): void {
    this.epoch += 1;
    this.lru.clear();
    this.inflight.clear();
  }

  get size(): number {
    return this.lru.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

export interface CacheBusOptions {
  /** REDIS_URL: invalidations are published to and heard from every server on it. */
  redisUrl?: string | undefined;
  /** REDIS_PREFIX: the channel is `<prefix>cache`. */
  prefix?: string;
  /** True when no other process can write the database (PGlite): the long time to live is safe without Redis. */
  singleProcess: boolean;
  log?: FastifyBaseLogger | undefined;
}

/**
 * The caches of one server and the invalidations between servers. `publish` applies an invalidation here at
 * once and (with Redis) sends it to the others; `cache()` makes a ReadCache that a topic's invalidations reach.
 */
export class CacheBus {
  readonly instanceId = randomUUID();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly caches = new Set<ReadCache<unknown>>();
  private readonly channel: string;
  private pub: Redis | undefined;
  private sub: Redis | undefined;
  /** The Redis subscription is live (messages from the other servers arrive). */
  private subscribed = false;
  private closed = false;

  constructor(private readonly opts: CacheBusOptions) {
    this.channel = `${opts.prefix ?? 'wallet:'}cache`;
  }

  /** The time to live of every entry now (see the module comment). */
  readonly ttlMs = (): number =>
    this.subscribed || (this.opts.singleProcess && !this.opts.redisUrl) ? SHARED_TTL_MS : LOCAL_TTL_MS;

  /** Connects to Redis (when configured) and subscribes; resolves once invalidations from others arrive. */
  async start(): Promise<void> {
    const url = this.opts.redisUrl;
    if (!url || this.sub) return;
    this.pub = connectRedis(url, { log: this.opts.log, label: 'cache invalidation' });
    this.sub = connectRedis(url, { log: this.opts.log, label: 'cache invalidation (subscriber)' });
    // The first connection is subscribed below; the 'ready' handler takes over for reconnections.
    let started = false;
    this.sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    this.sub.on('close', () => {
      if (!this.subscribed) return;
      // Messages sent while disconnected are lost: short-lived entries until the subscription is back.
      this.subscribed = false;
      this.clearAll();
    });
    // After a reconnection ioredis subscribes again by itself; what was missed meanwhile is dropped here.
    this.sub.on('ready', () => {
      if (this.closed || this.subscribed || !started) return;
      this.sub
        ?.subscribe(this.channel)
        .then(() => {
          this.clearAll();
          this.subscribed = !this.closed;
        })
        .catch((err: unknown) => this.opts.log?.warn({ err }, 'cache invalidation: subscribe failed'));
    });
    try {
      await this.sub.subscribe(this.channel);
      this.subscribed = !this.closed;
    } catch (err) {
      this.opts.log?.warn({ err }, 'cache invalidation: redis unavailable, caches kept for 1 s');
    } finally {
      started = true;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribed = false;
    await Promise.all([closeRedis(this.pub), closeRedis(this.sub)]);
    this.clearAll();
  }

  /** A bounded cache emptied by `topic`'s invalidations (one key, or all without a key) and on reconnection. */
  cache<V>(topic: string, max: number): ReadCache<V> {
    const c = new ReadCache<V>(this.ttlMs, max);
    this.caches.add(c as ReadCache<unknown>);
    this.on(topic, (key) => (key === undefined ? c.clear() : c.delete(key)));
    return c;
  }

  /** Runs `handler` for every invalidation of `topic`, this server's and the others'. */
  on(topic: string, handler: Handler): () => void {
    let set = this.handlers.get(topic);
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    return () => set.delete(handler);
  }

  /**
   * Applies the invalidation on this server now, then publishes it to the others. Call it after the change has
   * committed. Never throws: a failed publish is logged (the others then see the change within their TTL).
   */
  async publish(topic: string, key?: string): Promise<void> {
    this.apply({ topic, ...(key === undefined ? {} : { key }) });
    if (!this.pub || this.closed) return;
    const message = JSON.stringify({ from: this.instanceId, topic, ...(key === undefined ? {} : { key }) });
    try {
      await this.pub.publish(this.channel, message);
    } catch (err) {
      this.opts.log?.warn({ err, topic }, 'cache invalidation: publish failed');
    }
  }

  private receive(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) return;
    const { from, topic, key } = parsed as { from?: unknown; topic?: unknown; key?: unknown };
    if (from === this.instanceId || typeof topic !== 'string') return;
    this.apply({ topic, ...(typeof key === 'string' ? { key } : {}) });
  }

  private apply({ topic, key }: Invalidation): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(key);
      } catch (err) {
        this.opts.log?.error({ err, topic }, 'cache invalidation handler failed');
      }
    }
  }

  private clearAll(): void {
    for (const c of this.caches) c.clear();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's read caches and their invalidations (platform/cache.ts). */
    caches: CacheBus;
  }
}

/**
 * Decorates the app with its CacheBus (Redis from REDIS_URL) and gives it to the operator settings. The features
 * that cache (content, accounts) register it first (`registerCaches`); it is registered once.
 */
export const cachePlugin = fp(
  async (app: FastifyInstance) => {
    const { config, dbKind, settings } = app.ctx;
    const bus = new CacheBus({
      redisUrl: config.redisUrl,
      prefix: config.redisPrefix,
      singleProcess: dbKind !== 'postgres',
      log: app.log,
    });
    await bus.start();
    settings.useCaches(bus);
    app.decorate('caches', bus);
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'caches', fastify: '5.x' },
);

/** Registers cachePlugin unless the app has it already. */
export async function registerCaches(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('caches')) await app.register(cachePlugin);
}
