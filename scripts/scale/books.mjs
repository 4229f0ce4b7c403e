// After the load: the books and the database, checked through the operators' API and SQL, and what the jobs did
// on B while A was down.
import { check, ops } from './config.mjs';
import { json, request } from './http.mjs';
import { nginxPort } from './processes.mjs';
import { acked, forcedFailed, killInfo } from './records.mjs';

// --- The books and the database.
/** Returns the withdrawals, how many the bank refused, and the game transfers. `q` queries the schema. */
export async function checkBooks(q) {
  const books = json(await request(nginxPort, 'GET', '/api/ops/ledger/check', { headers: ops })).data ?? {};
  check(
    books.trialBalance &&
      Object.values(books.trialBalance).every((v) => v === 0) &&
      books.accountsOff === 0 &&
      books.transactionsOff === 0,
    'the books balance (GET /api/ops/ledger/check: trial balance 0, no account or transaction off)',
    books,
  );
  const negative = await q(
    `select member_id, code, balance from ledger_accounts where member_id is not null and balance < 0`,
  );
  check(negative.length === 0, 'no member balance is negative', negative);
  const dupRefs = await q(`select kind, reference, count(*)::int as n from ledger_transactions
    where reference is not null group by kind, reference having count(*) > 1`);
  check(dupRefs.length === 0, 'every ledger reference is used once per kind', dupRefs);
  const withdrawals = await q(`select w.id, w.status, sp.status as bank,
      (select count(*) from ledger_transactions t where t.kind = 'withdraw' and t.reference = w.id)::int as debits,
      (select count(*) from ledger_transactions t where t.reversal_of = w.transaction_id)::int as reversals
    from withdrawals w left join sandbox_payouts sp on sp.id = w.id`);
  const badW = withdrawals.filter(
    (w) =>
      w.debits !== 1 ||
      w.reversals !== (w.status === 'FAILED' ? 1 : 0) ||
      w.bank !== w.status ||
      (forcedFailed.has(w.id) && w.status !== 'FAILED'),
  );
  const failedW = withdrawals.filter((w) => w.status === 'FAILED').length;
  check(
    badW.length === 0,
    `each withdrawal (${withdrawals.length}; ${failedW} refused by the bank) debited once and settled once (a reversal only when refused, as the bank said)`,
    badW.slice(0, 5),
  );
  const transfers =
    await q(`select gt.id, gt.direction, gt.status, gt.transaction_id, gt.reversal_transaction_id,
      sgt.outcome from game_transfers gt
      left join sandbox_game_transfers sgt on sgt.provider = gt.code and sgt.transfer_id = gt.id`);
  const badT = transfers.filter((t) => {
    const applied = t.outcome === 'applied';
    if (t.status === 'SUCCESS')
      return !applied || t.transaction_id === null || t.reversal_transaction_id !== null;
    if (t.status !== 'FAILED') return true;
    if (applied) return true;
    return t.direction === 'in' ? t.reversal_transaction_id === null : t.transaction_id !== null;
  });
  check(
    badT.length === 0,
    `each game transfer (${transfers.length}) settled once, as the provider applied it (reversed only when not applied)`,
    badT.slice(0, 5),
  );
  const legs = await q(`with l as (select operation_id, count(*) filter (where reference is not null) as n
                from operation_legs group by operation_id),
      g as (select operation_id, count(*) as n from game_transfers group by operation_id),
      w as (select operation_id, count(*) as n from withdrawals group by operation_id)
    select o.id, coalesce(l.n, 0)::int as legs, (coalesce(g.n, 0) + coalesce(w.n, 0))::int as records
    from operations o left join l on l.operation_id = o.id left join g on g.operation_id = o.id
      left join w on w.operation_id = o.id`);
  const badLegs = legs.filter((l) => l.legs !== l.records);
  check(
    badLegs.length === 0,
    `each operation's legs (${legs.length} operations) have one record each`,
    badLegs.slice(0, 5),
  );
  const mirrors = await q(`select ga.member_id, ga.code, la.balance as mirror, p.balance as provider
    from game_accounts ga
    join ledger_accounts la on la.member_id = ga.member_id and la.code = 'game:' || ga.code
    left join sandbox_game_players p on p.provider = ga.code and p.username = ga.username
    where la.balance <> coalesce(p.balance, 0)`);
  check(
    mirrors.length === 0,
    'every game mirror equals the provider balance (no money in two places)',
    mirrors.slice(0, 5),
  );
  return { withdrawals, failedW, transfers };
}

