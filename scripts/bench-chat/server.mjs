// npm run bench:chat's server: the built server started for one run, and the PostgreSQL schema and Redis
// prefix of a run dropped after it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../apps.mjs';
import { freePort } from '../built-server.mjs';
import { env, SERVER_FLAGS, sleep } from './settings.mjs';
import { request } from './http.mjs';

// The server

export async function startServer(run, secrets) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-bench-chat-'));
  let output = '';
  // A clean environment (as scripts/scale-test.mjs): nothing of the caller's DATABASE_URL, TRUST_PROXY… leaks in.
  const child = spawn(process.execPath, [...SERVER_FLAGS, join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      PATH: env.PATH,
      HOME: env.HOME ?? dataDir,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: run.databaseUrl,
      ...(run.schema ? { DATABASE_SCHEMA: run.schema } : {}),
      ...(run.redisUrl ? { REDIS_URL: run.redisUrl, REDIS_PREFIX: run.redisPrefix } : {}),
      JWT_SECRET: secrets.jwt,
      OPS_SECRET: secrets.ops,
      WEBHOOK_SECRET: secrets.webhook,
      SANDBOX: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const r = await request(port, 'GET', '/api/chat/config');
      if (r.status === 200)
        return { port, pid: child.pid, prefix: r.json.data.PREFIX, stop, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await stop();
  throw new Error(`the server did not start:\n${output.slice(-3000)}`);
}
// ---------------------------------------------------------------------------------------------------------

export async function cleanPostgres(run) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: run.databaseUrl });
  await c.connect();
  try {
    await c.query(`drop schema if exists ${run.schema} cascade`);
  } finally {
    await c.end();
  }
  const { Redis } = await import('ioredis');
  const redis = new Redis(run.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${run.redisPrefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
