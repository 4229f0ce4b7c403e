// Every figure of issue 11's targets in one run, one measurement after the other (never in parallel: 2 cores).
//
//   npm run bench                  (after the build: `node scripts/build.mjs --missing`)
//   npm run bench -- --json        machine-readable
//   BENCH_SECONDS=10 BENCH_LIGHTHOUSE_RUNS=5 npm run bench
//   BENCH_LIGHTHOUSE_REPORTS=/tmp/lh npm run bench   also writes each Lighthouse run's full report (JSON) there
//   BENCH_ONLY=home npm run bench  only some parts, to iterate on one figure (comma list of loads, login, home,
//                                  home-first, home-visit, api, pgbench); the targets table then shows only what
//                                  was measured
//
// 1. First load of /login and of /user/home (signed in), bytes of every response as the built server sent them
//    (compressed; `request.sizes()` in Chromium through playwright-core, the way scripts/bench-bundle.mjs measures),
//    and the repeat visit of /login: a second load in the same browser context, every byte that crossed the wire
//    (bodies and headers).
// 2. Lighthouse (mobile, default simulated throttling), BENCH_LIGHTHOUSE_RUNS runs (default 5) of /login and of
//    /user/home signed in; the median performance score and the median largest contentful paint. /user/home as a
//    remembered member (the page cookie) who confirmed the agreement on this device earlier (every visit but the
//    first), and, for the record, the first visit, whose largest paint is the agreement window the spec opens 1.5 s
//    after the home loads, and a session kept for this visit only (no page cookie).
// 3. API throughput and p50/p99 of POST /api/wallet/transfer and GET /api/wallet on PGlite and PostgreSQL:
//    scripts/bench-api.mjs --json, 16 connections, provider latency 0, BENCH_SECONDS per endpoint.
// 4. pgbench on the same PostgreSQL for the same time with 16 clients: a two-row transfer (two UPDATEs of an
//    accounts table and one INSERT of a history row, random accounts) in a throw-away schema created and dropped
//    here; then the ratio transfer throughput on PostgreSQL ÷ pgbench transactions per second.
// 5. The ratio again in BENCH_RATIO_ROUNDS rounds in all (default 3; the first is 3 and 4): each round drives
//    transfers on PostgreSQL alone for BENCH_SECONDS, then runs pgbench at once, so the two sides of each round's
//    ratio meet the machine in the same phase (this machine drifts by ±20 % within a minute); the ratio row shows
//    the median round.
//
// 1 and 2 start the built server (server/dist/main.js) on a free loopback port with a fresh in-memory database.
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL when it is postgres://…, else
// postgres://postgres@127.0.0.1:5432/test when it answers; without one, 3 runs on PGlite only and 4 is skipped,
// with the reason printed.
//
// The parts live in scripts/bench/: settings.mjs, loads.mjs (1), lighthouse.mjs (2), api.mjs (3 to 5),
// rows.mjs (the targets table) and print.mjs.
import { apps, isBuilt, serverBuilt } from './apps.mjs';
import { startBuiltServer } from './built-server.mjs';
import { memberToken } from './bench-site.mjs';
import { asJson, CONNECTIONS, lighthouseRuns, log, machine, measures, seconds } from './bench/settings.mjs';
import { measureLoads } from './bench/loads.mjs';
import { measureLighthouse } from './bench/lighthouse.mjs';
import { choosePostgres, measureApi, measurePgbench, measureRatioRounds } from './bench/api.mjs';
import { rows } from './bench/rows.mjs';
import { print } from './bench/print.mjs';

async function main() {
  const notBuilt = [...(serverBuilt() ? [] : ['server']), ...apps.filter((a) => !isBuilt(a))];
  if (notBuilt.length) {
    console.error(`not built: ${notBuilt.join(', ')} (node scripts/build.mjs --missing)`);
    process.exit(2);
  }
  const report = { machineBefore: machine(), seconds, connections: CONNECTIONS, lighthouseRuns };
  const started = Date.now();

  log('bench: starting the built server (in-memory database) and registering a member…');
  const server = await startBuiltServer({ SANDBOX: '1' });
  try {
    const token = await memberToken(server.url);
    if (measures('loads')) {
      log('bench: first loads of /login and /user/home, repeat visit of /login (Chromium)…');
      report.loads = await measureLoads(server.url, token);
    }
    if (['login', 'home', 'home-first', 'home-visit'].some(measures)) {
      log(`bench: Lighthouse mobile, ${lighthouseRuns} runs per page…`);
      report.lighthouse = await measureLighthouse(server.url, token);
    }
  } finally {
    await server.stop();
  }

  const pg = choosePostgres();
  report.postgres = pg.url ? { url: pg.url, version: pg.version } : { skipped: pg.skipped };
  if (measures('api')) {
    log(`bench: API (${seconds} s per endpoint and database, ${CONNECTIONS} connections)…`);
    report.api = await measureApi(pg);
  }
  if (measures('pgbench')) {
    log(`bench: pgbench (${seconds} s, ${CONNECTIONS} clients)…`);
    report.pgbench = measurePgbench(pg);
  }
  if (measures('api') && measures('pgbench') && pg.url)
    report.ratioRounds = await measureRatioRounds(report, pg);
  report.machineAfter = machine();
  report.elapsedSeconds = Math.round((Date.now() - started) / 1000);
  report.rows = rows(report);

  if (asJson) console.log(JSON.stringify(report, null, 2));
  else print(report);
}

await main();
