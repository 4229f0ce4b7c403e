import { MAX_COMPENSATION_REFUSALS } from '../src/core/operations/plan';
import type { FaultMode } from '../src/features/games/sandbox-provider';
import { body, createTestApp, dbLabel, fund, memberWithToken, setSetting, type TestApp } from './helpers';
import { expectGameBooksWhole, gameBooks, type TransferData } from './game-faults-support';

/**
 * Provider faults (refusal, timeout, unknown outcome, late application) never lose money nor leave it in two
 * places, in either direction; an unknown outcome is settled only from the provider's answer about that
 * transfer id (asked again, and sent again with the same id when the provider never saw it).
 */

let t: TestApp;
let token: string;
let memberId: string;
let username: string;
const FUNDED = 100_000;
const LATE_MS = 300;

beforeAll(async () => {
  t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0', OPERATION_GRACE_MS: '0' });
  t.app.sandboxGames?.setLateApplyMs(LATE_MS);
  await setSetting(t.app, 'registerOTP', false);
  ({ memberId, token } = await memberWithToken(t.app));
  await fund(t.app, memberId, FUNDED);
  const headers = { authorization: `Bearer ${token}` };
  for (const code of ['JOKER2', 'PG']) {
    expect((await t.app.inject({ url: `/api/wallet/activate/${code}`, headers })).statusCode).toBe(200);
  }
  username = body<{ username: string }>(await t.app.inject({ url: '/api/wallet/account/JOKER2', headers }))
    .data.username;
});
afterAll(() => t.close());

let seq = 0;
const post = (url: string, payload: object, key = `fault-${(seq += 1)}`) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload,
  });
const transfer = (from: string, to: string, amount: number, key?: string) =>
  post('/api/wallet/transfer', { from, to, amount }, key);
const setFault = async (mode: FaultMode, code = 'JOKER2') => {
  const res = await t.app.inject({ method: 'POST', url: `/sandbox/games/${code}/faults`, payload: { mode } });
  expect(res.statusCode).toBe(200);
};
const reconcile = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/reconcile',
    headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return body<{ operations: { advanced: number; pending: number } }>(res).data.operations;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const books = () => gameBooks(t.app, memberId, username);
const expectNothingLost = () => expectGameBooksWhole(t.app, memberId, username, FUNDED);

