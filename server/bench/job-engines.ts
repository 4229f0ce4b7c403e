/**
 * pg-boss or graphile-worker for the background money work (issue 37, item 5): the same four measurements on the
 * local PostgreSQL for each engine, each in its own schemas (`bench_jobs_app`, `bench_jobs_<engine>`), dropped
 * after.
 *
 *   cd server && flock -x /tmp/quiet.lock node --import tsx bench/job-engines.ts
 *
 * 1. enqueue inside an application transaction: BENCH_CLIENTS (8) clients each run transactions of one balance
 *    UPDATE plus the enqueue of a job with a job key, through the transaction's own connection (graphile-worker:
 *    SQL `add_job(...)`; pg-boss: `send(..., { db })` with a `db` that runs on that connection), for BENCH_SECONDS
 *    (4); the same transactions without the enqueue are the baseline;
 * 2. pickup latency: one worker process waits; 200 jobs are added one at a time (every 25 ms); the job's handler
 *    records now − the commit time in its payload (p50 / p99 ms);
 * 3. processing throughput: 1 and then 2 worker processes (child processes, concurrency 8 each) wait, BENCH_JOBS
 *    (3000) jobs are committed in one transaction, and run; a job is one INSERT plus 10 ms of waiting (a
 *    provider's answer): jobs/s from the commit to the last job done;
 * 4. a killed worker: a worker process takes a job and is killed (SIGKILL) while on it; a second worker runs; how
 *    long until the job is done by the second (up to BENCH_TAKEOVER_S, 90 s). pg-boss: the queue's jobs expire
 *    after 30 s and the workers' maintenance runs every 5 s; graphile-worker has no such setting (a locked job is
 *    free again after 4 hours).
 *
 * Prints one JSON line per engine.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { run, runMigrations } from 'graphile-worker';
import PgBoss from 'pg-boss';
import pg from 'pg';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const clients = Number(process.env.BENCH_CLIENTS ?? 8);
const jobs = Number(process.env.BENCH_JOBS ?? 3000);
const takeoverLimitS = Number(process.env.BENCH_TAKEOVER_S ?? 90);
const APP = 'bench_jobs_app';
type Engine = 'graphile-worker' | 'pg-boss';
const schemaOf = (e: Engine) => (e === 'pg-boss' ? 'bench_jobs_pgboss' : 'bench_jobs_graphile');
const QUEUE = 'work';

const step = (what: string) => process.stderr.write(`${new Date().toISOString()} ${what}\n`);
const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Payload {
  n: number;
  at: number;
  mode: 'latency' | 'throughput' | 'hang' | 'none';
}

/** The job's work in a worker process. */
async function handle(p: Payload, pool: pg.Pool): Promise<void> {
  if (p.mode === 'latency') {
    await pool.query(`insert into ${APP}.latency (n, ms) values ($1, $2)`, [p.n, Date.now() - p.at]);
  } else if (p.mode === 'throughput') {
    await pool.query(`insert into ${APP}.done (n) values ($1) on conflict do nothing`, [p.n]);
    await sleep(10);
  } else if (p.mode === 'hang') {
    await pool.query(`insert into ${APP}.done (n) values ($1) on conflict do nothing`, [p.n]);
    if (process.env.BENCH_HANG === '1') {
      process.send?.('taken');
      await new Promise(() => undefined);
    }
  }
}

