import { weekStart } from '../src/features/refund/refunds';
import { ManualClock } from '../src/platform/clock';
import { SANDBOX_RTP, SandboxGames } from '../src/features/games/sandbox-provider';
import { createTestApp, body, dbLabel, setSetting, type TestApp } from './helpers';
import {
  bearerOf,
  call,
  expectBooksBalanced,
  expectError,
  newMember,
  signedPost,
  walletAmount,
  type TestMember,
} from './money-in-support';

const DAY = 86_400_000;
const clock = new ManualClock(Date.now());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

/** A moment in last week's refund period (weeks run Monday 00:00 to Monday 00:00 Bangkok time). */
const lastWeek = (): Date => new Date(weekStart(clock.now()).getTime() - 3.5 * DAY);

let tx = 0;
const keyed = (m: TestMember, method: 'GET' | 'POST', url: string, key: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearerOf(m), 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  });

/**
 * Deposit 1,000 baht, move it to the PG game account, then rounds played there with set outcomes (bet and win,
 * minor units) through the sandbox provider's set rounds, reported as played at `playedAt` (last week by default);
 * the game list's refresh then posts the result in the ledger (game_loss / game_win), as in the demo.
 */
async function play(
  m: TestMember,
  rounds: { bet: number; win: number }[],
  playedAt: Date = lastWeek(),
): Promise<void> {
  tx += 1;
  await signedPost(t.app, '/api/webhooks/bank', {
    txid: `REFUND-TX-${tx}`,
    fromBankCode: m.reg.bankCode,
    fromAccountNo: m.reg.bankAccountNo,
    amount: 100_000,
    currency: 'THB',
    transferredAt: new Date().toISOString(),
  });
  expect((await call(t.app, m, 'GET', '/api/wallet/activate/PG')).statusCode).toBe(200);
  const moved = await keyed(m, 'POST', '/api/wallet/transfer', `refund-in-${tx}`, {
    from: 'wallet',
    to: 'PG',
    amount: 100_000,
  });
  expect(body<{ status: string }>(moved).data.status).toBe('SUCCESS');
  const { username } = await t.app.games.accounts.account(m.id, 'PG');
  for (const r of rounds) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/games/PG/rounds',
      payload: { username, bet: r.bet, win: r.win, playedAt: playedAt.toISOString() },
    });
    expect(res.statusCode).toBe(200);
  }
  expect((await call(t.app, m, 'GET', '/api/wallet/refresh/slot')).statusCode).toBe(200);
}

interface Check {
  result: boolean;
  bonus: boolean;
  info: string;
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
  receivedAmount: number;
  period: { from: string; to: string };
}
const check = async (m: TestMember) => body<Check>(await call(t.app, m, 'GET', '/api/refund/check')).data;

/** A refused step: its catalogue code, and nothing moved (wallet, received amount, books). */
async function expectRefused(m: TestMember, url: string, status: number, code: string): Promise<void> {
  const wallet = await walletAmount(t.app, m);
  const before = await check(m);
  expectError(await call(t.app, m, 'GET', url), status, code);
  expect(await walletAmount(t.app, m)).toBe(wallet);
  expect(await check(m)).toEqual(before);
  await expectBooksBalanced(t.app);
}

describe('the sandbox game', () => {
  test('returns 96 % to players: 5× with 2 %, 2× with 43 %, else the bet is lost', () => {
    expect(SANDBOX_RTP).toBeCloseTo(0.96, 10);
    expect([0, 0.0199, 0.02, 0.4499, 0.45, 0.99].map((r) => SandboxGames.payout(1_000, r))).toEqual([
      5_000, 5_000, 2_000, 2_000, 0, 0,
    ]);
  });
});

