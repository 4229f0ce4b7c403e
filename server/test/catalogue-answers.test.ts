import { randomUUID } from 'node:crypto';
import { body, createTestApp, dbLabel, fund, setSetting, type TestApp } from './helpers';
import { call, newMember, walletAmount, type TestMember } from './money-in-support';

/**
 * Answers that say which rule refused the request (docs/wallet-api.md "Error codes beyond the spec's list"): the
 * withdrawal limits with their amount, a transfer to the same account, a spin without a coin, and the operator's
 * switches of the invite and cashback features.
 */

let t: TestApp;
let m: TestMember;
beforeAll(async () => {
  t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0', PAYOUT_SETTLE_MS: '60000' });
  await setSetting(t.app, 'registerOTP', false);
  m = await newMember(t.app);
  await fund(t.app, m.id, 10_000_000);
});
afterAll(() => t.close());

const keyed = (
  member: TestMember,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  key = randomUUID(),
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${member.token}`, 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  });

/** The whole error body: status, code, message and the extra fields it names. */
const answer = (res: { statusCode: number; body: string }) => ({ status: res.statusCode, ...body(res) });

describe(`withdrawal limits (${dbLabel})`, () => {
  // The seeded withdraw lookup: 100 to 50,000 baht.
  test.each(['/api/wallet/withdraw', '/api/wallet/withdrawAll'])(
    '%s under the minimum is WITHDRAW_MINIMUM with the minimum, over the maximum WITHDRAW_MAXIMUM with the maximum',
    async (url) => {
      const before = await walletAmount(t.app, m);
      expect(answer(await keyed(m, 'POST', url, { amount: 9_999 }))).toEqual({
        status: 400,
        code: 'WITHDRAW_MINIMUM',
        message: 'WITHDRAW_MINIMUM',
        minimum: '10000',
        // The refusal is the key's answer, kept as a FAILED operation that moved nothing.
        operationId: expect.any(String),
      });
      expect(answer(await keyed(m, 'POST', url, { amount: 5_000_001 }))).toEqual({
        status: 400,
        code: 'WITHDRAW_MAXIMUM',
        message: 'WITHDRAW_MAXIMUM',
        maximum: '5000000',
        operationId: expect.any(String),
      });
      expect(await walletAmount(t.app, m)).toBe(before);
    },
  );

  test('the limits are the operator’s: a changed lookup changes the amounts the answers name', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/content/withdraw/th',
      headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
      payload: { withdrawMin: 20_000, withdrawMax: 3_000_000, currency: 'THB' },
    });
    expect(put.statusCode).toBe(200);
    try {
      expect(answer(await keyed(m, 'POST', '/api/wallet/withdraw', { amount: 19_999 }))).toMatchObject({
        code: 'WITHDRAW_MINIMUM',
        minimum: '20000',
      });
      expect(answer(await keyed(m, 'POST', '/api/wallet/withdraw', { amount: 3_000_001 }))).toMatchObject({
        code: 'WITHDRAW_MAXIMUM',
        maximum: '3000000',
      });
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/ops/content/withdraw/th',
        headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
        payload: { withdrawMin: 10_000, withdrawMax: 5_000_000, currency: 'THB' },
      });
    }
  });

  test('within the limits the withdrawal is made', async () => {
    const res = await keyed(m, 'POST', '/api/wallet/withdraw', { amount: 10_000 });
    expect(res.statusCode).toBe(200);
  });
});

describe(`transfer to the same account (${dbLabel})`, () => {
  test.each([
    ['wallet', 'wallet'],
    ['PG', 'PG'],
    ['pg', 'PG'],
  ])('%s → %s is TRANSFER_SAME_ACCOUNT, nothing moved', async (from, to) => {
    const before = await walletAmount(t.app, m);
    expect(answer(await keyed(m, 'POST', '/api/wallet/transfer', { from, to, amount: 1_000 }))).toEqual({
      status: 400,
      code: 'TRANSFER_SAME_ACCOUNT',
      message: 'TRANSFER_SAME_ACCOUNT',
      operationId: expect.any(String),
    });
    expect(await walletAmount(t.app, m)).toBe(before);
  });
});

describe(`a spin without a coin (${dbLabel})`, () => {
  test('is SPIN_NO_COIN naming the coin; with a coin the wheel spins', async () => {
    await setSetting(t.app, 'spin.active', true);
    try {
      const poor = await newMember(t.app);
      expect(answer(await keyed(poor, 'POST', '/api/spinwheel/spin', {}))).toEqual({
        status: 400,
        code: 'SPIN_NO_COIN',
        message: 'SPIN_NO_COIN',
        field: 'coin',
      });
      // A deposit of 100 baht brings one coin.
      await fund(t.app, poor.id, 10_000);
      expect((await keyed(poor, 'POST', '/api/spinwheel/spin', {})).statusCode).toBe(200);
      expect(answer(await keyed(poor, 'POST', '/api/spinwheel/spin', {}))).toMatchObject({
        status: 400,
        code: 'SPIN_NO_COIN',
      });
    } finally {
      await setSetting(t.app, 'spin.active', false);
    }
  });
});

describe(`the operator's switches of invites and cashback (${dbLabel})`, () => {
  test('both are on by default', async () => {
    expect(await t.app.ctx.settings.get('invite.active')).toBe(true);
    expect(await t.app.ctx.settings.get('refund.active')).toBe(true);
  });

  test('invite.active off: the invite bonus is INVITE_INACTIVE; the list still answers; on again, the usual answer', async () => {
    await setSetting(t.app, 'invite.active', false);
    const key = randomUUID();
    try {
      expect(answer(await keyed(m, 'GET', '/api/invite/bonus', undefined, key))).toEqual({
        status: 403,
        code: 'INVITE_INACTIVE',
        message: 'INVITE_INACTIVE',
      });
      expect((await call(t.app, m, 'POST', '/api/invite', { page: 1, limit: 10 })).statusCode).toBe(200);
      // Without a session the member is not told anything about the switch.
      expect((await t.app.inject({ url: '/api/invite/bonus' })).statusCode).toBe(401);
    } finally {
      await setSetting(t.app, 'invite.active', true);
    }
    // The refusal is the key's final answer: retried with it once the feature is on, the same refusal; a new
    // key (a new tap) runs the request.
    expect(answer(await keyed(m, 'GET', '/api/invite/bonus', undefined, key))).toMatchObject({
      status: 403,
      code: 'INVITE_INACTIVE',
    });
    expect(answer(await keyed(m, 'GET', '/api/invite/bonus', undefined, randomUUID()))).toMatchObject({
      status: 400,
      code: 'NO_INVITE_BONUS',
    });
  });

  test('refund.active off: receiving cashback is REFUND_INACTIVE; what was received can still go to the wallet', async () => {
    await setSetting(t.app, 'refund.active', false);
    const key = randomUUID();
    try {
      expect(answer(await keyed(m, 'GET', '/api/refund/receive', undefined, key))).toEqual({
        status: 403,
        code: 'REFUND_INACTIVE',
        message: 'REFUND_INACTIVE',
      });
      expect(answer(await keyed(m, 'GET', '/api/refund/addWallet'))).toMatchObject({ code: 'NO_REFUND' });
      expect((await call(t.app, m, 'GET', '/api/refund/check')).statusCode).toBe(200);
    } finally {
      await setSetting(t.app, 'refund.active', true);
    }
    expect(answer(await keyed(m, 'GET', '/api/refund/receive', undefined, key))).toMatchObject({
      status: 403,
      code: 'REFUND_INACTIVE',
    });
    expect(answer(await keyed(m, 'GET', '/api/refund/receive', undefined, randomUUID()))).toMatchObject({
      status: 400,
      code: 'REFUND_MINIMUM',
    });
  });
});
