import type { FaultMode } from '../src/features/games/sandbox-provider';
import { body, createTestApp, dbLabel, fund, memberWithToken, setSetting, type TestApp } from './helpers';

/** Acceptance 3: provider faults (error, timeout, unknown outcome) never lose money, in either direction. */

let t: TestApp;
let token: string;
let memberId: string;
let username: string;
const FUNDED = 100_000;

beforeAll(async () => {
  t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0' });
  await setSetting(t.app, 'registerOTP', false);
  ({ memberId, token } = await memberWithToken(t.app));
  await fund(t.app, memberId, FUNDED);
  const headers = { authorization: `Bearer ${token}` };
  expect((await t.app.inject({ url: '/api/wallet/activate/JOKER2', headers })).statusCode).toBe(200);
  username = body<{ username: string }>(await t.app.inject({ url: '/api/wallet/account/JOKER2', headers }))
    .data.username;
});
afterAll(() => t.close());

let seq = 0;
const transfer = (from: string, to: string, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `fault-${(seq += 1)}` },
    payload: { from, to, amount },
  });
const setFault = async (mode: FaultMode) => {
  const res = await t.app.inject({ method: 'POST', url: '/sandbox/games/JOKER2/faults', payload: { mode } });
  expect(res.statusCode).toBe(200);
};
const reconcile = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops/reconcile',
    headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return body<{ transfers: { settled: number; left: number } }>(res).data.transfers;
};

/** Our main + game mirror, the provider's own balance, and the invariants that say nothing was lost. */
async function books() {
  const { ledger, db } = t.app.ctx;
  const main = await ledger.balance(db, { member: memberId, code: 'main' });
  const mirror = await ledger.balance(db, { member: memberId, code: 'game:JOKER2' });
  const provider = (await t.app.sandboxGames!.player('JOKER2', username)).balance;
  const pending = await db
    .selectFrom('game_transfers')
    .select('id')
    .where('status', '=', 'PENDING')
    .execute();
  return { main, mirror, provider, pending: pending.length };
}
async function expectNothingLost() {
  const b = await books();
  expect(b.pending).toBe(0);
  expect(b.mirror).toBe(b.provider);
  expect(b.main + b.provider).toBe(FUNDED);
  expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  expect(await t.app.ctx.ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  return b;
}

describe(`game provider faults (${dbLabel})`, () => {
  afterEach(() => setFault('ok'));

  test('error on transfer in: TRANSFER_FAIL and the money is back in the wallet', async () => {
    await setFault('error');
    const res = await transfer('wallet', 'JOKER2', 10_000);
    expect([res.statusCode, body(res).code]).toEqual([400, 'TRANSFER_FAIL']);
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED, provider: 0 });
    const kinds = await t.app.ctx.db.selectFrom('ledger_transactions').select('kind').orderBy('id').execute();
    expect(kinds.map((k) => k.kind).slice(-2)).toEqual(['transfer', 'transfer_reversal']);
  });

  test('timeout on transfer in (applied by the provider): PENDING, then reconciliation commits it', async () => {
    await setFault('timeout');
    const res = await transfer('wallet', 'JOKER2', 10_000);
    expect(body<{ status: string }>(res).data.status).toBe('PENDING');
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
    expect(await reconcile()).toEqual({ settled: 1, left: 0 });
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 10_000, provider: 10_000 });
  });

  test('unknown outcome on transfer in (not applied): PENDING, then reconciliation reverses it', async () => {
    await setFault('unknown');
    const res = await transfer('wallet', 'JOKER2', 5_000);
    expect(body<{ status: string }>(res).data.status).toBe('PENDING');
    expect(await books()).toMatchObject({
      main: FUNDED - 15_000,
      mirror: 15_000,
      provider: 10_000,
      pending: 1,
    });
    expect(await reconcile()).toEqual({ settled: 1, left: 0 });
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 10_000, provider: 10_000 });
  });

  test('error on transfer out: TRANSFER_FAIL, nothing moves', async () => {
    await setFault('error');
    const res = await transfer('JOKER2', 'wallet', 4_000);
    expect([res.statusCode, body(res).code]).toEqual([400, 'TRANSFER_FAIL']);
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 10_000, provider: 10_000 });
  });

  test('timeout on transfer out (applied): PENDING; a refresh reconciles and the wallet gets the money', async () => {
    await setFault('timeout');
    const res = await transfer('JOKER2', 'wallet', 4_000);
    expect(body<{ status: string }>(res).data.status).toBe('PENDING');
    expect(await books()).toMatchObject({
      main: FUNDED - 10_000,
      mirror: 10_000,
      provider: 6_000,
      pending: 1,
    });
    await setFault('ok');
    const refreshed = await t.app.inject({
      url: '/api/wallet/refresh/slot',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      body<{ code: string; amount: number }[]>(refreshed).data.find((s) => s.code === 'JOKER2')?.amount,
    ).toBe(6_000);
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 6_000, provider: 6_000 });
  });

  test('unknown outcome on transfer out (not applied): PENDING, reconciliation marks it failed', async () => {
    await setFault('unknown');
    const res = await transfer('JOKER2', 'wallet', 6_000);
    expect(body<{ status: string }>(res).data.status).toBe('PENDING');
    expect(await reconcile()).toEqual({ settled: 1, left: 0 });
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 6_000, provider: 6_000 });
    const row = await t.app.ctx.db
      .selectFrom('game_transfers')
      .select(['status', 'failure'])
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('FAILED');
  });

  test('the background job reconciles on its own', async () => {
    await setFault('timeout');
    await transfer('wallet', 'JOKER2', 1_000);
    await setFault('ok');
    await t.app.reconcileJob.runOnce();
    expect(await expectNothingLost()).toMatchObject({ main: FUNDED - 7_000, provider: 7_000 });
  });
});