// The jobs after the kill: only B runs while A is down, so what was settled in that window B's jobs did.
/** Returns what the jobs did while A was down, and the kill's window (ms). */
export async function checkTakeover(q) {
  const killAt = killInfo.at ?? Date.now();
  const upAgain = killInfo.restartAt ?? Date.now() + 3_600_000;
  const takeover = {
    payoutsSettledWhileDown: 0,
    operationsReconciledWhileDown: 0,
    operationsToReconcileWhileDown: 0,
    killedPending: 0,
    killedOperationsFinishedWhileDown: 0,
    killedOperationsLastFinishedAfterKillSeconds: null,
  };
  if (killInfo.at) {
    const settledDown = await q(
      `select count(*)::int as n from withdrawals where settled_at > $1 and settled_at < $2`,
      [new Date(killAt + 1000), new Date(Math.min(upAgain, Date.now()))],
    );
    takeover.payoutsSettledWhileDown = settledDown[0].n;
    // Operations finished by reconciliation (not by their request: settled 3 s or more after they began, the
    // grace left to a request) while A was down.
    const reconciled = await q(
      `select count(*)::int as n from operations where settled_at > $1 and settled_at < $2
         and settled_at - created_at >= interval '3 seconds'`,
      [new Date(killAt + 1000), new Date(Math.min(upAgain, Date.now()))],
    );
    takeover.operationsReconciledWhileDown = reconciled[0].n;
    // Operations that were the reconciliation's to finish in that window: not finished by their request (still
    // pending, or settled after the grace), past their grace at least 5 s (a round of backoff) before A came back,
    // and not finished before the kill. When the kill cut off none and none came due, there was nothing to show.
    const needing = await q(
      `select count(*)::int as n from operations
        where (settled_at is null or settled_at - created_at >= interval '3 seconds')
          and created_at + interval '8 seconds' < $2
          and (settled_at is null or settled_at > $1)`,
      [new Date(killAt + 1000), new Date(Math.min(upAgain, Date.now()))],
    );
    takeover.operationsToReconcileWhileDown = needing[0].n;
    // Money requests cut off by the kill and answered PENDING on their retry: when reconciliation finished them.
    const cut = killInfo.inFlight
      .filter((f) => f.key && acked.get(f.key)?.status === 'PENDING')
      .map((f) => f.key);
    takeover.killedPending = cut.length;
    if (cut.length > 0) {
      const finished = await q(
        `select count(*) filter (where settled_at < $2)::int as n,
           round(max(extract(epoch from settled_at) - $3::float8)::numeric, 1)::float as last
         from operations where idempotency_key = any($1) and status <> 'PENDING'`,
        [cut, new Date(Math.min(upAgain, Date.now())), killAt / 1000],
      );
      takeover.killedOperationsFinishedWhileDown = finished[0].n;
      takeover.killedOperationsLastFinishedAfterKillSeconds = finished[0].last;
    }
    check(
      takeover.payoutsSettledWhileDown > 0 &&
        (takeover.operationsToReconcileWhileDown === 0 || takeover.operationsReconciledWhileDown > 0),
      `the jobs went on in B while A was down: ${takeover.payoutsSettledWhileDown} payouts settled, ` +
        `${takeover.operationsReconciledWhileDown} operations finished by reconciliation ` +
        `(${takeover.operationsToReconcileWhileDown} were due for it)`,
      takeover,
    );
  }
  return { takeover, killAt, upAgain };
}
