import { Redis, type RedisOptions } from 'ioredis';

/**
 * Where Redis is (REDIS_URL, docs/server.md): one server, `redis://[user:password@]host:port[/db]` (`rediss://`
 * for TLS), or a primary found through Redis Sentinel,
 * `redis-sentinel://[:password@]host:port[,host:port…]/<primary name>[/db]`: the connection asks the sentinels
 * which server is the primary, and asks again when it is lost or turns out to be a replica (after a failover), so
 * every connection follows the promoted primary without a restart.
 */

/** What every connection of the server does (the rate limits, the cache's channel, socket.io's adapter, chat). */
const COMMON: RedisOptions = {
  // A command waits through at most two reconnections, then fails: a caller's request is not held for long.
  maxRetriesPerRequest: 2,
};

export interface SentinelTarget {
  sentinels: { host: string; port: number }[];
  /** The primary's name in the sentinels' configuration (`sentinel monitor <name> …`). */
  name: string;
  password?: string;
  db?: number;
}

/** A REDIS_URL's problem in words, or undefined when it is one of the two forms. */
export function redisUrlProblem(url: string): string | undefined {
  if (/^rediss?:\/\//.test(url)) return undefined;
  if (!url.startsWith('redis-sentinel://'))
    return 'REDIS_URL must start with redis://, rediss:// or redis-sentinel://';
  try {
    sentinelTarget(url);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The sentinels, primary name, password and database of a `redis-sentinel://` URL. */
export function sentinelTarget(url: string): SentinelTarget {
  const m = /^redis-sentinel:\/\/(?:(?:[^:@/]*):([^@/]*)@)?([^/@]+)\/([^/]+)(?:\/(\d+))?$/.exec(url);
  if (!m)
    throw new Error('REDIS_URL redis-sentinel://[:password@]host:port[,host:port…]/<primary name>[/db]');
  const [, password, hosts = '', name = '', db] = m;
  const sentinels = hosts.split(',').map((hp) => {
    const at = hp.lastIndexOf(':');
    const host = at > 0 ? hp.slice(0, at) : hp;
    const port = at > 0 ? Number(hp.slice(at + 1)) : 26379;
    if (host === '' || !Number.isInteger(port) || port <= 0 || port > 65535)
      throw new Error(`REDIS_URL: "${hp}" is not host:port`);
    return { host, port };
  });
  return {
    sentinels,
    name: decodeURIComponent(name),
    ...(password ? { password: decodeURIComponent(password) } : {}),
    ...(db !== undefined ? { db: Number(db) } : {}),
  };
}

/** Where a connection's troubles are told (the app's logger). */
export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A new connection to the Redis of REDIS_URL (one Redis or, through Sentinel, its current primary). ioredis
 * reconnects by itself; `log` hears, under `label`, the first error of an outage and the connection's return (not
 * every failed attempt in between), and without a listener ioredis would print each to the console.
 */
export function connectRedis(
  url: string,
  opts: { log?: RedisLog | undefined; label: string; options?: RedisOptions },
): Redis {
  const redis = openRedis(url, opts.options ?? {});
  let failing = false;
  redis.on('error', (err: unknown) => {
    if (failing) return;
    failing = true;
    opts.log?.warn({ err, redis: opts.label }, 'redis: connection lost, reconnecting');
  });
  redis.on('ready', () => {
    if (!failing) return;
    failing = false;
    opts.log?.info({ redis: opts.label }, 'redis: connected again');
  });
  return redis;
}

function openRedis(url: string, options: RedisOptions): Redis {
  if (!url.startsWith('redis-sentinel://')) return new Redis(url, { ...COMMON, ...options });
  const t = sentinelTarget(url);
  return new Redis({
    ...COMMON,
    sentinels: t.sentinels,
    name: t.name,
    role: 'master',
    ...(t.password !== undefined ? { password: t.password } : {}),
    ...(t.db !== undefined ? { db: t.db } : {}),
    // A primary that answers READONLY was demoted by a failover: reconnect, through the sentinels, to the new one.
    reconnectOnError: (err) => err.message.startsWith('READONLY'),
    ...options,
  });
}

/**
 * Closes a connection: QUIT when it is connected (its replies arrive first), else at once, since a QUIT queued on a
 * connection that cannot reach Redis would wait for a server that may never come back, retrying meanwhile.
 */
export async function closeRedis(redis: Redis | undefined): Promise<void> {
  if (!redis) return;
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
