import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { body, createTestApp, dbLabel, setSetting, type TestApp } from './helpers';
import { sample, scrape } from './metrics-support';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

/**
 * /health/live and /health/ready (docs/operations.md "Health"): public, nothing sensitive in them, answered even
 * with the service switched off; ready turns 503 naming the failed checks when the database is gone and while the
 * process drains (app.beginShutdown(), and main.ts on SIGTERM), while live stays 200.
 */

interface ReadyBody {
  status: string;
  checks: Record<string, string>;
  failed: string[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_INTERVAL_MS: '0' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe(`health (${dbLabel})`, () => {
  test('live and ready answer 200 without any secret, and say nothing but the checks', async () => {
    const live = await get('/health/live');
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'live' }]);
    const ready = await get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: {
        database: 'ok',
        migrations: 'ok',
        ...(t.config.redisUrl ? { redis: 'ok' } : {}),
        shutdown: 'ok',
      },
      failed: [],
    });
  });

  test('with the service switched off the member API is gone, the health endpoints still answer', async () => {
    await setSetting(t.app, 'service.active', false);
    try {
      expect((await get('/api/wallet')).statusCode).toBe(410);
      expect((await get('/health/live')).statusCode).toBe(200);
      expect((await get('/health/ready')).statusCode).toBe(200);
    } finally {
      await setSetting(t.app, 'service.active', true);
    }
  });

  test('during the drain ready is 503 (shutdown) and wallet_ready 0, while live and the API still answer', async () => {
    const other = await createTestApp({ JOB_INTERVAL_MS: '0' });
    try {
      other.app.beginShutdown();
      const ready = await other.app.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(body(ready)).toMatchObject({ status: 'not_ready', failed: ['shutdown'] });
      expect((ready.json() as ReadyBody).checks.shutdown).toBe('shutting_down');
      expect((await other.app.inject({ url: '/health/live' })).statusCode).toBe(200);
      expect((await other.app.inject({ url: '/api/lookup/banks' })).statusCode).toBe(200);
      expect(sample(await scrape(other.app), 'wallet_ready')).toBe(0);
    } finally {
      await other.close();
    }
  });

  test('with the database gone ready is 503 naming it, live stays 200, /metrics still answers', async () => {
    await t.app.ctx.db.destroy();
    const ready = await get('/health/ready');
    expect(ready.statusCode).toBe(503);
    const r = ready.json() as ReadyBody;
    expect(r.status).toBe('not_ready');
    expect(r.checks).toMatchObject({ database: 'failed', migrations: 'unknown', shutdown: 'ok' });
    expect(r.failed).toEqual(['database', 'migrations']);
    expect(JSON.stringify(r)).not.toMatch(/error|destroyed|postgres|pglite/i);
    expect((await get('/health/live')).statusCode).toBe(200);
    const text = await scrape(t.app);
    expect(sample(text, 'wallet_ready')).toBe(0);
    // The gauges read from the database are unknown in this scrape (NaN, or no series); the process's own are there.
    expect(sample(text, 'wallet_slips_in_review')).toBeNaN();
    expect(sample(text, 'wallet_operations', { kind: 'transfer', status: 'SUCCESS' })).toBeUndefined();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});

describe('main.ts on SIGTERM', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const until = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await probe().catch(() => undefined);
      if (v !== undefined) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  test('drains: ready 503 and live 200 while it still serves, then closes and exits 0', async () => {
    const port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'server-drain-'));
    const started = await startServerProcess(
      port,
      {
        DATA_DIR: dataDir,
        STATIC_ROOT: dataDir,
        DATABASE_URL: 'memory://',
        SANDBOX: '1',
        DEMO_SEED: '0',
        JOB_INTERVAL_MS: '0',
        LOG_LEVEL: 'warn',
        // Long enough that the checks below always run inside the drain; the second signal ends it.
        SHUTDOWN_DRAIN_MS: '120000',
      },
      { readyPath: '/health/ready' },
    );
    server = started;
    const url = started.base;

    started.child.kill('SIGTERM');
    const ready = await until('ready to turn 503', async () => {
      const res = await fetch(`${url}/health/ready`);
      return res.status === 503 ? ((await res.json()) as ReadyBody) : undefined;
    });
    expect(ready.failed).toEqual(['shutdown']);
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    expect((await fetch(`${url}/api/lookup/banks`)).status).toBe(200);

    expect(await started.stop('SIGTERM')).toBe(0);
  }, 150_000);
});
