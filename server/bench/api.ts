/**
 * API benchmark (run by `npm run bench:api`, see scripts/bench-api.mjs): builds the app in this process on a fresh
 * database (PGlite in memory, or PostgreSQL in a throw-away schema when BENCH_DATABASE_URL is a postgres URL),
 * listens on 127.0.0.1, seeds members with money in the wallet and in an active game account, then drives real HTTP
 * over loopback with a fixed number of concurrent keep-alive connections, from wrk when it is installed
 * (bench/load.lua: a C client, as pgbench is) or else from a worker thread (bench/load.mjs: the client's work runs on
 * its own event loop, not on the server's); BENCH_CLIENT=wrk|node chooses:
 *   - POST /api/wallet/transfer (wallet ↔ PG alternately, each with a new Idempotency-Key)
 *   - GET /api/wallet
 * Prints one JSON line with requests per second, latency percentiles and CPU time per request per endpoint: the
 * server (this process, every thread but the load worker's: the event loop, V8's background threads), the load
 * client (wrk's process, or the worker's thread) and PostgreSQL (the local `postgres` processes). The CPU figures say
 * what a request costs even when other work shares the machine. BENCH_ONLY=transfer|wallet drives one endpoint;
 * BENCH_CPU_PROFILE=<dir> writes a CPU profile of the server's thread while each endpoint is driven, and
 * BENCH_HEAP_PROFILE=<dir> a sampling profile of what it allocates (short-lived objects included).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { spawn, spawnSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/app';
import { benchDatabase, postgresCpuMs, request } from './bench-util';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const latencyMs = process.env.BENCH_GAME_LATENCY_MS ?? '0';
const pgUrl = process.env.BENCH_DATABASE_URL;
const only = process.env.BENCH_ONLY;
/** wrk's version when it is installed (`wrk` prints it with its usage, and exits 1). */
const wrkVersion = /^wrk (\S+)/m.exec(
  spawnSync('wrk', ['--version'], { encoding: 'utf8' }).stdout ?? '',
)?.[1];
/**
 * The load client: wrk (bench/load.lua) when installed, else a Node worker thread (bench/load.mjs);
 * BENCH_CLIENT=node|wrk chooses. wrk's CPU per request is a fraction of Node's: the machine's two cores then serve
 * more of the server's and the database's work, as pgbench's C client leaves them to the database.
 */
const client: 'wrk' | 'node' =
  process.env.BENCH_CLIENT === 'node' || (process.env.BENCH_CLIENT !== 'wrk' && !wrkVersion) ? 'node' : 'wrk';
const wrkThreads = Number(process.env.BENCH_WRK_THREADS ?? 1);
/**
 * Members seeded: one per connection for the Node client (which keeps each member on its own connection); for wrk,
 * which cannot, four per connection, used in turn, so that one member's requests practically never overlap.
 */
const memberCount = client === 'wrk' ? concurrency * 4 : concurrency;

interface Result {
  endpoint: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  /** CPU time per request of the server (this process without the load worker's thread), ms. */
  cpuMs: number;
  /** CPU time per request of the load client (the worker's thread; null where /proc is not available), ms. */
  loadCpuMs: number | null;
  /** CPU time per request of the local PostgreSQL processes (0 on PGlite, which runs in this process), ms. */
  dbCpuMs: number;
}

/**
 * BENCH_CPU_PROFILE=<dir>: a V8 CPU profile of the server's thread while one endpoint is driven (the steady state
 * only, without start-up and seeding), written as <dir>/<endpoint>.cpuprofile for Chrome DevTools.
 * BENCH_HEAP_PROFILE=<dir>: instead, a sampling heap profile of everything the server's thread allocates meanwhile,
 * objects already collected included (what a request allocates drives the garbage collector's work), written as
 * <dir>/<endpoint>.heapprofile.
 */
async function startProfile(): Promise<((endpoint: string) => Promise<void>) | undefined> {
  const cpuDir = process.env.BENCH_CPU_PROFILE;
  const heapDir = process.env.BENCH_HEAP_PROFILE;
  if (!cpuDir && !heapDir) return undefined;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  if (heapDir) {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    return async (endpoint) => {
      const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: object };
      session.disconnect();
      writeFileSync(path.join(heapDir, `${endpoint}.heapprofile`), JSON.stringify(profile));
    };
  }
  await post('Profiler.enable');
  await post('Profiler.start');
  return async (endpoint) => {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    session.disconnect();
    writeFileSync(path.join(cpuDir ?? '.', `${endpoint}.cpuprofile`), JSON.stringify(profile));
  };
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

interface LoadAnswer {
  requests: number;
  errors: number;
  elapsed: number;
  latencies: number[];
  /** The load worker thread's CPU time, ms (null where /proc is not available). */
  cpuMs: number | null;
}

