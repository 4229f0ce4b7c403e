/**
 * API benchmark (run by `npm run bench:api`, see scripts/bench-api.mjs): builds the app in this process on a fresh
 * database (PGlite in memory, or PostgreSQL in a throw-away schema when BENCH_DATABASE_URL is a postgres URL),
 * listens on 127.0.0.1, seeds members with money and an active game account, then drives real HTTP over
 * loopback with a fixed number of concurrent keep-alive connections:
 *   - POST /api/wallet/transfer (wallet ↔ PG alternately, each with a new Idempotency-Key)
 *   - GET /api/wallet
 * Prints one JSON line with requests per second and latency percentiles per endpoint.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const latencyMs = process.env.BENCH_GAME_LATENCY_MS ?? '0';
const pgUrl = process.env.BENCH_DATABASE_URL;

interface Result {
  endpoint: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: object,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = payload ? JSON.stringify(payload) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...headers,
          'x-requested-by': 'wallet-user',
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

async function drive(name: string, workers: ((i: number, n: number) => Promise<boolean>)[]): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    workers.map(async (work) => {
      for (let n = 0; Date.now() < end; n += 1) {
        const t0 = process.hrtime.bigint();
        const ok = await work(0, n).catch(() => false);
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
        if (!ok) errors += 1;
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    endpoint: name,
    requests: latencies.length,
    errors,
    rps: Math.round(latencies.length / elapsed),
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  let schema: string | undefined;
  if (pgUrl) {
    schema = `bench_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: pgUrl ?? 'memory://',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    LOG_LEVEL: 'silent',
    STATIC_ROOT: dataDir,
    GAME_LATENCY_MS: latencyMs,
    JOB_INTERVAL_MS: '0',
  });
  const app = await buildApp(config, { limits: { loginFailuresPerIp: 1000 } });
  await app.ctx.settings.set('registerOTP', false);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    // One member per connection, each with money in the wallet and a PG account.
    const tokens: string[] = [];
    for (let i = 0; i < concurrency; i += 1) {
      const username = `08${String(10_000_000 + i).slice(-8)}`;
      const memberId = await app.accounts.register(
        {
          name: `Bench ${i}`,
          username,
          password: 'bench-pass-1',
          bankCode: 'KBANK',
          bankAccountName: 'BENCH MEMBER',
          bankAccountNo: `9${String(100_000_000 + i)}`,
          currency: 'THB',
        },
        { requireOtp: false, sources: async () => [] },
      );
      await app.ctx.db.transaction().execute((trx) =>
        app.ctx.ledger.creditMember(trx, {
          memberId,
          amount: 100_000_000,
          kind: 'deposit',
          from: 'bank_in',
        }),
      );
      const login = await request(
        agent,
        port,
        'POST',
        '/api/login',
        {},
        { username, password: 'bench-pass-1' },
      );
      const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;
      const act = await request(agent, port, 'GET', '/api/wallet/activate/PG', {
        authorization: `Bearer ${token}`,
      });
      if (act.status !== 200) throw new Error(`activate: ${act.status} ${act.body}`);
      tokens.push(token);
    }

    let keySeq = 0;
    const transfer = await drive(
      'POST /api/wallet/transfer',
      tokens.map((token) => {
        let n = 0;
        return async () => {
          n += 1;
          const toGame = n % 2 === 1;
          const res = await request(
            agent,
            port,
            'POST',
            '/api/wallet/transfer',
            { authorization: `Bearer ${token}`, 'idempotency-key': `bench-${(keySeq += 1)}` },
            { from: toGame ? 'wallet' : 'PG', to: toGame ? 'PG' : 'wallet', amount: 100 },
          );
          return res.status === 200;
        };
      }),
    );
    const wallet = await drive(
      'GET /api/wallet',
      tokens.map((token) => async () => {
        const res = await request(agent, port, 'GET', '/api/wallet', { authorization: `Bearer ${token}` });
        return res.status === 200;
      }),
    );
    const books = await app.ctx.ledger.trialBalance();
    process.stdout.write(
      `${JSON.stringify({
        database: pgUrl ? 'PostgreSQL' : 'PGlite (memory)',
        concurrency,
        seconds,
        gameLatencyMs: Number(latencyMs),
        results: [transfer, wallet],
        trialBalance: books,
      })}\n`,
    );
  } finally {
    agent.destroy();
    await app.close();
    if (pgUrl && schema) {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
