// The job engine's throughput with two processes and with one (issue 37, item 5): after the checks, JOBS (20,000)
// payout jobs (`payout.settle` of withdrawals already settled: each reads its withdrawal and ends) are added at once and
// timed until every one ran, first with A and B running, then with B alone (A stopped with SIGTERM). Also the rate
// at which reconciliation finished the operations left PENDING by the lost provider answers, under load.
import { readFileSync } from 'node:fs';
import { check, env, FAULT_GAME, pool, runId } from './config.mjs';
import { auth, json, request } from './http.mjs';
import { killServer, nginxPort, servers, setGameFault } from './processes.mjs';

const JOBS = Number(env.SCALE_JOB_BURST || 20000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The machine's CPU time so far (/proc/stat, all cores): busy and total ticks; null where there is none. */
function cpuTicks() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const t = fields.map(Number);
    const idle = t[3] + (t[4] ?? 0);
    const total = t.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** How busy the machine's cores were between two cpuTicks() readings (%); null where /proc/stat is missing. */
function busyPercent(before, after) {
  return before && after && after.total > before.total
    ? Math.round((100 * (after.busy - before.busy)) / (after.total - before.total))
    : null;
}

/**
 * One burst of JOBS jobs (the settled withdrawals' payout jobs, each withdrawal as often as needed, in rounds: every
 * withdrawal once, then every one again, so that jobs running at the same time lock different withdrawals): jobs/s,
 * and how busy the machine's cores were meanwhile (%); null when the server has no job queue (graphile-worker's
 * add_job).
 */
async function burst(q, tag) {
  await q(
    `with w as (select id from withdrawals where status <> 'PENDING'),
       r as (select w.id from generate_series(1, greatest(1, ceil($1::float / greatest(1, (select count(*) from w)))::int)) g, w
             order by g, w.id limit $1)
     select count(add_job('payout.settle', json_build_object('id', r.id, 'n', 0, 'burst', $2::text), max_attempts => 1))
     from r`,
    [JOBS, tag],
  );
  const started = Date.now();
  const cpu0 = cpuTicks();
  for (;;) {
    const left = (
      await q(`select count(*)::int as n from _private_jobs where payload->>'burst' = $1`, [tag])
    )[0].n;
    if (left === 0 || Date.now() - started > 300_000) break;
    await sleep(20);
  }
  const seconds = (Date.now() - started) / 1000;
  return { perSecond: Math.round(JOBS / seconds), cpuBusy: busyPercent(cpu0, cpuTicks()) };
}

/** Jobs/s with two processes and with one, and their ratio (A is stopped afterwards). */
export async function measureJobThroughput(q) {
  const engine = (
    await q(
      `select exists(select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() and p.proname = 'add_job') as ok`,
    )
  )[0].ok;
  if (!engine) return { jobs: JOBS, twoProcesses: null, oneProcess: null, ratio: null, cpuBusy: null };
  const two = await burst(q, 'two');
  const [a] = servers;
  await killServer(a, 'SIGTERM');
  const one = await burst(q, 'one');
  return {
    jobs: JOBS,
    twoProcesses: two.perSecond,
    oneProcess: one.perSecond,
    ratio: Math.round((two.perSecond / one.perSecond) * 100) / 100,
    // The machine's cores busy during each burst (%): near 100 with one process, a second one has no core to use.
    cpuBusy: { twoProcesses: two.cpuBusy, oneProcess: one.cpuBusy },
  };
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

/**
 * Reconciliation with a backlog (its capacity, which the load's outage cannot show: its operations come due a few
 * at a time). With JOKER's answers lost before it applies them (fault `unknown`: each request ends at once, its
 * operation PENDING and due again 1 s later), BACKLOG transfers of 1.00 baht are sent at once through nginx; then the
 * provider answers again. Every operation of the burst is still PENDING then; each came due at its
 * `next_attempt_at` as it stood then (or at that moment, if past). Figures: how many a second the two processes'
 * reconcile jobs finished over the span from the first coming due to the last finished, and how long each waited
 * after it was due (p50, max): a wait near 0 says the jobs kept up with them as they came due.
 */
export async function reconciliationBacklog(q, members, tag = 'backlog') {
  const count = Number(env.SCALE_BACKLOG || 1000);

  await setGameFault('unknown');
  const keys = Array.from({ length: count }, (_, i) => `${runId}-${tag}-${i}`);
  const answers = { PENDING: 0, other: 0, refused: 0 };
  const sendStart = Date.now();
  await pool(keys, Math.min(count, 128), async (key) => {
    const m = members[Number(key.split('-').pop()) % members.length];
    const r = await request(nginxPort, 'POST', '/api/wallet/transfer', {
      localAddress: m.localAddress,
      headers: { ...auth(m.token), 'idempotency-key': key },
      body: { from: 'wallet', to: FAULT_GAME, amount: 100 },
    });
    const status = json(r).data?.operation?.status;
    if (r.status !== 200) answers.refused += 1;
    else if (status === 'PENDING') answers.PENDING += 1;
    else answers.other += 1;
  });
  const sendSeconds = (Date.now() - sendStart) / 1000;
  // The moment the provider answers again: what each operation of the burst was due at then.
  const due = await q(
    `select id, greatest(next_attempt_at, now()) as due_at from operations
     where idempotency_key = any($1) and status = 'PENDING'`,
    [keys],
  );
  await setGameFault('ok');
  const cpu0 = cpuTicks();
  const ids = due.map((d) => d.id);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const left = (
      await q(`select count(*)::int as n from operations where id = any($1) and status = 'PENDING'`, [ids])
    )[0].n;
    if (left === 0 || Date.now() > deadline) break;
    await sleep(100);
  }
  const cpuBusy = busyPercent(cpu0, cpuTicks());
  const r = (
    await q(
      `with d as (select * from unnest($1::text[], $2::timestamptz[]) as d(id, due_at))
       select count(*)::int as n,
         count(*) filter (where o.status = 'PENDING')::int as left,
         extract(epoch from max(o.settled_at) - min(d.due_at))::float as span,
         percentile_cont(0.5) within group (order by extract(epoch from o.settled_at - d.due_at))::float as p50,
         max(extract(epoch from o.settled_at - d.due_at))::float as max
       from d join operations o on o.id = d.id`,
      [ids, due.map((d) => d.due_at)],
    )
  )[0];
  const statuses = await q(
    `select status, count(*)::int as n from operations where id = any($1) group by 1 order by 1`,
    [ids],
  );
  check(
    r.left === 0 && statuses.every((x) => x.status === 'SUCCESS'),
    `reconciliation finished the backlog of ${r.n} operations, each one SUCCESS (sent again once the provider answered)`,
    statuses,
  );
  const round2 = (x) => (x === null ? null : Math.round(x * 100) / 100);
  return {
    sent: count,
    answers,
    sendSeconds: round2(sendSeconds),
    backlog: r.n,
    left: r.left,
    perSecond: r.span > 0 ? Math.round(r.n / r.span) : null,
    waitAfterDueSeconds: { p50: round2(r.p50), max: round2(r.max) },
    // The machine's cores busy while the backlog was worked off (%).
    cpuBusy,
  };
}
