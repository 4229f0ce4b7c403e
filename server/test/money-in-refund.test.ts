import { weekStart } from '../src/features/refund/refunds';
import { ManualClock } from '../src/platform/clock';
import { createTestApp, body, dbLabel, setSetting, type TestApp } from './helpers';
import {
  call,
  expectBooksBalanced,
  expectError,
  newMember,
  signedPost,
  walletAmount,
  type TestMember,
} from './money-in-support';

// Ledger rows are stamped by the database clock; the app clock stands one week ahead, so "last week" for the
// refund rule is the real current week, where this suite's game rounds are posted.
const clock = new ManualClock(Date.now() + 7 * 86_400_000);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

let tx = 0;
/** Deposit, move it to the PG game account, then game rounds lost and won there (as the game sandbox posts them). */
async function play(m: TestMember, rounds: { lose?: number; win?: number }[]): Promise<void> {
  tx += 1;
  await signedPost(t.app, '/api/webhooks/bank', {
    txid: `REFUND-TX-${tx}`,
    fromBankCode: m.reg.bankCode,
    fromAccountNo: m.reg.bankAccountNo,
    amount: 100_000,
    currency: 'THB',
    transferredAt: new Date().toISOString(),
  });
  const { ledger, db } = t.app.ctx;
  const game = { member: m.id, code: 'game:PG' as const };
  const float = { system: 'provider_float:PG' as const, currency: 'THB' };
  await db.transaction().execute(async (trx) => {
    await ledger.post(trx, {
      kind: 'transfer',
      memberId: m.id,
      postings: [
        { account: { member: m.id, code: 'main' }, amount: -100_000 },
        { account: game, amount: 100_000 },
      ],
    });
    for (const r of rounds) {
      if (r.lose) {
        await ledger.post(trx, {
          kind: 'game_loss',
          memberId: m.id,
          postings: [
            { account: game, amount: -r.lose },
            { account: float, amount: r.lose },
          ],
        });
      }
      if (r.win) {
        await ledger.post(trx, {
          kind: 'game_win',
          memberId: m.id,
          postings: [
            { account: game, amount: r.win },
            { account: float, amount: -r.win },
          ],
        });
      }
    }
  });
}

interface Check {
  result: boolean;
  bonus: boolean;
  info: string;
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
  balance: number;
  period: { from: string; to: string };
}
const check = async (m: TestMember) => body<Check>(await call(t.app, m, 'GET', '/api/refund/check')).data;

describe('refund periods', () => {
  test('weeks start on Monday 00:00 Bangkok time', () => {
    // Monday 2026-03-02 00:00 +07:00 = Sunday 2026-03-01 17:00Z.
    expect(weekStart(new Date('2026-03-04T12:00:00Z')).toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(weekStart(new Date('2026-03-01T17:00:00Z')).toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(weekStart(new Date('2026-03-01T16:59:59Z')).toISOString()).toBe('2026-02-22T17:00:00.000Z');
  });
});

describe(`refund (cashback) (${dbLabel})`, () => {
  test('no play: nothing to receive (REFUND_MINIMUM), nothing to move (NO_REFUND)', async () => {
    const m = await newMember(t.app);
    expect(await check(m)).toMatchObject({ result: false, bonus: false, refundAmount: 0, balance: 0 });
    expectError(await call(t.app, m, 'GET', '/api/refund/receive'), 400, 'REFUND_MINIMUM');
    expectError(await call(t.app, m, 'GET', '/api/refund/addWallet'), 400, 'NO_REFUND');
  });

  test('5 % of last week’s net loss, received once per week, then moved to the wallet', async () => {
    const m = await newMember(t.app);
    await play(m, [{ lose: 6_000 }, { win: 2_000 }, { lose: 4_001 }]); // net loss 8 001 → 400
    const c = await check(m);
    expect(c).toMatchObject({ result: true, bonus: false, refundAmount: 400, refundSuccess: 0, balance: 0 });
    expect(c.info).toContain('5%');

    const got = await call(t.app, m, 'GET', '/api/refund/receive');
    expect(body(got).data).toEqual({ message: 'REFUND_SUCCESS', refundAmount: 400 });
    expectError(await call(t.app, m, 'GET', '/api/refund/receive'), 409, 'NO_REFUND');
    expect(await check(m)).toMatchObject({ result: false, refundAmount: 0, refundSuccess: 1, balance: 400 });

    const before = await walletAmount(t.app, m);
    const moved = await call(t.app, m, 'GET', '/api/refund/addWallet');
    expect(body(moved).data).toEqual({ message: 'REFUND_SUCCESS', amount: 400 });
    expect(await walletAmount(t.app, m)).toBe(before + 400);
    expectError(await call(t.app, m, 'GET', '/api/refund/addWallet'), 400, 'NO_REFUND');

    const list = body<{ refunds: { refundAmount: number; createdAt: string }[]; total: number }>(
      await call(t.app, m, 'POST', '/api/refund', { page: 1, limit: 10 }),
    ).data;
    expect(list.total).toBe(1);
    expect(list.refunds[0]?.refundAmount).toBe(400);

    // The next week looks at a week without play: nothing more.
    clock.advance(7 * 86_400_000);
    try {
      await expect(t.app.refunds.receive(m.id)).rejects.toMatchObject({
        code: 'REFUND_MINIMUM',
      });
    } finally {
      clock.advance(-7 * 86_400_000);
    }
    await expectBooksBalanced(t.app);
  });

  test('a net win gives no refund', async () => {
    const m = await newMember(t.app);
    await play(m, [{ lose: 1_000 }, { win: 5_000 }]);
    expect(await check(m)).toMatchObject({ result: false, refundAmount: 0 });
    expectError(await call(t.app, m, 'GET', '/api/refund/receive'), 400, 'REFUND_MINIMUM');
  });

  test('while a bonus is held: receive and addWallet → REFUND_CONDITION; after clearing it they work', async () => {
    const m = await newMember(t.app);
    await play(m, [{ lose: 20_000 }]);
    // A promotion bonus (no deposit needed) opens a turnover condition.
    expect((await call(t.app, m, 'GET', '/api/promotion/activate/happy2027')).statusCode).toBe(200);
    expect(await check(m)).toMatchObject({ result: false, bonus: true, refundAmount: 1_000 });
    expectError(await call(t.app, m, 'GET', '/api/refund/receive'), 409, 'REFUND_CONDITION');
    expectError(await call(t.app, m, 'GET', '/api/refund/addWallet'), 409, 'REFUND_CONDITION');
    // Cancelled unmet (percentFail 0: the whole bonus goes back), the hold is gone.
    expect(body(await call(t.app, m, 'GET', '/api/bonus/clear')).data).toMatchObject({
      message: 'BONUS_CLEAR',
    });
    expect(body(await call(t.app, m, 'GET', '/api/refund/receive')).data).toEqual({
      message: 'REFUND_SUCCESS',
      refundAmount: 1_000,
    });
    await expectBooksBalanced(t.app);
  });
});
