import { body, createTestApp, dbLabel, playerWithMoney, setSetting, type TestApp } from './helpers';

/**
 * Group commit of first legs (docs/ledger.md "Batched starts"): the starts of concurrent transfers share one
 * statement, and still each request gets its own truthful answer — a refusal of one member's start (which rolls the
 * shared statement back) is that member's answer only, a key sent twice moves money once, and every other transfer
 * moves exactly its amount.
 */

let t: TestApp;
const members: { memberId: string; token: string }[] = [];
const FUNDED = 100_000;

beforeAll(async () => {
  // On PGlite too (group commit is off there by default): the same answers hold.
  t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0', GROUP_COMMIT: '1' });
  await setSetting(t.app, 'registerOTP', false);
  for (let i = 0; i < 10; i += 1) {
    members.push(await playerWithMoney(t.app, FUNDED));
  }
});
afterAll(() => t.close());

const transfer = (token: string, key: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload,
  });

const walletOf = async (token: string) => {
  const res = await t.app.inject({ url: '/api/wallet', headers: { authorization: `Bearer ${token}` } });
  return body<{ wallet: { amount: number } }>(res).data.wallet.amount;
};

describe(`batched starts of transfers (${dbLabel})`, () => {
  it('answers each of a burst of concurrent transfers on its own, and moves each once', async () => {
    const [refused, twice, ...others] = members;
    if (!refused || !twice) throw new Error('members missing');
    const burst = await Promise.all([
      // Nothing in this member's game: its start is refused inside whatever batch it lands in.
      transfer(refused.token, 'b-refused', { from: 'PG', to: 'wallet', amount: 5_000 }),
      // One key sent twice at once: one operation.
      transfer(twice.token, 'b-twice', { from: 'wallet', to: 'PG', amount: 7_000 }),
      transfer(twice.token, 'b-twice', { from: 'wallet', to: 'PG', amount: 7_000 }),
      ...others.map((m, i) =>
        transfer(m.token, `b-${i}`, { from: 'wallet', to: 'PG', amount: 1_000 * (i + 1) }),
      ),
    ]);
    const [refusedRes, twiceA, twiceB, ...otherRes] = burst;

    expect(refusedRes?.statusCode).toBe(400);
    expect(body(refusedRes ?? { body: '{}' }).message).toBe('MONEY_NOT_ENOUGH');
    expect(await walletOf(refused.token)).toBe(FUNDED);
    const lookup = await t.app.inject({
      url: '/api/operations/key/b-refused',
      headers: { authorization: `Bearer ${refused.token}` },
    });
    // The refusal is the key's answer: a FAILED operation that moved nothing (no legs).
    expect(lookup.statusCode).toBe(200);
    expect(body<{ status: string; error: string; legs: unknown[] }>(lookup).data).toMatchObject({
      status: 'FAILED',
      error: 'MONEY_NOT_ENOUGH',
      legs: [],
    });

    expect([twiceA?.statusCode, twiceB?.statusCode]).toEqual([200, 200]);
    const ids = [twiceA, twiceB].map(
      (r) => body<{ transferId: string }>(r ?? { body: '{}' }).data.transferId,
    );
    expect(ids[0]).toBe(ids[1]);
    expect(await walletOf(twice.token)).toBe(FUNDED - 7_000);

    for (const [i, res] of otherRes.entries()) {
      expect(res.statusCode).toBe(200);
      expect(body<{ status: string }>(res).data.status).toBe('SUCCESS');
      expect(await walletOf(others[i]?.token ?? '')).toBe(FUNDED - 1_000 * (i + 1));
    }

    const books = await t.app.ctx.ledger.trialBalance();
    expect(Object.values(books).every((v) => v === 0)).toBe(true);
  });

  it('splits a shared start that one refusal rolled back: the others start, the refused one moved nothing', async () => {
    const runner = t.app.operations;
    const before = runner.startStats();
    const begin = (memberId: string, key: string, step: { type: 'game_in' | 'game_out'; amount: number }) =>
      runner.begin({
        memberId,
        key,
        kind: 'transfer',
        requestHash: key,
        plan: { mode: 'chain', steps: [{ ...step, code: 'PG' }] },
      });
    const [refused, a, b, c] = members.slice(0, 4);
    if (!refused || !a || !b || !c) throw new Error('members missing');
    const wallets = await Promise.all([refused, a, b, c].map((m) => walletOf(m.token)));
    // Begun in one tick, so the starts share one batch; c's second start (same member) waits for the next one.
    const started = await Promise.allSettled([
      begin(a.memberId, 's-a', { type: 'game_in', amount: 300 }),
      begin(refused.memberId, 's-refused', { type: 'game_out', amount: 1_000_000 }),
      begin(b.memberId, 's-b', { type: 'game_in', amount: 400 }),
      begin(c.memberId, 's-c', { type: 'game_in', amount: 500 }),
      begin(c.memberId, 's-c', { type: 'game_in', amount: 500 }),
    ]);
    const after = runner.startStats();
    expect(after.largest).toBeGreaterThanOrEqual(4);
    expect(after.batches - before.batches).toBe(2);
    expect(after.split).toBe(before.split + 1);

    const [sa, sRefused, sb, sc, sc2] = started;
    expect(sa).toMatchObject({ status: 'fulfilled', value: { status: 'SUCCESS' } });
    expect(sb).toMatchObject({ status: 'fulfilled', value: { status: 'SUCCESS' } });
    expect(sRefused).toMatchObject({ status: 'rejected', reason: { code: 'MONEY_NOT_ENOUGH' } });
    // The same key twice at once: one operation, the other call told it exists.
    expect([sc?.status, sc2?.status].sort()).toEqual(['fulfilled', 'rejected']);
    expect(
      [sc, sc2].find((s) => s?.status === 'rejected')?.status === 'rejected' &&
        ([sc, sc2].find((s) => s?.status === 'rejected') as PromiseRejectedResult).reason,
    ).toMatchObject({ name: 'OperationExists' });

    const now = await Promise.all([refused, a, b, c].map((m) => walletOf(m.token)));
    expect(now).toEqual([
      wallets[0],
      (wallets[1] ?? 0) - 300,
      (wallets[2] ?? 0) - 400,
      (wallets[3] ?? 0) - 500,
    ]);
  });

  it('settles concurrent legs in shared statements, each leg and operation with its own outcome', async () => {
    const runner = t.app.operations;
    const before = t.app.games.legs.settleStats();
    const group = members.slice(2, 10);
    const wallets = await Promise.all(group.map((m) => walletOf(m.token)));
    const amounts = group.map((_, i) => 100 * (i + 1));
    // In and straight back out, for each member at once: their settlements arrive while others run.
    const ins = await Promise.all(
      group.map((m, i) =>
        runner.begin({
          memberId: m.memberId,
          key: `st-in-${i}`,
          kind: 'transfer',
          requestHash: `st-in-${i}`,
          plan: { mode: 'chain', steps: [{ type: 'game_in', code: 'PG', amount: amounts[i] ?? 0 }] },
        }),
      ),
    );
    expect(ins.map((op) => op.status)).toEqual(group.map(() => 'SUCCESS'));
    const after = t.app.games.legs.settleStats();
    expect(after.largest).toBeGreaterThan(1);
    expect(after.items - before.items).toBe(group.length);
    // Each operation reads back settled, with its leg, from the database (not only from memory).
    for (const op of ins) {
      const stored = await runner.load(op.id);
      expect(stored.status).toBe('SUCCESS');
      expect(stored.legs.map((l) => l.status)).toEqual(['SUCCESS']);
    }
    const now = await Promise.all(group.map((m) => walletOf(m.token)));
    expect(now).toEqual(wallets.map((w, i) => w - (amounts[i] ?? 0)));
    const books = await t.app.ctx.ledger.trialBalance();
    expect(Object.values(books).every((v) => v === 0)).toBe(true);
  });
});

