// After the load: everything pending is finished by reconciliation and payouts, then every answer the members
// were given is checked against what the API says now.
import { check, pool, sleep } from './config.mjs';
import { auth, json, request } from './http.mjs';
import { nginxPort } from './processes.mjs';
import { acked, refused, unanswered } from './records.mjs';

// --- Wait for reconciliation and payouts.
/** Waits (up to 2 minutes) until nothing is pending; returns how long that took (s). `q` queries the schema. */
export async function awaitSettled(q) {
  const drainStart = Date.now();
  let pending;
  for (;;) {
    pending = (
      await q(`select
        (select count(*) from operations where status = 'PENDING')::int as operations,
        (select count(*) from game_transfers where status = 'PENDING')::int as transfers,
        (select count(*) from withdrawals where status = 'PENDING')::int as withdrawals,
        (select count(*) from operation_legs where status = 'PENDING')::int as legs`)
    )[0];
    if (Object.values(pending).every((v) => v === 0) || Date.now() - drainStart > 120_000) break;
    await sleep(500);
  }
  const drainSeconds = (Date.now() - drainStart) / 1000;
  check(
    Object.values(pending).every((v) => v === 0),
    `reconciliation and payouts finished everything pending (${drainSeconds.toFixed(1)} s after the load)`,
    pending,
  );
  return drainSeconds;
}

// --- Every acknowledged action is found with its outcome; every refused one moved nothing.
/** Returns each acknowledged key's final status, and what became of the unanswered ones. */
export async function checkAnswers(members) {
  const lost = [];
  const changed = [];
  const stillPending = [];
  const finalOf = new Map();
  const keys = [...acked.keys()];
  await pool(keys, 16, async (key) => {
    const a = acked.get(key);
    const m = members[a.member];
    const r = await request(nginxPort, 'GET', `/api/operations/key/${encodeURIComponent(key)}`, {
      localAddress: m.localAddress,
      headers: auth(m.token),
    });
    const op = json(r).data;
    if (r.status !== 200 || !op) return void lost.push({ key, status: r.status });
    finalOf.set(key, op.status);
    if (op.status === 'PENDING') stillPending.push(key);
    if (a.operationId && op.id !== a.operationId) changed.push({ key, was: a.operationId, now: op.id });
    if (a.status !== 'PENDING' && op.status !== a.status)
      changed.push({ key, was: a.status, now: op.status });
  });
  check(lost.length === 0, `every acknowledged action (${acked.size}) is found by its key`, lost.slice(0, 5));
  check(
    changed.length === 0,
    'every acknowledged answer is still the answer (same operation, same outcome)',
    changed.slice(0, 5),
  );
  check(stillPending.length === 0, 'no acknowledged action is still PENDING', stillPending.slice(0, 5));
  const refusedMoved = [];
  await pool([...refused.keys()], 16, async (key) => {
    const a = refused.get(key);
    const m = members[a.member];
    const r = await request(nginxPort, 'GET', `/api/operations/key/${encodeURIComponent(key)}`, {
      localAddress: m.localAddress,
      headers: auth(m.token),
    });
    const op = json(r).data;
    if (r.status === 200 && op?.status !== 'FAILED')
      refusedMoved.push({ key, answered: a.code, now: op?.status });
  });
  check(
    refusedMoved.length === 0,
    `every refused action (${refused.size}) moved nothing (no operation, or FAILED)`,
    refusedMoved.slice(0, 5),
  );
  const unansweredFate = {};
  for (const [key, u] of unanswered) {
    const m = members[u.member];
    const r = await request(nginxPort, 'GET', `/api/operations/key/${encodeURIComponent(key)}`, {
      headers: auth(m.token),
      localAddress: m.localAddress,
    });
    const s = r.status === 200 ? json(r).data?.status : `none (${r.status})`;
    unansweredFate[s] = (unansweredFate[s] ?? 0) + 1;
  }
  return { finalOf, unansweredFate };
}