/** A worker process: runs jobs until killed. */
async function worker(engine: Engine): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  if (engine === 'graphile-worker') {
    await run({
      connectionString: url,
      schema: schemaOf(engine),
      concurrency: 8,
      noHandleSignals: true,
      pollInterval: 2000,
      logger: quietGraphileLogger(),
      taskList: { [QUEUE]: async (payload) => handle(payload as Payload, pool) },
    });
  } else {
    // Expired jobs (a dead worker's) are failed, then retried, by the maintenance: every 5 s here (default 120 s).
    const boss = new PgBoss({
      connectionString: url,
      schema: schemaOf(engine),
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: 5,
      pollingIntervalSeconds: 0.5,
    });
    boss.on('error', () => undefined);
    await boss.start();
    // pg-boss 10 has no worker concurrency: a poller fetches `batchSize` jobs, runs them, and waits out the rest of
    // its polling interval (at least 0.5 s) before the next fetch. BENCH_PGBOSS_BATCH (1) × 8 pollers.
    const batchSize = Number(process.env.BENCH_PGBOSS_BATCH ?? 1);
    for (let i = 0; i < 8; i += 1) {
      await boss.work<Payload>(QUEUE, { pollingIntervalSeconds: 0.5, batchSize }, async (batch) => {
        await Promise.all(batch.map((job) => handle(job.data, pool)));
      });
    }
  }
  process.send?.('ready');
}

function quietGraphileLogger() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Logger } = require('graphile-worker') as typeof import('graphile-worker');
  return new Logger(() => () => undefined);
}