describe('refund periods', () => {
  test('weeks start on Monday 00:00 Bangkok time', () => {
    // Monday 2026-03-02 00:00 +07:00 = Sunday 2026-03-01 17:00Z.
    expect(weekStart(new Date('2026-03-04T12:00:00Z')).toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(weekStart(new Date('2026-03-01T17:00:00Z')).toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(weekStart(new Date('2026-03-01T16:59:59Z')).toISOString()).toBe('2026-02-22T17:00:00.000Z');
  });
});

describe(`refund (cashback) (${dbLabel})`, () => {
  test('no play: nothing to receive (REFUND_MINIMUM), nothing to move (NO_REFUND), nothing moved', async () => {
    const m = await newMember(t.app);
    expect(await check(m)).toMatchObject({ result: false, bonus: false, refundAmount: 0, receivedAmount: 0 });
    await expectRefused(m, '/api/refund/receive', 400, 'REFUND_MINIMUM');
    await expectRefused(m, '/api/refund/addWallet', 400, 'NO_REFUND');
  });

  test('5 % of last week’s net loss accrues, is received once per week, moved to the wallet, listed in the statement', async () => {
    const m = await newMember(t.app);
    // Lost 60, won 20 (bet 10, paid 30), lost 40.01: net loss 80.01 → 4.00.
    await play(m, [
      { bet: 6_000, win: 0 },
      { bet: 1_000, win: 3_000 },
      { bet: 4_001, win: 0 },
    ]);
    // The losses are real money: the game account holds 1,000 − 80.01 baht, in the ledger as at the provider.
    const slots = body<{ code: string; amount: number }[]>(
      await call(t.app, m, 'GET', '/api/wallet/refresh/slot'),
    ).data;
    expect(slots.find((s) => s.code === 'PG')?.amount).toBe(100_000 - 8_001);
    const c = await check(m);
    expect(c).toMatchObject({
      result: true,
      bonus: false,
      refundAmount: 400,
      refundSuccess: 0,
      receivedAmount: 0,
    });
    expect(c.info).toContain('5%');
    // Nothing received yet: nothing to move.
    await expectRefused(m, '/api/refund/addWallet', 400, 'NO_REFUND');

    const got = await call(t.app, m, 'GET', '/api/refund/receive');
    expect(body(got).data).toEqual({ message: 'REFUND_SUCCESS', refundAmount: 400 });
    expect(await check(m)).toMatchObject({
      result: false,
      refundAmount: 0,
      refundSuccess: 1,
      receivedAmount: 400,
    });
    await expectRefused(m, '/api/refund/receive', 409, 'NO_REFUND');

    const before = await walletAmount(t.app, m);
    const moved = await call(t.app, m, 'GET', '/api/refund/addWallet');
    expect(body(moved).data).toEqual({ message: 'REFUND_SUCCESS', amount: 400 });
    expect(await walletAmount(t.app, m)).toBe(before + 400);
    expect(await check(m)).toMatchObject({ result: false, refundAmount: 0, receivedAmount: 0 });
    await expectRefused(m, '/api/refund/addWallet', 400, 'NO_REFUND');

    const list = body<{ refunds: { refundAmount: number; createdAt: string }[]; total: number }>(
      await call(t.app, m, 'POST', '/api/refund', { page: 1, limit: 10 }),
    ).data;
    expect(list.total).toBe(1);
    expect(list.refunds[0]?.refundAmount).toBe(400);

    // The statement lists the move: a bonus line from the refund to the wallet, with its refund item.
    const lines = body<{
      statements: {
        statementType: string;
        from: string;
        to: string;
        amount: number;
        status: string;
        refund?: { description: string };
      }[];
    }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/statement',
        headers: { ...bearerOf(m), 'accept-language': 'en' },
        payload: { page: 1, limit: 10 },
      }),
    ).data.statements;
    expect(lines[0]).toMatchObject({ statementType: 'bonus', from: 'refund', to: 'wallet', amount: 400 });
    expect(lines[0]?.refund?.description).toBe('Loss refund (1 week)');

    // The next week looks at a week without play: nothing more.
    clock.advance(7 * DAY);
    try {
      await expect(t.app.refunds.receive(m.id)).rejects.toMatchObject({
        code: 'REFUND_MINIMUM',
      });
    } finally {
      clock.advance(-7 * DAY);
    }
    await expectBooksBalanced(t.app);
  });

  test('a net win gives no refund; rounds played this week count next week', async () => {
    const m = await newMember(t.app);
    await play(m, [
      { bet: 1_000, win: 0 },
      { bet: 1_000, win: 6_000 },
    ]);
    expect(await check(m)).toMatchObject({ result: false, refundAmount: 0 });
    await expectRefused(m, '/api/refund/receive', 400, 'REFUND_MINIMUM');

    const n = await newMember(t.app);
    await play(n, [{ bet: 10_000, win: 0 }], clock.now());
    expect(await check(n)).toMatchObject({ result: false, refundAmount: 0 });
    clock.advance(7 * DAY);
    try {
      expect(await t.app.refunds.check(n.id, 'en')).toMatchObject({ result: true, refundAmount: 500 });
    } finally {
      clock.advance(-7 * DAY);
    }
  });

  test('while a bonus is held: receive and addWallet → REFUND_CONDITION, nothing moved; after clearing it they work', async () => {
    const m = await newMember(t.app);
    await play(m, [{ bet: 20_000, win: 0 }]);
    // A promotion bonus (no deposit needed) opens a turnover condition.
    expect((await call(t.app, m, 'GET', '/api/promotion/activate/happy2027')).statusCode).toBe(200);
    expect(await check(m)).toMatchObject({ result: false, bonus: true, refundAmount: 1_000 });
    await expectRefused(m, '/api/refund/receive', 409, 'REFUND_CONDITION');
    await expectRefused(m, '/api/refund/addWallet', 409, 'REFUND_CONDITION');
    // Cancelled unmet (percentFail 0: the whole bonus goes back), the hold is gone.
    expect(body(await call(t.app, m, 'GET', '/api/bonus/clear')).data).toMatchObject({
      message: 'BONUS_CLEAR',
    });
    expect(body(await call(t.app, m, 'GET', '/api/refund/receive')).data).toEqual({
      message: 'REFUND_SUCCESS',
      refundAmount: 1_000,
    });
    expect(await check(m)).toMatchObject({ result: false, bonus: false, receivedAmount: 1_000 });
    const before = await walletAmount(t.app, m);
    expect(body(await call(t.app, m, 'GET', '/api/refund/addWallet')).data).toEqual({
      message: 'REFUND_SUCCESS',
      amount: 1_000,
    });
    expect(await walletAmount(t.app, m)).toBe(before + 1_000);
    await expectBooksBalanced(t.app);
  });

  test('received, then a bonus is held: the received amount waits (REFUND_CONDITION, nothing moved)', async () => {
    const m = await newMember(t.app);
    await play(m, [{ bet: 20_000, win: 0 }]);
    expect(body(await call(t.app, m, 'GET', '/api/refund/receive')).data).toMatchObject({
      refundAmount: 1_000,
    });
    expect((await call(t.app, m, 'GET', '/api/promotion/activate/happy2027')).statusCode).toBe(200);
    expect(await check(m)).toMatchObject({
      result: false,
      bonus: true,
      refundAmount: 0,
      receivedAmount: 1_000,
    });
    await expectRefused(m, '/api/refund/addWallet', 409, 'REFUND_CONDITION');
  });

  test('while the operator has cashback off, result is false (receive → REFUND_INACTIVE, nothing moved)', async () => {
    const m = await newMember(t.app);
    await play(m, [{ bet: 20_000, win: 0 }]);
    await setSetting(t.app, 'refund.active', false);
    try {
      expect(await check(m)).toMatchObject({ result: false, refundAmount: 1_000 });
      await expectRefused(m, '/api/refund/receive', 403, 'REFUND_INACTIVE');
    } finally {
      await setSetting(t.app, 'refund.active', true);
    }
    expect(await check(m)).toMatchObject({ result: true, refundAmount: 1_000 });
  });

  test('a receive refused while cashback was off stays that key’s answer once it is back on; a new key receives', async () => {
    const m = await newMember(t.app);
    await play(m, [{ bet: 20_000, win: 0 }]);
    const receive = (key: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/refund/receive',
        headers: { ...bearerOf(m), 'idempotency-key': key },
      });
    await setSetting(t.app, 'refund.active', false);
    try {
      expectError(await receive('receive-while-off'), 403, 'REFUND_INACTIVE');
    } finally {
      await setSetting(t.app, 'refund.active', true);
    }
    // The key has its final answer: the same request again gets it, and nothing moves.
    const before = await check(m);
    const wallet = await walletAmount(t.app, m);
    expectError(await receive('receive-while-off'), 403, 'REFUND_INACTIVE');
    expect(await check(m)).toEqual(before);
    expect(await walletAmount(t.app, m)).toBe(wallet);
    // A new tap is a new key: received.
    expect((await receive('receive-when-on')).statusCode).toBe(200);
    expect(await check(m)).toMatchObject({ receivedAmount: 1_000 });
    await expectBooksBalanced(t.app);
  });

  test('set sandbox rounds: a bet the player cannot cover, an unknown player or a future time are refused', async () => {
    const m = await newMember(t.app);
    await play(m, []);
    const { username } = await t.app.games.accounts.account(m.id, 'PG');
    const round = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/sandbox/games/PG/rounds', payload });
    expectError(await round({ username, bet: 100_001, win: 0 }), 400, 'MONEY_NOT_ENOUGH');
    expectError(await round({ username: 'nobody-here', bet: 1, win: 0 }), 404, 'SLOT_NO_ACCOUNT');
    const future = new Date(clock.now().getTime() + DAY).toISOString();
    expectError(await round({ username, bet: 1, win: 0, playedAt: future }), 400, 'NO_DATA');
    expect((await t.app.sandboxGames?.player('PG', username))?.balance).toBe(100_000);
  });
});