describe(`game provider faults (${dbLabel})`, () => {
  afterEach(async () => {
    await setFault('ok');
    await setFault('ok', 'PG');
  });

  test('refused transfer in: TRANSFER_FAIL naming the operation, and the money is back in the wallet', async () => {
    await setFault('error');
    const res = await transfer('wallet', 'JOKER2', 10_000);
    const b = body<never>(res) as unknown as { code: string; operationId?: string };
    expect([res.statusCode, b.code]).toEqual([400, 'TRANSFER_FAIL']);
    expect(b.operationId).toEqual(expect.any(String));
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED, provider: 0 });
    const kinds = await t.app.ctx.db.selectFrom('ledger_transactions').select('kind').orderBy('id').execute();
    expect(kinds.map((k) => k.kind).slice(-2)).toEqual(['transfer', 'transfer_reversal']);
  });

  test('timeout on transfer in (applied): PENDING, then reconciliation learns it was applied', async () => {
    await setFault('timeout');
    const res = await transfer('wallet', 'JOKER2', 10_000, 'timeout-in');
    expect(body<TransferData>(res).data.status).toBe('PENDING');
    expect(await books()).toMatchObject({
      main: FUNDED - 10_000,
      mirror: 10_000,
      provider: 10_000,
      pending: 1,
    });
    const st = await t.app.inject({
      method: 'POST',
      url: '/api/statement',
      headers: { authorization: `Bearer ${token}` },
      payload: { page: 1, limit: 1 },
    });
    expect(body<{ statements: { status: string }[] }>(st).data.statements[0]?.status).toBe('PENDING');
    await setFault('ok');
    expect(await reconcile()).toMatchObject({ pending: 0 });
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 10_000, provider: 10_000 });
    // The retry of the key now learns the final outcome.
    const again = await transfer('wallet', 'JOKER2', 10_000, 'timeout-in');
    expect(body<TransferData>(again).data.status).toBe('SUCCESS');
  });

  test('unknown outcome on transfer in (not applied): stays PENDING while the provider cannot tell, then ends in the game', async () => {
    await setFault('unknown');
    const res = await transfer('wallet', 'JOKER2', 5_000);
    expect(body<TransferData>(res).data.status).toBe('PENDING');
    // Still failing: asked again, sent again with the same id, still unknown — nothing is reversed on silence.
    expect(await reconcile()).toMatchObject({ pending: 1 });
    expect(await books()).toMatchObject({
      main: FUNDED - 15_000,
      mirror: 15_000,
      provider: 10_000,
      pending: 1,
    });
    // The pending 5,000 is in the mirror but not (yet) at the provider: it cannot leave the game meanwhile.
    const out = await transfer('JOKER2', 'wallet', 15_000);
    expect([out.statusCode, body(out).code]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    expect(await books()).toMatchObject({ main: FUNDED - 15_000, mirror: 15_000, pending: 1 });
    await setFault('ok');
    expect(await reconcile()).toMatchObject({ pending: 0 });
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 15_000, provider: 15_000 });
  });

  test('refused transfer out: TRANSFER_FAIL, nothing moves', async () => {
    await setFault('error');
    const res = await transfer('JOKER2', 'wallet', 4_000);
    expect([res.statusCode, body(res).code]).toEqual([400, 'TRANSFER_FAIL']);
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 15_000, provider: 15_000 });
  });

  test('timeout on transfer out (applied): PENDING, then reconciliation pays the wallet', async () => {
    await setFault('timeout');
    const res = await transfer('JOKER2', 'wallet', 4_000);
    expect(body<TransferData>(res).data.status).toBe('PENDING');
    expect(await books()).toMatchObject({
      main: FUNDED - 15_000,
      mirror: 15_000,
      provider: 11_000,
      pending: 1,
    });
    await setFault('ok');
    expect(await reconcile()).toMatchObject({ pending: 0 });
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 11_000, provider: 11_000 });
  });

  test('unknown outcome on transfer out (not applied): sent again once the provider answers, the wallet gets it', async () => {
    await setFault('unknown');
    const res = await transfer('JOKER2', 'wallet', 1_000);
    expect(body<TransferData>(res).data.status).toBe('PENDING');
    await setFault('ok');
    expect(await reconcile()).toMatchObject({ pending: 0 });
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 10_000, provider: 10_000 });
  });

  for (const direction of ['in', 'out'] as const) {
    test(`late-applied transfer ${direction}: the provider applies the timed-out request after reconciliation sent it again — applied once`, async () => {
      const before = await expectNothingLost();
      await setFault('late');
      const res =
        direction === 'in'
          ? await transfer('wallet', 'JOKER2', 2_000)
          : await transfer('JOKER2', 'wallet', 2_000);
      expect(body<TransferData>(res).data.status).toBe('PENDING');
      await setFault('ok');
      // Reconciliation runs before the late copy arrives: the provider never saw the id, so it is sent again.
      expect(await reconcile()).toMatchObject({ pending: 0 });
      await sleep(LATE_MS + 200);
      const sign = direction === 'in' ? 1 : -1;
      expect(await expectNothingLost()).toMatchObject({
        main: before.main - sign * 2_000,
        provider: before.provider + sign * 2_000,
      });
    });
  }

  test('late-applied transfer in, reconciled after the provider applied it: settled from its answer', async () => {
    const before = await expectNothingLost();
    await setFault('late');
    expect(body<TransferData>(await transfer('wallet', 'JOKER2', 3_000)).data.status).toBe('PENDING');
    await setFault('ok');
    await sleep(LATE_MS + 200);
    expect(await reconcile()).toMatchObject({ pending: 0 });
    expect(await expectNothingLost()).toMatchObject({
      main: before.main - 3_000,
      provider: before.provider + 3_000,
    });
  });

  test('game → game whose second game refuses: the money goes back to the first game and the answer is an error', async () => {
    const before = await expectNothingLost();
    await setFault('error', 'PG');
    const res = await transfer('JOKER2', 'PG', 1_000);
    expect([res.statusCode, body(res).code]).toEqual([400, 'TRANSFER_FAIL']);
    expect(await expectNothingLost()).toMatchObject({ main: before.main, provider: before.provider });
  });

  /** JOKER2 answers the first leg and then refuses the way back `refusals` times (Infinity: always). */
  const refuseWayBack = (refusals: number) => {
    const games = t.app.sandboxGames!;
    const apply = games.applyTransfer.bind(games);
    let refused = 0;
    return jest.spyOn(games, 'applyTransfer').mockImplementation((code, user, direction, amount, id) => {
      if (code === 'JOKER2' && direction === 'in' && refused < refusals) {
        refused += 1;
        return Promise.resolve('refused');
      }
      return apply(code, user, direction, amount, id);
    });
  };
  const legsOf = (data: TransferData) => data.operation.legs.map((l) => [l.from, l.to, l.status]);

  test(`game → game whose second game and the way back keep refusing: PENDING while the way back is tried again with backoff, PARTIAL after ${MAX_COMPENSATION_REFUSALS} refusals, the money in the wallet, the legs say so`, async () => {
    const before = await expectNothingLost();
    await setFault('error', 'PG');
    const spy = refuseWayBack(Infinity);
    const key = 'g2g-partial';
    try {
      const res = await transfer('JOKER2', 'PG', 1_000, key);
      expect(res.statusCode).toBe(200);
      const data = body<TransferData>(res).data;
      expect(data.status).toBe('PENDING');
      expect(legsOf(data)).toEqual([
        ['JOKER2', 'wallet', 'SUCCESS'],
        ['wallet', 'PG', 'FAILED'],
        ['wallet', 'JOKER2', 'FAILED'],
      ]);
      for (let i = 1; i < MAX_COMPENSATION_REFUSALS; i += 1) await reconcile();
      const after = await transfer('JOKER2', 'PG', 1_000, key);
      const done = body<TransferData>(after).data;
      expect(done.status).toBe('PARTIAL');
      expect(legsOf(done)).toEqual([
        ['JOKER2', 'wallet', 'SUCCESS'],
        ['wallet', 'PG', 'FAILED'],
        ...Array.from({ length: MAX_COMPENSATION_REFUSALS }, () => ['wallet', 'JOKER2', 'FAILED']),
      ]);
      // Final: more reconciliation changes nothing.
      await reconcile();
      expect(body<TransferData>(await transfer('JOKER2', 'PG', 1_000, key)).data.status).toBe('PARTIAL');
    } finally {
      spy.mockRestore();
    }
    expect(await expectNothingLost()).toMatchObject({
      main: before.main + 1_000,
      provider: before.provider - 1_000,
    });
    // Back where it was, for the tests after.
    expect(body<TransferData>(await transfer('wallet', 'JOKER2', 1_000)).data.status).toBe('SUCCESS');
  });

  test('game → game whose second game refuses and whose way back is refused twice, then accepted: PENDING, then fully back in the first game (TRANSFER_FAIL)', async () => {
    const before = await expectNothingLost();
    await setFault('error', 'PG');
    const spy = refuseWayBack(2);
    const key = 'g2g-back-on-third';
    try {
      const res = await transfer('JOKER2', 'PG', 1_000, key);
      expect(body<TransferData>(res).data.status).toBe('PENDING');
      expect(await reconcile()).toMatchObject({ pending: 1 });
      expect(await reconcile()).toMatchObject({ pending: 0 });
    } finally {
      spy.mockRestore();
    }
    const again = await transfer('JOKER2', 'PG', 1_000, key);
    expect([again.statusCode, body(again).code]).toEqual([400, 'TRANSFER_FAIL']);
    const op = await t.app.operations.store.byKey(memberId, key);
    expect(op?.status).toBe('FAILED');
    expect(op?.legs.map((l) => [l.step.type, l.status])).toEqual([
      ['game_out', 'SUCCESS'],
      ['game_in', 'FAILED'],
      ['game_in', 'FAILED'],
      ['game_in', 'FAILED'],
      ['game_in', 'SUCCESS'],
    ]);
    expect(await expectNothingLost()).toMatchObject({ main: before.main, provider: before.provider });
  });

  test('game → game answered PENDING ends in the asked-for game after reconciliation', async () => {
    const before = await expectNothingLost();
    await setFault('unknown', 'PG');
    const res = await transfer('JOKER2', 'PG', 1_500);
    expect(body<TransferData>(res).data.status).toBe('PENDING');
    await setFault('ok', 'PG');
    expect(await reconcile()).toMatchObject({ pending: 0 });
    expect(await expectNothingLost()).toMatchObject({
      main: before.main,
      provider: before.provider - 1_500,
      pgProvider: before.pgProvider + 1_500,
    });
  });

  test('transferAll to the wallet with one game refusing: PARTIAL with each leg; the refusing game keeps its money', async () => {
    const before = await expectNothingLost();
    expect(before.provider).toBeGreaterThan(0);
    expect(before.pgProvider).toBeGreaterThan(0);
    await setFault('error', 'PG');
    const res = await post('/api/wallet/transferAll', { to: 'wallet' });
    const data = body<TransferData>(res).data;
    expect([res.statusCode, data.status]).toEqual([200, 'PARTIAL']);
    expect(data.operation.legs.map((l) => [l.from, l.status])).toEqual([
      ['JOKER2', 'SUCCESS'],
      ['PG', 'FAILED'],
    ]);
    expect(await expectNothingLost()).toMatchObject({
      main: before.main + before.provider,
      provider: 0,
      pgProvider: before.pgProvider,
    });
  });

  test('withdrawAll beyond wallet and games together: MONEY_NOT_ENOUGH and no game money moved', async () => {
    const before = await expectNothingLost();
    const count = async () =>
      (await t.app.ctx.db.selectFrom('ledger_transactions').select('id').execute()).length;
    const n = await count();
    const res = await post('/api/wallet/withdrawAll', { amount: FUNDED + 1 });
    expect([res.statusCode, body(res).code]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    expect(await count()).toBe(n);
    expect(await expectNothingLost()).toEqual(before);
  });

  test('the background job finishes pending operations on its own', async () => {
    const before = await expectNothingLost();
    await setFault('timeout');
    await transfer('wallet', 'JOKER2', 1_000);
    await setFault('ok');
    // The job takes an operation up once its backoff (1 s after the first unknown answer) has passed.
    await t.app.reconcileJob.runOnce();
    expect((await books()).pending).toBe(1);
    await sleep(1_100);
    await t.app.reconcileJob.runOnce();
    expect(await expectNothingLost()).toMatchObject({
      main: before.main - 1_000,
      provider: before.provider + 1_000,
    });
  });

  test('a transfer left pending by the version before operations is settled by reconciliation too', async () => {
    const before = await expectNothingLost();
    const id = 'legacy-transfer-out';
    await t.app.ctx.db
      .insertInto('game_transfers')
      .values({ id, member_id: memberId, code: 'PG', direction: 'out', amount: 500, status: 'PENDING' })
      .execute();
    // The provider had applied it; the answer was lost in the old version.
    expect(await t.app.sandboxGames!.applyTransfer('PG', username, 'out', 500, id)).toBe('applied');
    await reconcile();
    expect(await expectNothingLost()).toMatchObject({
      main: before.main + 500,
      pgProvider: before.pgProvider - 500,
    });
  });

  test('money on its way out of a game is spoken for: transferAll leaves it to the pending transfer, which then completes', async () => {
    await transfer('wallet', 'JOKER2', 4_000);
    const before = await expectNothingLost();
    await setFault('unknown');
    expect(body<TransferData>(await transfer('JOKER2', 'wallet', 1_000)).data.status).toBe('PENDING');
    await setFault('ok');
    const all = body<TransferData>(await post('/api/wallet/transferAll', { to: 'wallet' })).data;
    expect(all.operation.legs.find((l) => l.from === 'JOKER2')).toMatchObject({
      amount: before.provider - 1_000,
      status: 'SUCCESS',
    });
    expect(await reconcile()).toMatchObject({ pending: 0 });
    expect(await expectNothingLost()).toMatchObject({
      main: before.main + before.provider + before.pgProvider,
      provider: 0,
      pgProvider: 0,
    });
  });
});