/** Drives one endpoint for `seconds` from the load client (`client`) with `concurrency` keep-alive connections. */
async function drive(
  name: string,
  endpoint: 'transfer' | 'wallet',
  port: number,
  tokens: string[],
): Promise<Result> {
  const profile = await startProfile();
  const cpu0 = process.cpuUsage();
  const db0 = pgUrl ? postgresCpuMs() : 0;
  const answer = await (client === 'wrk'
    ? wrkLoad(endpoint, port, tokens)
    : workerLoad(endpoint, port, tokens));
  const cpu = process.cpuUsage(cpu0);
  const dbCpu = pgUrl ? postgresCpuMs() - db0 : 0;
  await profile?.(endpoint);
  const per = (ms: number) => Math.round((ms / Math.max(1, answer.requests)) * 1000) / 1000;
  return {
    endpoint: name,
    requests: answer.requests,
    errors: answer.errors,
    rps: Math.round(answer.requests / answer.elapsed),
    p50: Math.round(answer.p50 * 10) / 10,
    p99: Math.round(answer.p99 * 10) / 10,
    // The worker thread's CPU is counted in this process's; wrk's is its own process's.
    cpuMs: per((cpu.user + cpu.system) / 1000 - (client === 'node' ? (answer.cpuMs ?? 0) : 0)),
    loadCpuMs: answer.cpuMs === null ? null : per(answer.cpuMs),
    dbCpuMs: per(dbCpu),
  };
}

/** What a load client reports: requests, failures, seconds, latency percentiles (ms) and its own CPU time (ms). */
interface LoadReport {
  requests: number;
  errors: number;
  elapsed: number;
  p50: number;
  p99: number;
  cpuMs: number | null;
}

/** The Node client: a worker thread, one keep-alive connection per member token (bench/load.mjs). */
async function workerLoad(
  endpoint: 'transfer' | 'wallet',
  port: number,
  tokens: string[],
): Promise<LoadReport> {
  const answer = await new Promise<LoadAnswer>((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'load.mjs'), {
      workerData: { port, tokens, seconds, endpoint, keyPrefix: `bench-${randomBytes(4).toString('hex')}` },
    });
    worker.once('message', (m: LoadAnswer) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load worker exited with ${code}`));
    });
  });
  const latencies = answer.latencies.sort((a, b) => a - b);
  return {
    requests: answer.requests,
    errors: answer.errors,
    elapsed: answer.elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpuMs: answer.cpuMs,
  };
}

/** The wrk client (bench/load.lua), `concurrency` connections; the event loop keeps serving while it runs. */
async function wrkLoad(endpoint: 'transfer' | 'wallet', port: number, tokens: string[]): Promise<LoadReport> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  try {
    const file = path.join(dir, 'tokens');
    writeFileSync(file, `${tokens.join('\n')}\n`);
    const args = [
      ...['-t', String(wrkThreads), '-c', String(concurrency), '-d', `${seconds}s`],
      ...['-s', path.join(__dirname, 'load.lua'), `http://127.0.0.1:${port}`],
      ...['--', file, endpoint, `bench-${randomBytes(4).toString('hex')}`, String(wrkThreads)],
    ];
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}`)),
      );
    });
    const line = out.trim().split('\n').pop() ?? '';
    const r = JSON.parse(line) as {
      requests: number;
      durationUs: number;
      refused: number;
      socketErrors: number;
      p50: number;
      p99: number;
      cpuS: number;
    };
    return {
      requests: r.requests,
      errors: r.refused + r.socketErrors,
      elapsed: r.durationUs / 1e6,
      p50: r.p50,
      p99: r.p99,
      cpuMs: r.cpuS * 1000,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { config, drop } = await benchDatabase(pgUrl, 'bench-api-', { GAME_LATENCY_MS: latencyMs });
  const app = await buildApp(config, { limits: { loginFailuresPerIp: 1000 } });
  await app.ctx.settings.set('registerOTP', false);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    // Members (`memberCount`), each with money in the wallet and in a PG account.
    const tokens: string[] = [];
    for (let i = 0; i < memberCount; i += 1) {
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
      const funded = await request(
        agent,
        port,
        'POST',
        '/api/wallet/transfer',
        { authorization: `Bearer ${token}`, 'idempotency-key': `seed-${i}` },
        { from: 'wallet', to: 'PG', amount: 1_000_000 },
      );
      if (funded.status !== 200) throw new Error(`fund the game: ${funded.status} ${funded.body}`);
      tokens.push(token);
    }

    agent.destroy();
    // BENCH_ONLY=transfer|wallet drives one endpoint (e.g. under node --cpu-prof).
    const results: Result[] = [];
    if (only !== 'wallet') results.push(await drive('POST /api/wallet/transfer', 'transfer', port, tokens));
    if (only !== 'transfer') results.push(await drive('GET /api/wallet', 'wallet', port, tokens));
    const books = await app.ctx.ledger.trialBalance();
    // Group commit (GROUP_COMMIT): how many statements the batched kinds took, and the items they carried.
    const batches = {
      starts: app.operations.startStats(),
      settlements: app.games.legs.settleStats(),
      provider: app.sandboxGames?.transferStats(),
    };
    process.stdout.write(
      `${JSON.stringify({
        database: pgUrl ? 'PostgreSQL' : 'PGlite (memory)',
        client: client === 'wrk' ? `wrk ${wrkVersion ?? ''}`.trim() : 'node worker',
        concurrency,
        members: memberCount,
        seconds,
        gameLatencyMs: Number(latencyMs),
        results,
        batches,
        trialBalance: books,
      })}\n`,
    );
  } finally {
    agent.destroy();
    await app.close();
    await drop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
