// The scale test's figures: measured in the database and Redis after the checks, printed, and written as JSON
// (SCALE_REPORT).
import { writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { CONCURRENCY, env, failures, MEMBERS, NGINX, REDIS_URL, schema, SECONDS, tmp } from './config.mjs';
import { servers } from './processes.mjs';
import { acked, killInfo, pct, refused, round1, stats, unanswered } from './records.mjs';

/** Waits for reconciliation and payouts, per phase of the kill (`killAt`, `upAgain`), and the database's size. */
export async function measure(q, killAt, upAgain) {
  // How long operations answered PENDING waited for reconciliation (a provider that lost its answers).
  const pendingKeys = [...acked].filter(([, a]) => a.status === 'PENDING').map(([k]) => k);
  const reconcileWait = (
    await q(
      `select round(percentile_cont(0.5) within group (order by extract(epoch from settled_at - created_at))::numeric, 1)::float
           as p50,
         round(max(extract(epoch from settled_at - created_at))::numeric, 1)::float as max
       from operations where idempotency_key = any($1)`,
      [pendingKeys],
    )
  )[0];
  // How long payouts waited for the job (the sandbox bank pays after PAYOUT_SETTLE_MS = 2 s), per phase.
  const lag = await q(
    `select case when created_at < $1 then 'beforeKill' when created_at < $2 then 'whileDown' else 'afterRestart' end
         as phase,
       count(*)::int as n,
       round(percentile_cont(0.5) within group (order by extract(epoch from settled_at - created_at))::numeric, 1)::float
         as p50,
       round(max(extract(epoch from settled_at - created_at))::numeric, 1)::float as max
     from withdrawals group by 1`,
    [new Date(killAt), new Date(upAgain)],
  );
  const payoutLagSeconds = Object.fromEntries(lag.map((r) => [r.phase, { n: r.n, p50: r.p50, max: r.max }]));
  const pgVersion = (await q('show server_version'))[0]?.server_version;
  const size = (
    await q(
      `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes,
        (select count(*) from operations)::int as operations,
        (select count(*) from ledger_transactions)::int as transactions
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'm')`,
      [schema],
    )
  )[0];
  return { pendingKeys, reconcileWait, payoutLagSeconds, pgVersion, size };
}

/** The Redis server's version, when it answers. */
export async function redisVersionOf() {
  let redisVersion;
  try {
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1];
    await redis.quit();
  } catch {
    redisVersion = undefined;
  }
  return redisVersion;
}

