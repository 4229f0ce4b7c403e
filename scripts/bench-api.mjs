// API throughput and latency: POST /api/wallet/transfer and GET /api/wallet over real HTTP on loopback.
//
//   npm run bench:api                       PGlite in memory, then PostgreSQL when DATABASE_URL is postgres://…
//   npm run bench:api -- --json             machine-readable
//   BENCH_SECONDS=10 BENCH_CONCURRENCY=16 BENCH_GAME_LATENCY_MS=0 npm run bench:api
//
// Each database runs in its own process (server/bench/api.ts under tsx): the app is built in-process on a fresh
// database (PostgreSQL: a throw-away schema), listens on 127.0.0.1, seeds members with money in the wallet and in
// a PG game account, then each endpoint is driven for BENCH_SECONDS with BENCH_CONCURRENCY keep-alive connections,
// from wrk when it is installed (`apt-get install -y wrk`; BENCH_CLIENT=node uses the Node worker instead). Transfers alternate wallet → PG and PG → wallet, each with a new Idempotency-Key, through the
// sandbox provider (latency BENCH_GAME_LATENCY_MS, default 0: the figure is our own cost).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const asJson = process.argv.includes('--json');
const runs = [{ label: 'PGlite', env: {} }];
const pgUrl = process.env.DATABASE_URL;
if (pgUrl && /^postgres(ql)?:\/\//.test(pgUrl))
  runs.push({ label: 'PostgreSQL', env: { BENCH_DATABASE_URL: pgUrl } });

const reports = [];
for (const run of runs) {
  if (!asJson) process.stderr.write(`bench:api on ${run.label}…\n`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server', 'bench', 'api.ts')], {
    cwd: join(root, 'server'),
    env: { ...process.env, ...run.env, DATABASE_URL: '' },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (res.status !== 0) {
    process.stderr.write(res.stderr || res.stdout);
    process.exit(res.status ?? 1);
  }
  const line = res.stdout.trim().split('\n').pop();
  reports.push(JSON.parse(line));
}

if (asJson) {
  process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
} else {
  // CPU per request: the server (PGlite included: it runs in the server's process), the load client, PostgreSQL.
  const cpu = (ms) => (ms === null || ms === undefined ? '—' : ms.toFixed(2));
  const rows = [
    ['database', 'endpoint', 'requests', 'errors', 'req/s', 'p50 ms', 'p99 ms'].concat([
      'server CPU ms',
      'client CPU ms',
      'db CPU ms',
    ]),
  ];
  for (const r of reports) {
    for (const x of r.results) {
      rows.push(
        [r.database, x.endpoint, x.requests, x.errors, x.rps, x.p50, x.p99]
          .map(String)
          .concat([cpu(x.cpuMs), cpu(x.loadCpuMs), r.database === 'PostgreSQL' ? cpu(x.dbCpuMs) : '—']),
      );
    }
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => row.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  const first = reports[0];
  console.log(
    `\nAPI benchmark: ${first.concurrency} connections, ${first.seconds} s per endpoint, loopback HTTP, ` +
      `sandbox provider latency ${first.gameLatencyMs} ms`,
  );
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  for (const r of reports) {
    const off = Object.entries(r.trialBalance).filter(([, v]) => v !== 0);
    console.log(
      `${r.database}: books ${off.length === 0 ? 'balance (trial balance 0)' : `OFF ${JSON.stringify(off)}`}`,
    );
  }
}