describe(`the sandbox provider's batched transfers (${dbLabel})`, () => {
  it('answers each transfer of a shared statement in arrival order, and a repeated id once', async () => {
    const games = t.app.sandboxGames;
    if (!games) throw new Error('the sandbox is off');
    const member = members[9];
    if (!member) throw new Error('members missing');
    const { username } = await t.app.ctx.db
      .selectFrom('game_accounts')
      .select('username')
      .where('member_id', '=', member.memberId)
      .where('code', '=', 'PG')
      .executeTakeFirstOrThrow();
    const held = (await games.player('PG', username)).balance;
    const before = games.transferStats();
    // Sent in one tick, so they share one statement: one player's transfers see the ones before them.
    const answers = await Promise.all([
      games.applyTransfer('PG', username, 'in', 700, 'sb-1'),
      games.applyTransfer('PG', username, 'out', held + 700, 'sb-2'),
      games.applyTransfer('PG', username, 'out', 1, 'sb-3'),
      games.applyTransfer('PG', username, 'in', 50, 'sb-4'),
      games.applyTransfer('PG', username, 'in', 700, 'sb-1'),
      games.applyTransfer('PG', 'nobody-here', 'in', 10, 'sb-5'),
    ]);
    const after = games.transferStats();
    expect(after.largest).toBeGreaterThanOrEqual(6);
    expect(after.batches - before.batches).toBe(1);

    // The whole balance out after the 700 in; then 1 more is refused; 50 in; sb-1 again answers as the first time.
    expect(answers).toEqual(['applied', 'applied', 'refused', 'applied', 'applied', 'refused']);
    expect((await games.player('PG', username)).balance).toBe(50);
    const recorded = await t.app.ctx.db
      .selectFrom('sandbox_game_transfers')
      .select(['transfer_id', 'outcome'])
      .where('transfer_id', 'like', 'sb-%')
      .orderBy('transfer_id')
      .execute();
    expect(recorded).toEqual([
      { transfer_id: 'sb-1', outcome: 'applied' },
      { transfer_id: 'sb-2', outcome: 'applied' },
      { transfer_id: 'sb-3', outcome: 'refused' },
      { transfer_id: 'sb-4', outcome: 'applied' },
      { transfer_id: 'sb-5', outcome: 'refused' },
    ]);
    // Alone, the same function answers a repeated id the same way.
    expect(await games.applyTransfer('PG', username, 'out', 50, 'sb-3')).toBe('refused');
    expect((await games.player('PG', username)).balance).toBe(50);
  });
});
