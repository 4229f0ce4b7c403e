// npm run bench, parts 3, 4 and 5 (scripts/bench.mjs describes every part).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../apps.mjs';
import { CONNECTIONS, DEFAULT_PG, log, ratioRounds, seconds } from './settings.mjs';
import { apiFigure } from './rows.mjs';

// 3. API (scripts/bench-api.mjs --json) and 4. pgbench

function pgAnswers(pgUrl) {
  const res = spawnSync('psql', [pgUrl, '-Atc', 'show server_version'], {
    encoding: 'utf8',
    env: { ...process.env, PGCONNECT_TIMEOUT: '3' },
  });
  return res.status === 0 ? res.stdout.trim() : null;
}

export function choosePostgres() {
  const given = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  const candidates = given && /^postgres(ql)?:\/\//.test(given) ? [given] : [DEFAULT_PG];
  const pgUrl = candidates[0];
  if (spawnSync('psql', ['--version']).status !== 0) return { skipped: 'psql is not installed' };
  const version = pgAnswers(pgUrl);
  if (!version) return { skipped: `PostgreSQL at ${pgUrl} does not answer` };
  return { url: pgUrl, version };
}

function runChild(args, env, cwd = root) {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('exit', (status) =>
      status === 0
        ? resolve(stdout)
        : reject(new Error(`${args.join(' ')}: exit ${status}\n${stderr || stdout}`)),
    );
  });
}

export async function measureApi(pg) {
  const stdout = await runChild([join(root, 'scripts', 'bench-api.mjs'), '--json'], {
    ...process.env,
    DATABASE_URL: pg.url ?? '',
    BENCH_SECONDS: String(seconds),
    BENCH_CONCURRENCY: String(CONNECTIONS),
    BENCH_GAME_LATENCY_MS: '0',
  });
  return JSON.parse(stdout);
}

/** Transfers on PostgreSQL alone (server/bench/api.ts, as bench-api.mjs runs it): the endpoint's figures. */
async function measureTransferPg(pg) {
  const stdout = await runChild(
    ['--import', 'tsx', join(root, 'server', 'bench', 'api.ts')],
    {
      ...process.env,
      DATABASE_URL: '',
      BENCH_DATABASE_URL: pg.url,
      BENCH_ONLY: 'transfer',
      BENCH_SECONDS: String(seconds),
      BENCH_CONCURRENCY: String(CONNECTIONS),
      BENCH_GAME_LATENCY_MS: '0',
    },
    join(root, 'server'),
  );
  const run = JSON.parse(stdout.trim().split('\n').pop());
  return run.results.find((x) => x.endpoint === 'POST /api/wallet/transfer');
}

/**
 * 5. The ratio in `ratioRounds` rounds: the first is the API run's transfers and the pgbench after them; each
 * further round drives transfers on PostgreSQL, then pgbench at once.
 */
export async function measureRatioRounds(report, pg) {
  const first = apiFigure(report, 'PostgreSQL', 'POST /api/wallet/transfer');
  if (!first || !report.pgbench?.tps) return undefined;
  const rounds = [{ transferRps: first.rps, pgbenchTps: report.pgbench.tps }];
  for (let n = 2; n <= ratioRounds; n += 1) {
    log(
      `bench: ratio round ${n} of ${ratioRounds}: transfers on PostgreSQL, then pgbench (${seconds} s each)…`,
    );
    const transfer = await measureTransferPg(pg);
    const pgbench = measurePgbench(pg);
    if (!pgbench.tps) break;
    rounds.push({ transferRps: transfer.rps, pgbenchTps: pgbench.tps });
  }
  return rounds.map((r) => ({ ...r, ratio: Number((r.transferRps / r.pgbenchTps).toFixed(3)) }));
}

function psql(pgUrl, sql) {
  const res = spawnSync('psql', [pgUrl, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`psql: ${res.stderr}`);
  return res.stdout;
}

export function measurePgbench(pg) {
  if (!pg.url) return { skipped: pg.skipped };
  if (spawnSync('pgbench', ['--version']).status !== 0) return { skipped: 'pgbench is not installed' };
  const accounts = 10_000;
  const schema = `bench_pgb_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'wallet-pgbench-'));
  const script = join(dir, 'transfer.sql');
  // Rows are locked in id order (lower id first) so that two opposite transfers cannot deadlock.
  writeFileSync(
    script,
    [
      `\\set a random(1, ${accounts})`,
      `\\set b random(1, ${accounts})`,
      '\\set lo least(:a, :b)',
      '\\set hi greatest(:a, :b)',
      '\\set amount random(1, 1000)',
      'BEGIN;',
      `UPDATE ${schema}.accounts SET balance = balance - :amount WHERE id = :lo;`,
      `UPDATE ${schema}.accounts SET balance = balance + :amount WHERE id = :hi;`,
      `INSERT INTO ${schema}.history (from_id, to_id, amount) VALUES (:lo, :hi, :amount);`,
      'END;',
      '',
    ].join('\n'),
  );
  try {
    psql(
      pg.url,
      `create schema ${schema};
       create table ${schema}.accounts (id integer primary key, balance bigint not null);
       create table ${schema}.history (id bigserial primary key, from_id integer not null, to_id integer not null,
         amount bigint not null, at timestamptz not null default now());
       insert into ${schema}.accounts select g, 1000000 from generate_series(1, ${accounts}) g;`,
    );
    psql(pg.url, `vacuum analyze ${schema}.accounts`);
    const res = spawnSync(
      'pgbench',
      ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(seconds), '-f', script, pg.url],
      { encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`pgbench: ${res.stderr}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(res.stdout)?.[1]);
    const latency = Number(/latency average = ([\d.]+) ms/.exec(res.stdout)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(res.stdout)?.[1] ?? 0);
    const total = psql(pg.url, `select sum(balance) from ${schema}.accounts`).trim();
    return {
      version: spawnSync('pgbench', ['--version'], { encoding: 'utf8' }).stdout.trim(),
      clients: CONNECTIONS,
      seconds,
      accounts,
      tps: Math.round(tps),
      latencyAvgMs: latency,
      failed,
      balanced: Number(total) === accounts * 1_000_000,
    };
  } finally {
    try {
      psql(pg.url, `drop schema if exists ${schema} cascade`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
