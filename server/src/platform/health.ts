import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from './db';
import { LATEST_MIGRATION } from './db/migrations';
import { AppError } from './errors';
import { opsSecretCheck } from './http/ops-secret';
import type { Metrics } from './metrics';

/**
 * Health and metrics endpoints (docs/operations.md): `GET /health/live`, `GET /health/ready` (public, nothing
 * sensitive in them, outside /api so neither the service switch nor any rate limit applies), `GET /metrics` with the
 * operator secret, and the optional METRICS_PORT listener on 127.0.0.1.
 */

/** Each readiness check gets this long. */
const CHECK_TIMEOUT_MS = 2_000;

export type CheckState = 'ok' | 'failed' | 'unknown' | 'shutting_down';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; redis?: CheckState; shutdown: CheckState };
  /** The names of the checks that failed (empty when ready). */
  failed: string[];
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const passes = (work: () => Promise<unknown>): Promise<boolean> =>
  within(Promise.resolve().then(work), CHECK_TIMEOUT_MS).then(
    () => true,
    () => false,
  );

/**
 * Is this process fit for traffic? The database answers a query, it has this server's newest migration, Redis
 * answers PING (when configured), and the process is not shutting down.
 */
export class ReadinessProbe {
  private draining = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'schema'>,
    private readonly redis: Redis | undefined,
  ) {}

  /** From now on not ready (SIGTERM: the balancer is to stop sending; the process still serves meanwhile). */
  beginShutdown(): void {
    this.draining = true;
  }

  get shuttingDown(): boolean {
    return this.draining;
  }

  async check(): Promise<Readiness> {
    const { db, schema } = this.database;
    const [database, redis] = await Promise.all([
      passes(() => sql`select 1`.execute(db)),
      this.redis ? passes(() => this.redisPing()) : Promise.resolve(undefined),
    ]);
    // A database that does not answer cannot tell: its migrations are unknown, not failed.
    const migrations = database
      ? await passes(async () => {
          const table = sql.table(`${schema}.kysely_migration`);
          const row = await sql<{
            ok: number;
          }>`select 1 as ok from ${table} where name = ${LATEST_MIGRATION}`.execute(db);
          if (row.rows.length !== 1) throw new Error('a migration is pending');
        })
      : undefined;
    const checks: Readiness['checks'] = {
      database: database ? 'ok' : 'failed',
      migrations: migrations === undefined ? 'unknown' : migrations ? 'ok' : 'failed',
      ...(redis === undefined ? {} : { redis: redis ? ('ok' as const) : ('failed' as const) }),
      shutdown: this.draining ? 'shutting_down' : 'ok',
    };
    const failed = Object.entries(checks)
      .filter(([, state]) => state !== 'ok')
      .map(([name]) => name);
    return { ready: failed.length === 0, checks, failed };
  }

  /** PING answered PONG (false while Redis is unreachable); undefined without Redis. */
  async redisUp(): Promise<boolean | undefined> {
    if (!this.redis) return undefined;
    return passes(() => this.redisPing());
  }

  private async redisPing(): Promise<void> {
    if ((await this.redis?.ping()) !== 'PONG') throw new Error('no PONG');
  }
}

/**
 * Registers /health/live, /health/ready and /metrics on the app, the platform's scrape hooks (wallet_ready,
 * wallet_redis_up, wallet_db_pool_connections, wallet_sockets_open), and the METRICS_PORT listener.
 */
export function registerHealthAndMetrics(
  app: FastifyInstance,
  opts: {
    probe: ReadinessProbe;
    metrics: Metrics;
    database: Pick<DatabaseHandle, 'connections'>;
    redisConfigured: boolean;
    opsSecret: string;
    metricsPort: number | undefined;
  },
): void {
  const { probe, metrics } = opts;
  // Operations endpoints, not the member or operator API: left out of the OpenAPI document (and the client's types).
  const hidden = { schema: { hide: true } };

  app.get('/health/live', hidden, async () => ({ status: 'live' }));

  app.get('/health/ready', hidden, async (_request, reply) => {
    const r = await probe.check();
    return reply
      .status(r.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: r.ready ? 'ready' : 'not_ready', checks: r.checks, failed: r.failed });
  });

  const ready = metrics.gauge(
    'wallet_ready',
    '1 ready, 0 not (database down, migrations pending, Redis down when configured, or shutting down)',
  );
  metrics.onScrape('ready', [ready], async () => {
    ready.set((await probe.check()).ready ? 1 : 0);
  });
  if (opts.redisConfigured) {
    const redisUp = metrics.gauge('wallet_redis_up', '1 when Redis answers PING, else 0');
    metrics.onScrape('redis', [redisUp], async () => {
      redisUp.set((await probe.redisUp()) ? 1 : 0);
    });
  }
  const pool = metrics.gauge(
    'wallet_db_pool_connections',
    'Database connections by state: in_use, idle, waiting (callers queued for one); PGlite has one connection',
    ['state'],
  );
  metrics.onScrape('db-pool', [pool], async () => {
    const c = opts.database.connections();
    pool.set({ state: 'in_use' }, c.inUse);
    pool.set({ state: 'idle' }, c.idle);
    pool.set({ state: 'waiting' }, c.waiting);
  });

  const matches = opsSecretCheck(opts.opsSecret);
  app.get('/metrics', hidden, async (request, reply) => {
    const header = request.headers['x-ops-secret'];
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const given = typeof header === 'string' && header !== '' ? header : bearer;
    if (given === undefined || given === '') throw new AppError('KEY_MISSING', 401);
    if (!matches(given)) throw new AppError('KEY_INVALID', 403);
    const text = await metrics.scrape();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });

  if (opts.metricsPort !== undefined) {
    const port = opts.metricsPort;
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        const path = (req.url ?? '').split('?')[0];
        if (req.method !== 'GET' || path !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        metrics.scrape().then(
          (text) => res.writeHead(200, { 'content-type': metrics.contentType }).end(text),
          (err: unknown) => {
            app.log.error({ err }, 'metrics: scrape failed');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
          },
        );
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once('error', reject);
        listening.listen(port, '127.0.0.1', () => {
          listening.off('error', reject);
          resolve();
        });
      });
      app.log.info({ port: (listening.address() as AddressInfo).port }, 'metrics listener on 127.0.0.1');
    });
    app.addHook('onClose', async () => {
      const s = server;
      server = undefined;
      if (!s) return;
      const closed = new Promise<void>((resolve) => s.close(() => resolve()));
      s.closeAllConnections();
      await closed;
    });
  }
}
