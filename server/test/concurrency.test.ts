import { randomInt } from 'node:crypto';
import { body, createTestApp, dbLabel, fund, memberWithToken, setSetting, type TestApp } from './helpers';

/**
 * Acceptance 2: 200 parallel transfers (wallet ↔ games) and withdrawals on one wallet through the HTTP API, with
 * random amounts and idempotency keys sent 2-3 times concurrently. The books stay balanced, no member balance
 * goes negative, each key moves money at most once, and every satang is accounted for.
 */

let t: TestApp;
let token: string;
let memberId: string;
const FUNDED = 2_000_000;

beforeAll(async () => {
  t = await createTestApp({
    GAME_LATENCY_MS: '3',
    JOB_INTERVAL_MS: '0',
    PAYOUT_SETTLE_MS: '0',
    OPERATION_GRACE_MS: '0',
  });
  await setSetting(t.app, 'registerOTP', false);
  ({ memberId, token } = await memberWithToken(t.app));
  await fund(t.app, memberId, FUNDED);
  for (const code of ['PG', 'JOKER']) {
    const res = await t.app.inject({
      url: `/api/wallet/activate/${code}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  }
  // Some money in the games to start with, so transfers out have something to move.
  for (const code of ['PG', 'JOKER']) {
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { authorization: `Bearer ${token}` },
      payload: { from: 'wallet', to: code, amount: 200_000 },
    });
  }
});
afterAll(() => t.close());

interface Op {
  url: string;
  payload: object;
  key: string;
  copies: number;
}

function randomOp(i: number): Op {
  const copies = i % 10 === 0 ? 3 : i % 10 === 5 ? 2 : 1;
  const key = `c-${i}`;
  switch (randomInt(4)) {
    case 0:
      return {
        url: '/api/wallet/transfer',
        payload: { from: 'wallet', to: 'PG', amount: randomInt(100, 60_000) },
        key,
        copies,
      };
    case 1:
      return {
        url: '/api/wallet/transfer',
        payload: { from: 'PG', to: 'wallet', amount: randomInt(100, 60_000) },
        key,
        copies,
      };
    case 2:
      return {
        url: '/api/wallet/transfer',
        payload: { from: 'wallet', to: 'JOKER', amount: randomInt(100, 60_000) },
        key,
        copies,
      };
    default:
      return { url: '/api/wallet/withdraw', payload: { amount: randomInt(10_000, 80_000) }, key, copies };
  }
}

/**
 * One burst of at least 200 requests (keys `c-<round>-<i>`), checked for business answers only and one operation per
 * key. The faults it guards against showed in some bursts only (a deadlock between two transactions of the member;
 * a balance check older than the write it guarded: docs/ledger.md), so the test sends several.
 */
async function burst(round: number): Promise<void> {
  const ops: Op[] = [];
  let requests = 0;
  for (let i = 0; requests < 200; i += 1) {
    const op = { ...randomOp(i), key: `c-${round}-${i}` };
    ops.push(op);
    requests += op.copies;
  }
  const responses = await Promise.all(
    ops.flatMap((op) =>
      Array.from({ length: op.copies }, () =>
        t.app.inject({
          method: 'POST',
          url: op.url,
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': op.key },
          payload: op.payload,
        }),
      ),
    ),
  );
  expect(responses.length).toBeGreaterThanOrEqual(200);
  // Only business answers: no 5xx (deadlocks, lost locks), no request left waiting.
  const statuses = new Set(responses.map((r) => r.statusCode));
  expect([...statuses].every((s) => s === 200 || s === 400)).toBe(true);
  const codes = new Set(responses.filter((r) => r.statusCode === 400).map((r) => body(r).code));
  expect([...codes].every((c) => c === 'MONEY_NOT_ENOUGH' || c === 'TRANSFER_FAIL')).toBe(true);
  expect(responses.filter((r) => r.statusCode === 200).length).toBeGreaterThan(50);

  // Copies of one key that were answered with an operation all name the same one.
  let i = 0;
  for (const op of ops) {
    const mine = responses.slice(i, i + op.copies);
    i += op.copies;
    const ids = mine
      .filter((r) => r.statusCode === 200)
      .map((r) => body<{ operation: { id: string } }>(r).data.operation.id);
    expect(new Set(ids).size).toBeLessThanOrEqual(1);
  }
}

describe(`concurrency on one wallet (${dbLabel})`, () => {
  test('bursts of 200 parallel transfers and withdrawals with retried keys: books balance, nothing negative, each key once', async () => {
    await burst(1);
    // More money for the next bursts, so that they too end near an empty wallet with moves still racing.
    await fund(t.app, memberId, FUNDED);
    await burst(2);
    await fund(t.app, memberId, FUNDED);
    await burst(3);

    await t.app.operations.reconcilePending({ force: true });
    await t.app.withdrawals.settlePending();
    const { db, ledger } = t.app.ctx;
    expect(await ledger.trialBalance()).toEqual({ THB: 0 });
    expect(await ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
    const negative = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner_type', '=', 'member')
      .where('balance', '<', 0)
      .execute();
    expect(negative).toHaveLength(0);

    // Each key moved money at most once.
    const perKey = async (table: 'game_transfers' | 'withdrawals') =>
      db
        .selectFrom(table)
        .select(['idempotency_key', (eb) => eb.fn.countAll<number>().as('n')])
        .where('idempotency_key', 'is not', null)
        .groupBy('idempotency_key')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute();
    expect(await perKey('game_transfers')).toEqual([]);
    expect(await perKey('withdrawals')).toEqual([]);
    const txPerKey = await db
      .selectFrom('ledger_transactions')
      .select(['idempotency_key', (eb) => eb.fn.countAll<number>().as('n')])
      .where('idempotency_key', 'is not', null)
      .groupBy('idempotency_key')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(txPerKey).toEqual([]);

    // Every satang accounted for: wallet + games + paid out = funded, and the mirrors equal the providers.
    const balances = await ledger.memberBalances(db, memberId);
    const paidOut = await ledger.balance(db, { system: 'payouts', currency: 'THB' });
    expect((balances.main ?? 0) + (balances['game:PG'] ?? 0) + (balances['game:JOKER'] ?? 0) + paidOut).toBe(
      3 * FUNDED,
    );
    const players = await db.selectFrom('sandbox_game_players').select(['provider', 'balance']).execute();
    for (const p of players) expect(balances[`game:${p.provider}`]).toBe(Number(p.balance));
    const pending = await db
      .selectFrom('game_transfers')
      .select('id')
      .where('status', '=', 'PENDING')
      .execute();
    expect(pending).toHaveLength(0);
  });
});