/** Prints the figures (and writes them to SCALE_REPORT) from what the run, the checks and `measure` returned. */
export function report(run) {
  const {
    setupSeconds,
    runSeconds,
    timeline,
    settingsMs,
    drainSeconds,
    finalOf,
    unansweredFate,
    withdrawals,
    failedW,
    transfers,
    takeover,
    pendingKeys,
    reconcileWait,
    payoutLagSeconds,
    pgVersion,
    size,
    redisVersion,
    metrics,
    reconciliation,
    backlog,
    backlogOneProcess,
    jobThroughput,
    loadStart,
    loadEnd,
    outageAt,
  } = run;
  // --- In flight at the kill: what became of them.
  const killed = { total: killInfo.inFlight.length, reads: 0, money: 0, outcomes: {} };
  for (const f of killInfo.inFlight) {
    if (!f.key) {
      killed.reads += 1;
      continue;
    }
    killed.money += 1;
    const a = acked.get(f.key);
    const outcome = a
      ? `acknowledged ${a.status}${a.attempts > 1 ? ' after a retry' : ''} → ${finalOf.get(f.key)}`
      : refused.has(f.key)
        ? `refused ${refused.get(f.key).code}`
        : 'unanswered';
    killed.outcomes[outcome] = (killed.outcomes[outcome] ?? 0) + 1;
  }
  const serverErrors = {};
  for (const s of servers) {
    const text = readFileSync(path.join(tmp, `${s.name}.log`), 'utf8');
    serverErrors[s.name] = text.split('\n').filter((l) => /"level":(50|60)/.test(l)).length;
  }

  // The load's requests by phase of its timeline, for where the slow ones were (the outage, the kill).
  const outageStart = loadStart + outageAt;
  const phases = [
    ['beforeOutage', loadStart, outageStart],
    ['outage', outageStart, outageStart + outageAt],
    ['beforeKill', outageStart + outageAt, killInfo.at ?? loadEnd],
    ['whileDown', killInfo.at ?? loadEnd, killInfo.restartAt ?? loadEnd],
    ['afterRestart', killInfo.restartAt ?? loadEnd, loadEnd],
  ];
  const latencyByPhase = Object.fromEntries(
    phases.map(([name, from, to]) => {
      const ms = stats.latencies
        .filter((_, i) => stats.ends[i] >= from && stats.ends[i] < to)
        .sort((a, b) => a - b);
      return [name, { n: ms.length, p50: round1(pct(ms, 50)), p99: round1(pct(ms, 99)) }];
    }),
  );
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const figures = {
    members: MEMBERS,
    concurrency: CONCURRENCY,
    seconds: SECONDS,
    setupSeconds: round1(setupSeconds),
    runSeconds: round1(runSeconds),
    requests: stats.requests,
    rps: Math.round(stats.requests / runSeconds),
    byStatus: stats.byStatus,
    errors: stats.requests - (stats.byStatus[200] ?? 0),
    serverErrors: Object.entries(stats.byStatus)
      .filter(([s]) => Number(s) >= 500 || Number(s) === 0)
      .reduce((n, [, c]) => n + c, 0),
    latencyMs: {
      p50: round1(pct(sorted, 50)),
      p95: round1(pct(sorted, 95)),
      p99: round1(pct(sorted, 99)),
      max: round1(sorted.at(-1) ?? 0),
      byPhase: latencyByPhase,
    },
    byUpstream: stats.byUpstream,
    actions: stats.actions,
    acknowledged: acked.size,
    acknowledgedPending: [...acked.values()].filter((a) => a.status === 'PENDING').length,
    refused: refused.size,
    refusedCodes: [...refused.values()].reduce((o, r) => ({ ...o, [r.code]: (o[r.code] ?? 0) + 1 }), {}),
    retries: stats.retries,
    unanswered: unanswered.size,
    unansweredFate,
    killedInFlight: killed,
    withdrawals: withdrawals.length,
    withdrawalsRefusedByBank: failedW,
    gameTransfers: transfers.length,
    drainSeconds: round1(drainSeconds),
    payoutLagSeconds,
    reconcileWaitSeconds: { n: pendingKeys.length, ...reconcileWait },
    reconciliation,
    reconciliationBacklog: backlog,
    reconciliationBacklogOneProcess: backlogOneProcess,
    jobThroughput,
    takeover,
    settingsPushMs: settingsMs,
    database: {
      megabytes: round1(Number(size.bytes) / 2 ** 20),
      operations: size.operations,
      ledgerTransactions: size.transactions,
    },
    serverErrorLogLines: serverErrors,
    prometheus: metrics ?? 'not run',
    timeline,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memGiB: Math.round(os.totalmem() / 2 ** 30),
      load: os.loadavg().map(round1),
      node: process.version,
      nginx: spawnSync(NGINX, ['-v'], { encoding: 'utf8' })
        .stderr.trim()
        .replace(/^nginx version: /, ''),
      postgres: pgVersion,
      redis: redisVersion,
    },
    failures,
  };
  console.log('\n=== scale test: two servers behind nginx, one killed ===');
  console.log(
    `requests ${figures.requests} (${figures.rps}/s), non-2xx ${figures.errors} (5xx or no answer ${figures.serverErrors}), by status ${JSON.stringify(figures.byStatus)}`,
  );
  console.log(
    `latency ms p50 ${figures.latencyMs.p50}, p95 ${figures.latencyMs.p95}, p99 ${figures.latencyMs.p99}, max ${figures.latencyMs.max}`,
  );
  console.log(`served by ${JSON.stringify(figures.byUpstream)}; actions ${JSON.stringify(figures.actions)}`);
  console.log(
    `acknowledged ${figures.acknowledged} (${figures.acknowledgedPending} PENDING when answered), refused ${figures.refused} ${JSON.stringify(figures.refusedCodes)}, retries ${figures.retries}, unanswered ${figures.unanswered}`,
  );
  console.log(
    `in flight at the kill: ${killed.total} (${killed.reads} reads, ${killed.money} money): ${JSON.stringify(killed.outcomes)}`,
  );
  console.log(
    `withdrawals ${figures.withdrawals} (${failedW} refused by the bank, reversed once), game transfers ${figures.gameTransfers}, drained in ${figures.drainSeconds} s`,
  );
  console.log(`payout wait (s) by phase ${JSON.stringify(payoutLagSeconds)}`);
  console.log(
    `operations answered PENDING, settled after (s) ${JSON.stringify(figures.reconcileWaitSeconds)}`,
  );
  console.log(`jobs while A was down: ${JSON.stringify(takeover)}`);
  if (metrics)
    console.log(
      `Prometheus: requests counted ${metrics.counted} of ${metrics.sent} sent (± ${metrics.tolerance}); pending-age alert fired ${metrics.pendingAlertFired}, process-down alert fired ${metrics.processDownFired}; ` +
        `a scrape took ${metrics.scrapeMs.mean} ms on average (max ${metrics.scrapeMs.max}), its readings (ms, mean) ${JSON.stringify(metrics.hookMs)}`,
    );
  console.log(
    `reconciliation under load: ${reconciliation.n} operations finished, ${reconciliation.perSecond}/s over their span, ${reconciliation.busiestSecond} in the busiest second`,
  );
  console.log(
    `reconciliation with a backlog: ${backlog.backlog} operations left PENDING by ${backlog.sent} transfers sent in ${backlog.sendSeconds} s (answers ${JSON.stringify(backlog.answers)}), finished at ${backlog.perSecond}/s from the first coming due; wait after coming due p50 ${backlog.waitAfterDueSeconds.p50} s, max ${backlog.waitAfterDueSeconds.max} s; ${backlog.left} left`,
  );
  console.log(
    `job throughput (${jobThroughput.jobs} jobs): 2 processes ${jobThroughput.twoProcesses}/s, 1 process ${jobThroughput.oneProcess}/s, job throughput with 2 processes ÷ 1 = ${jobThroughput.ratio}; the machine's cores busy meanwhile ${JSON.stringify(jobThroughput.cpuBusy)} %`,
  );
  // The reconcile jobs (they wait on the provider) with two processes and with one.
  const reconcileRatio =
    backlog.perSecond && backlogOneProcess?.perSecond
      ? Math.round((backlog.perSecond / backlogOneProcess.perSecond) * 100) / 100
      : null;
  figures.reconcileThroughputRatio = reconcileRatio;
  if (backlogOneProcess)
    console.log(
      `reconciliation with a backlog, one process (A stopped): ${backlogOneProcess.backlog} operations, finished at ${backlogOneProcess.perSecond}/s (wait after coming due p50 ${backlogOneProcess.waitAfterDueSeconds.p50} s, max ${backlogOneProcess.waitAfterDueSeconds.max} s; cores busy ${backlogOneProcess.cpuBusy} %, with two processes ${backlog.cpuBusy} %); reconcile jobs with 2 processes ÷ 1 = ${reconcileRatio}`,
    );
  const before = figures.payoutLagSeconds.beforeKill ?? {};
  const mark = (ok) => (ok ? 'met' : 'NOT met');
  console.log('targets (issue 37, item 5):');
  console.log(
    `  payouts settled p50 ≤ 3 s / max ≤ 6 s (before the kill): p50 ${before.p50} s, max ${before.max} s — ${mark(before.p50 <= 3 && before.max <= 6)}`,
  );
  console.log(
    `  pending operations finished p50 ≤ 3 s / max ≤ 10 s: p50 ${reconcileWait.p50} s, max ${reconcileWait.max} s — ${mark(reconcileWait.p50 <= 3 && reconcileWait.max <= 10)}`,
  );
  console.log(
    `  reconciliation ≥ 200/s under load: with a backlog ${backlog.perSecond}/s (the outage's ${reconciliation.perSecond}/s, busiest second ${reconciliation.busiestSecond}: they came due a few at a time) — ${mark(backlog.perSecond >= 200)}`,
  );
  console.log(
    `  job throughput with 2 processes ÷ 1 ≥ 1.6: database-only burst ${jobThroughput.ratio} — ${mark(jobThroughput.ratio >= 1.6)}; reconcile jobs (provider-bound) ${reconcileRatio} — ${mark(reconcileRatio >= 1.6)}`,
  );
  console.log(`  request p99 ≤ 565 ms: ${figures.latencyMs.p99} ms — ${mark(figures.latencyMs.p99 <= 565)}`);
  console.log(`  request latency by phase of the load (ms): ${JSON.stringify(latencyByPhase)}`);
  console.log(`RESULT ${JSON.stringify(figures)}`);
  if (env.SCALE_REPORT) writeFileSync(env.SCALE_REPORT, `${JSON.stringify(figures, null, 2)}\n`);
}