function spawnWorker(engine: Engine, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = fork(__filename, ['worker', engine], {
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
}

async function stopWorker(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

/** An enqueuer on one connection: adds a job inside the transaction the connection is in. */
type Enqueue = (c: pg.PoolClient, p: Payload, key: string) => Promise<void>;

async function engineSetup(engine: Engine): Promise<{ enqueue: Enqueue; close(): Promise<void> }> {
  const schema = schemaOf(engine);
  if (engine === 'graphile-worker') {
    await runMigrations({ connectionString: url, schema, logger: quietGraphileLogger() });
    return {
      enqueue: async (c, p, key) => {
        await c.query(`select ${schema}.add_job($1, $2::json, job_key => $3, max_attempts => 25)`, [
          QUEUE,
          JSON.stringify(p),
          key,
        ]);
      },
      close: async () => undefined,
    };
  }
  const boss = new PgBoss({ connectionString: url, schema, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 25, retryBackoff: true, expireInSeconds: 30 });
  return {
    enqueue: async (c, p, key) => {
      await boss.send(QUEUE, p, {
        singletonKey: key,
        db: { executeSql: (text: string, values: unknown[]) => c.query(text, values) },
      });
    },
    close: () => boss.stop({ graceful: false, wait: true }),
  };
}

async function measure(engine: Engine): Promise<Record<string, unknown>> {
  const admin = new pg.Pool({ connectionString: url, max: clients + 2 });
  const schema = schemaOf(engine);
  await admin.query(`drop schema if exists ${APP} cascade; drop schema if exists ${schema} cascade`);
  await admin.query(
    `create schema ${APP};
     create table ${APP}.wallets (id int primary key, balance bigint not null);
     insert into ${APP}.wallets select g, 1000000 from generate_series(1, ${clients}) g;
     create table ${APP}.done (n int primary key, at timestamptz not null default clock_timestamp());
     create table ${APP}.latency (n int primary key, ms int not null);`,
  );
  const { enqueue, close } = await engineSetup(engine);

  // 1. Enqueue in the application's transaction, against the same transaction without it.
  const transactions = async (withJob: boolean): Promise<number> => {
    let count = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const c = await admin.connect();
        try {
          while (Date.now() < end) {
            await c.query('begin');
            await c.query(`update ${APP}.wallets set balance = balance - 1 where id = $1`, [i + 1]);
            const n = 1_000_000 + count;
            if (withJob) await enqueue(c, { n, at: 0, mode: 'none' }, `k:${withJob}:${i}:${n}`);
            await c.query('commit');
            count += 1;
          }
        } finally {
          c.release();
        }
      }),
    );
    return Math.round(count / seconds);
  };
  step(`${engine}: enqueue in transactions`);
  const baselineTps = await transactions(false);
  const enqueueTps = await transactions(true);
  // The jobs of the enqueue run are left aside: removed before the next measurement.
  await clearJobs(admin, engine);

  const add = async (p: Payload, key: string) => {
    const c = await admin.connect();
    try {
      await c.query('begin');
      p.at = Date.now();
      await enqueue(c, p, key);
      await c.query('commit');
    } finally {
      c.release();
    }
  };

  // 2. Pickup latency with one worker process waiting.
  step(`${engine}: pickup latency`);
  const w = await spawnWorker(engine);
  await sleep(1000);
  step('worker ready');
  for (let n = 0; n < 200; n += 1) {
    if (n % 50 === 0) step(`added ${n}`);
    await add({ n, at: 0, mode: 'latency' }, `lat:${n}`);
    await sleep(25);
  }
  await waitFor(async () => {
    return (await count(admin, `${APP}.latency`)) >= 200;
  }, 60_000);
  step('latency: all picked up');
  const lat = (await admin.query<{ ms: number }>(`select ms from ${APP}.latency order by ms`)).rows.map(
    (r) => r.ms,
  );
  await stopWorker(w);

  // 3. Throughput with 1 and with 2 worker processes.
  const throughput = async (processes: number, base: number): Promise<number> => {
    await admin.query(`truncate ${APP}.done`);
    const children = await Promise.all(Array.from({ length: processes }, () => spawnWorker(engine)));
    await sleep(1000);
    const c = await admin.connect();
    await c.query('begin');
    for (let n = 0; n < jobs; n += 1)
      await enqueue(c, { n: base + n, at: 0, mode: 'throughput' }, `tp:${base + n}`);
    await c.query('commit');
    c.release();
    const started = Date.now();
    await waitFor(async () => (await count(admin, `${APP}.done`)) >= jobs, 300_000);
    const elapsed = (Date.now() - started) / 1000;
    await Promise.all(children.map(stopWorker));
    return Math.round(jobs / elapsed);
  };
  const one = await throughput(1, 10_000);
  const two = await throughput(2, 20_000);

  // 4. A worker killed while it holds a job: when does another worker finish it?
  step(`${engine}: killed worker`);
  await admin.query(`truncate ${APP}.done`);
  const hanging = await spawnWorker(engine, { BENCH_HANG: '1' });
  const taken = new Promise((r) => hanging.once('message', r));
  await add({ n: 1, at: 0, mode: 'hang' }, 'hang:1');
  await taken;
  await admin.query(`truncate ${APP}.done`);
  await stopWorker(hanging);
  const killedAt = Date.now();
  const second = await spawnWorker(engine);
  const finished = await waitFor(async () => (await count(admin, `${APP}.done`)) >= 1, takeoverLimitS * 1000);
  const takeoverS = finished ? Math.round((Date.now() - killedAt) / 100) / 10 : null;
  await stopWorker(second);

  await close();
  await admin.query(`drop schema if exists ${APP} cascade; drop schema if exists ${schema} cascade`);
  await admin.end();
  return {
    engine,
    txPerSecondWithoutJob: baselineTps,
    txPerSecondWithJob: enqueueTps,
    pickupP50Ms: quantile(lat, 0.5),
    pickupP99Ms: quantile(lat, 0.99),
    jobsPerSecond1Process: one,
    jobsPerSecond2Processes: two,
    twoOverOne: Math.round((two / one) * 100) / 100,
    killedJobTakenOverAfterS: takeoverS ?? `not within ${takeoverLimitS} s`,
  };
}

async function clearJobs(admin: pg.Pool, engine: Engine): Promise<void> {
  const schema = schemaOf(engine);
  if (engine === 'graphile-worker') await admin.query(`delete from ${schema}._private_jobs`);
  else await admin.query(`delete from ${schema}.job`);
}

async function count(admin: pg.Pool, table: string): Promise<number> {
  const r = await admin.query<{ n: string }>(`select count(*) as n from ${table}`);
  return Number(r.rows[0]?.n ?? 0);
}

async function waitFor(ok: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await ok()) return true;
    await sleep(20);
  }
  return false;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'worker') {
    process.on('disconnect', () => process.exit(0));
    return worker(process.argv[3] as Engine);
  }
  const only = process.env.BENCH_ENGINE as Engine | undefined;
  for (const engine of only ? [only] : (['graphile-worker', 'pg-boss'] as const)) {
    console.log(JSON.stringify(await measure(engine)));
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
