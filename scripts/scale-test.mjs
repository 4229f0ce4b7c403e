#!/usr/bin/env node
// Scale test (issue 12): two server processes behind nginx on one PostgreSQL schema and one Redis prefix. 200
// members (SCALE_MEMBERS) registered and funded through nginx run a mix of wallet reads, transfers wallet ↔ game,
// game → game and withdrawals, every money POST with an Idempotency-Key, for 60 s (SCALE_SECONDS) with bounded
// concurrency (SCALE_CONCURRENCY). At 1/3 of the run one server is SIGKILLed, at 2/3 it is started again. Then,
// once reconciliation and the payout job have finished everything pending, it checks through the API and the
// database: every acknowledged (2xx) money action is found with its outcome (GET /api/operations/key/{key}), every
// refused one moved nothing, the books balance, no member balance is negative, each withdrawal was debited once
// and settled once (at most one reversal), each game transfer was settled once (and agrees with the provider),
// each operation's legs have one record each, and the jobs kept running on the survivor while the other was down.
// It also checks what the servers share: a session revoked on one is refused by the other, login failures count
// across both, a settings change made on one is seen by the other at once (pushed through Redis), and a support
// chat message stored by one reaches a chat socket connected to the other (socket.io's Redis adapter). With
// Debian's prometheus installed, Prometheus scrapes both servers (METRICS_PORT) and evaluates
// ops/prometheus/alerts.yml during the run, and the test checks what the metrics said: the requests counted, the
// pending-age alert during the provider outage and after it, the process-down alert, the trial balance
// (scripts/scale/prometheus.mjs).
//
// Needs: server/dist (node scripts/build.mjs server), nginx (Debian's package), PostgreSQL and Redis:
//   SCALE_DATABASE_URL | TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
//   SCALE_REDIS_URL | TEST_REDIS_URL (default redis://127.0.0.1:6379)
// Only loopback addresses are used. Exit code 0 only when every check holds. SCALE_REPORT=<file> writes the
// figures as JSON; SCALE_KEEP=1 keeps the temporary folder (nginx config, logs, server output) and the schema;
// SCALE_CPU_PROFILE_DIR=<folder> has each server write a V8 CPU profile there when it exits.
//
// nginx and retries: `proxy_next_upstream error timeout` as nginx does by default, i.e. WITHOUT
// `non_idempotent`: a GET that fails on one server (connection refused or reset, timeout) is sent to the other; a
// POST is passed to the other server only when it never reached the first (connection refused), never after it
// was sent. A POST cut off in flight answers 502 and the client sends it again with the same Idempotency-Key
// (as the site's shared client does): safe for every money POST, which carries a key, and the only place where
// the retry's meaning is known. nginx resending every POST would also resend the ones without a key (login,
// registration, one-time codes, settings).
//
// The steps live in scripts/scale/: config.mjs (settings, log, checks), http.mjs, processes.mjs (servers, nginx,
// cleanup), records.mjs (figures, answers), shared.mjs (what the servers share), members.mjs, load.mjs,
// answers.mjs, books.mjs and report.mjs.
import pg from 'pg';
import { DATABASE_URL, failures, schema } from './scale/config.mjs';
import { servers, startAll, cleanup } from './scale/processes.mjs';
import { checkChat, checkRealtime, checkSessionsAndLimits, checkSettingsPush } from './scale/shared.mjs';
import { setupMembers } from './scale/members.mjs';
import { runLoad } from './scale/load.mjs';
import { awaitSettled, checkAnswers } from './scale/answers.mjs';
import { checkBooks, checkTakeover } from './scale/books.mjs';
import { measure, redisVersionOf, report } from './scale/report.mjs';
import { stats } from './scale/records.mjs';
import { checkMetrics, prometheusAvailable, startPrometheus, stopPrometheus } from './scale/prometheus.mjs';
import { measureJobThroughput, reconciliationBacklog, reconciliationRate } from './scale/jobs.mjs';

async function main() {
  await startAll();
  const prometheus = prometheusAvailable();
  if (prometheus) await startPrometheus(servers);
  else console.log('SKIPPED: the Prometheus checks (no /usr/bin/prometheus: apt-get install -y prometheus)');
  const settingsMs = await checkSettingsPush();
  const setup = await setupMembers();
  const { members } = setup;
  const limited = await checkSessionsAndLimits(members);
  await checkRealtime(members);
  await checkChat();
  const sentBefore = stats.requests;
  const loadStart = Date.now();
  const load = await runLoad(members, limited);
  const loadEnd = Date.now();
  const sent = stats.requests - sentBefore;

  // --- Wait for reconciliation and payouts.
  const db = new pg.Client({ connectionString: DATABASE_URL, options: `-c search_path=${schema}` });
  await db.connect();
  const q = async (text, params) => (await db.query(text, params)).rows;
  const drainSeconds = await awaitSettled(q);
  const answers = await checkAnswers(members);
  const books = await checkBooks(q);
  const { takeover, killAt, upAgain } = await checkTakeover(q);
  const measured = await measure(q, killAt, upAgain);
  const metrics = prometheus
    ? await checkMetrics({
        loadStart,
        loadEnd,
        outageStart: loadStart + load.outageAt,
        outageEnd: loadStart + 2 * load.outageAt,
        sent,
        byStatus: stats.byStatus,
        rps: sent / load.runSeconds,
      })
    : undefined;
  const reconciliation = await reconciliationRate(q);
  const backlog = await reconciliationBacklog(q, members);
  const jobThroughput = await measureJobThroughput(q);
  // The same backlog once more, A stopped: the reconcile jobs' capacity with one process. These jobs wait on the
  // provider (its 30 ms answer) as reconciliation does, where the burst above only reads the database.
  const backlogOneProcess = await reconciliationBacklog(q, members, 'backlog-one');
  await db.end();
  const redisVersion = await redisVersionOf();
  report({
    ...setup,
    ...load,
    loadStart,
    loadEnd,
    settingsMs,
    drainSeconds,
    ...answers,
    ...books,
    takeover,
    ...measured,
    reconciliation,
    backlog,
    backlogOneProcess,
    jobThroughput,
    redisVersion,
    metrics,
  });
}

let code = 1;
try {
  await main();
  code = failures.length === 0 ? 0 : 1;
  console.log(
    failures.length === 0
      ? 'scale test: every check holds'
      : `scale test: ${failures.length} check(s) failed`,
  );
} catch (e) {
  console.error('scale test failed to run:', e);
  code = 1;
} finally {
  await stopPrometheus();
  await cleanup();
}
process.exit(code);
