import {
  body,
  createTestApp,
  dbLabel,
  fund,
  memberWithToken,
  setSetting,
  type TestApp,
  asCli as cliCall,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_INTERVAL_MS: '0', PAYOUT_SETTLE_MS: '0' });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const asCli = (method: 'GET' | 'POST', url: string, payload?: object) => cliCall(t.app, method, url, payload);

interface Row {
  id: string;
  memberId: string;
  status: string;
  amount: number;
  paidAgain?: { operationId: string; withdrawalId: string | null; status: string } | null;
}

describe(`operators' withdrawals (${dbLabel})`, () => {
  test('a failed payout is paid out again once, from the wallet it came back to; the queues show each state', async () => {
    const { memberId, token } = await memberWithToken(t.app);
    await fund(t.app, memberId, 50_000);
    const main = () => t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' });
    const withdraw = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'w-ops-1' },
      payload: { amount: 20_000 },
    });
    const withdrawalId = body<{ withdrawalId: string }>(withdraw).data.withdrawalId;
    const pending = body<Row[]>(await asCli('GET', '/api/ops/withdrawals?status=PENDING')).data;
    expect(pending.map((w) => w.id)).toContain(withdrawalId);

    // Not failed: nothing to pay out again.
    const early = await asCli('POST', `/api/ops/withdrawals/${withdrawalId}/retry`, {});
    expect([early.statusCode, body(early).code]).toEqual([400, 'KEY_INVALID']);

    await t.app.inject({
      method: 'POST',
      url: `/sandbox/payouts/${withdrawalId}/settle`,
      payload: { outcome: 'failed' },
    });
    expect(await main()).toBe(50_000);
    const failed = body<Row[]>(await asCli('GET', '/api/ops/withdrawals?status=FAILED')).data;
    expect(failed.find((w) => w.id === withdrawalId)).toMatchObject({
      memberId,
      amount: 20_000,
      paidAgain: null,
    });

    // Two operators press "pay again" at once: one new withdrawal.
    const [a, b] = await Promise.all([
      asCli('POST', `/api/ops/withdrawals/${withdrawalId}/retry`, {}),
      asCli('POST', `/api/ops/withdrawals/${withdrawalId}/retry`, {}),
    ]);
    const ids = [a, b].map((r) => body<{ operation: { id: string } }>(r).data.operation.id);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(ids[0]).toBe(ids[1]);
    const later = await asCli('POST', `/api/ops/withdrawals/${withdrawalId}/retry`, {});
    expect(body<{ replayed: boolean; operation: { id: string } }>(later).data).toMatchObject({
      replayed: true,
      operation: { id: ids[0] },
    });
    expect(await main()).toBe(30_000);
    // The failed one says it was paid out again, and by which operation.
    const afterRetry = body<Row[]>(await asCli('GET', '/api/ops/withdrawals?status=FAILED')).data;
    const again = body<Row[]>(await asCli('GET', '/api/ops/withdrawals?status=PENDING')).data.filter(
      (w) => w.memberId === memberId,
    );
    expect(again).toHaveLength(1);
    expect(afterRetry.find((w) => w.id === withdrawalId)).toMatchObject({
      paidAgain: { operationId: ids[0], withdrawalId: again[0]?.id, status: 'PENDING' },
    });
    expect(again[0]?.amount).toBe(20_000);
    const audit = body<{ target: string }[]>(
      await asCli('GET', '/api/ops/audit?action=withdrawal.retry'),
    ).data;
    expect(audit.filter((e) => e.target === withdrawalId)).toHaveLength(1);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  });

  test('paying out again is refused when the wallet no longer holds the money; nothing moves', async () => {
    const { memberId, token } = await memberWithToken(t.app);
    await fund(t.app, memberId, 20_000);
    const withdraw = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'w-ops-2' },
      payload: { amount: 20_000 },
    });
    const withdrawalId = body<{ withdrawalId: string }>(withdraw).data.withdrawalId;
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/payouts/${withdrawalId}/settle`,
      payload: { outcome: 'failed' },
    });
    // The member moved the money into a game meanwhile.
    await t.app.inject({ url: '/api/wallet/activate/PG', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 't-ops-2' },
      payload: { from: 'wallet', to: 'PG', amount: 15_000 },
    });
    const res = await asCli('POST', `/api/ops/withdrawals/${withdrawalId}/retry`, {});
    expect([res.statusCode, body(res).code]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    expect(await t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' })).toBe(5_000);
  });
});
