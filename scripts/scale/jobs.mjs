// The job engine's throughput with two processes and with one (issue 37, item 5): after the checks, JOBS payout
// jobs (`payout.settle` of withdrawals already settled: each reads its withdrawal and ends) are added at once and
// timed until every one ran, first with A and B running, then with B alone (A stopped with SIGTERM). Also the rate
// at which reconciliation finished the operations left PENDING by the lost provider answers, under load.
import { env } from './config.mjs';
import { killServer, servers } from './processes.mjs';

const JOBS = Number(env.SCALE_JOB_BURST || 3000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Jobs/s for one burst of JOBS jobs; null when the server has no job queue (graphile-worker's add_job). */
async function burst(q, tag) {
  await q(
    `select add_job('payout.settle', json_build_object('id', w.id, 'n', 0, 'burst', $2::text), max_attempts => 1)
     from (select id from withdrawals where status <> 'PENDING' order by created_at limit $1) w`,
    [JOBS, tag],
  );
  const started = Date.now();
  for (;;) {
    const left = (
      await q(`select count(*)::int as n from _private_jobs where payload->>'burst' = $1`, [tag])
    )[0].n;
    if (left === 0 || Date.now() - started > 300_000) break;
    await sleep(20);
  }
  const seconds = (Date.now() - started) / 1000;
  const n = (await q(`select count(*)::int as n from withdrawals where status <> 'PENDING'`))[0].n;
  return Math.round(Math.min(JOBS, n) / seconds);
}

/** Jobs/s with two processes and with one, and their ratio (A is stopped afterwards). */
export async function measureJobThroughput(q) {
  const engine = (
    await q(
      `select exists(select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() and p.proname = 'add_job') as ok`,
    )
  )[0].ok;
  if (!engine) return { twoProcesses: null, oneProcess: null, ratio: null };
  const twoProcesses = await burst(q, 'two');
  const [a] = servers;
  await killServer(a, 'SIGTERM');
  const oneProcess = await burst(q, 'one');
  return { twoProcesses, oneProcess, ratio: Math.round((twoProcesses / oneProcess) * 100) / 100 };
}

/**
 * Reconciliation under load: the operations it finished (deferred at least once), how many a second over the span
 * in which it finished them, and in the busiest second.
 */
export async function reconciliationRate(q) {
  const r = (
    await q(
      `select count(*)::int as n,
         extract(epoch from max(settled_at) - min(settled_at))::float as span,
         (select max(c) from (select count(*) as c from operations where attempts > 0 and status <> 'PENDING'
            group by date_trunc('second', settled_at)) s)::int as peak
       from operations where attempts > 0 and status <> 'PENDING'`,
    )
  )[0];
  return { n: r.n, perSecond: r.span > 0 ? Math.round(r.n / r.span) : null, busiestSecond: r.peak };
}
