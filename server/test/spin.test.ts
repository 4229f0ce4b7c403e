import { createHash, createHmac, randomUUID } from 'node:crypto';
import { ManualClock } from '../src/platform/clock';
import { coinsForDeposit } from '../src/features/spin/coins';
import { drawSlice, seedHash } from '../src/features/spin/fair-draw';
import { spinDb } from '../src/features/spin/tables';
import { SEED_WHEEL, type WheelDefinition } from '../src/features/spin/wheels';
import { body, createTestApp, dbLabel, fund, setSetting, type TestApp } from './helpers';
import {
  call,
  expectBooksBalanced,
  expectError,
  newMember,
  walletAmount,
  type TestMember,
} from './money-in-support';

/**
 * The prize wheel (docs/spin.md): the fair draw's distribution and an independent recomputation, coins from
 * deposits, spins that never overspend, claims that credit once, the switch, the seeds.
 */

/** An implementation of docs/spin.md written apart from fair-draw.ts, to check it against. */
function recompute(serverSeed: string, clientSeed: string, nonce: number, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  const limit = 4294967296 - (4294967296 % total);
  for (let round = 0; ; round += 1) {
    const mac = createHmac('sha256', Buffer.from(serverSeed, 'utf8'))
      .update(Buffer.from(`${clientSeed}:${nonce}:${round}`, 'utf8'))
      .digest('hex');
    for (let i = 0; i < 64; i += 8) {
      const word = parseInt(mac.slice(i, i + 8), 16);
      if (word >= limit) continue;
      let r = word % total;
      for (let s = 0; s < weights.length; s += 1) {
        r -= weights[s] ?? 0;
        if (r < 0) return s;
      }
    }
  }
}

describe('the fair draw', () => {
  const weights = SEED_WHEEL.slices.map((s) => s.weight);

  test('100,000 draws follow the configured weights (chi-square, p = 0.001)', () => {
    const counts = weights.map(() => 0);
    const seed = 'a'.repeat(64);
    for (let nonce = 0; nonce < 100_000; nonce += 1) {
      const i = drawSlice(seed, 'chi-square', nonce, weights);
      counts[i] = (counts[i] ?? 0) + 1;
    }
    const total = weights.reduce((a, b) => a + b, 0);
    const chi = counts.reduce((sum, observed, i) => {
      const expected = (100_000 * (weights[i] ?? 0)) / total;
      return sum + (observed - expected) ** 2 / expected;
    }, 0);
    // 7 degrees of freedom: the 0.999 quantile of chi-square is 24.32.
    expect(weights).toHaveLength(8);
    expect(chi).toBeLessThan(24.32);
  });

  test('a skewed wheel is drawn as skewed (the test above can fail)', () => {
    const counts = [0, 0];
    for (let nonce = 0; nonce < 20_000; nonce += 1) counts[drawSlice('seed', 'c', nonce, [1, 99])]! += 1;
    expect(counts[0]).toBeGreaterThan(120);
    expect(counts[0]).toBeLessThan(290);
  });

  test('the documented algorithm, written again, gives the same slices; the commitment is SHA-256 of the seed', () => {
    const serverSeed = createHash('sha256').update('server').digest('hex');
    for (let nonce = 0; nonce < 2_000; nonce += 1)
      expect(drawSlice(serverSeed, 'member-seed', nonce, [7, 1, 3])).toBe(
        recompute(serverSeed, 'member-seed', nonce, [7, 1, 3]),
      );
    expect(seedHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  test('coins: one per whole 100 baht of a deposit, at most 10', () => {
    expect([9_999, 10_000, 25_000, 5_000_000].map((a) => coinsForDeposit(a, 'THB'))).toEqual([0, 1, 2, 10]);
    expect(coinsForDeposit(120_000, 'LAK')).toBe(2);
  });
});

describe(`prize wheel (${dbLabel})`, () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-24T05:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0' }, { clock });
    await setSetting(t.app, 'registerOTP', false);
    await setSetting(t.app, 'spin.active', true);
  });
  afterAll(() => t.close());

  const keyed = (m: TestMember, url: string, payload: object = {}, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': key },
      payload,
    });
  const get = async <T>(m: TestMember, url: string): Promise<T> =>
    body<T>(await call(t.app, m, 'GET', url)).data;
  interface Spun {
    result: {
      code: string;
      sliceIndex: number;
      remainingCoin: number;
      couponId: string | null;
      nonce: number;
    };
  }
  interface CouponView {
    _id: string;
    prize: { name: string; slice: string; kind: string };
    amount: number;
  }
  const coins = async (m: TestMember) => (await get<{ coin: number }>(m, '/api/account/profile')).coin;

  /** A wheel whose every slice gives that prize (so a spin's outcome is known). */
  async function useWheel(prize: WheelDefinition['slices'][number]['prize']): Promise<void> {
    await t.app.wheels.save({
      id: `test-${prize.kind}`,
      names: { th: 'ทดสอบ', la: 'ທົດສອບ', en: 'Test' },
      active: true,
      slices: ['A', 'B'].map((code) => ({
        code,
        label: { th: code, la: code, en: code },
        bgColor: '#000000',
        textColor: '#ffffff',
        htmlDescription: { th: code, la: code, en: code },
        weight: 1,
        prize,
      })),
    });
  }

  test('coins come with deposits, once per deposit; the setup shows them and the commitment', async () => {
    const m = await newMember(t.app);
    await fund(t.app, m.id, 100_000);
    await fund(t.app, m.id, 25_000);
    expect(await coins(m)).toBe(12);
    // A deposit posted again with the same reference credits nothing more.
    for (let i = 0; i < 2; i += 1)
      await t.app.ctx.db.transaction().execute((trx) =>
        t.app.ctx.ledger.creditMember(trx, {
          memberId: m.id,
          amount: 50_000,
          kind: 'deposit',
          from: 'bank_in',
          reference: 'same-bank-tx',
        }),
      );
    expect(await coins(m)).toBe(17);
    const setup = await get<{
      activeSpinwheel: { name: string; slice: { code: string }[] } | null;
      userCoin: number;
      fairness: { serverSeedHash: string; nextNonce: number };
    }>(m, '/api/spinwheel/setup');
    expect(setup.activeSpinwheel?.name).toBe('วงล้อนำโชค');
    expect(setup.activeSpinwheel?.slice.map((s) => s.code)).toEqual(SEED_WHEEL.slices.map((s) => s.code));
    expect(setup).toMatchObject({ userCoin: 17, fairness: { nextNonce: 0 } });
    expect(setup.fairness.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('50 concurrent spins with 10 coins: exactly 10 spin, coins never negative, nonces 0…9', async () => {
    await useWheel({ kind: 'none' });
    const m = await newMember(t.app);
    await fund(t.app, m.id, 100_000);
    expect(await coins(m)).toBe(10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => keyed(m, '/api/spinwheel/spin')));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(10);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expectError(r, 400, 'SPIN_NO_COIN');
      expect(body(r)).toMatchObject({ field: 'coin' });
    }
    expect(ok.map((r) => body<Spun>(r).data.result.nonce).sort((a, b) => a - b)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(await coins(m)).toBe(0);
    // A retried spin (same key) answers the first spin again and spends nothing.
    await fund(t.app, m.id, 10_000);
    const first = await keyed(m, '/api/spinwheel/spin', {}, 'spin-key');
    const again = await keyed(m, '/api/spinwheel/spin', {}, 'spin-key');
    expect(again.body).toBe(first.body);
    expect(await coins(m)).toBe(0);
  });

  test('20 concurrent claims of one money coupon credit it once; a spin announces nothing before the claim', async () => {
    await useWheel({ kind: 'money', amounts: { THB: 2_000, LAK: 12_000 } });
    const m = await newMember(t.app);
    await fund(t.app, m.id, 10_000);
    const spun = body<Spun>(await keyed(m, '/api/spinwheel/spin')).data.result;
    expect(spun.couponId).toMatch(/^[0-9a-f]{24}$/);
    const list = await get<CouponView[]>(m, '/api/spinwheel/coupon');
    expect(list).toEqual([
      expect.objectContaining({
        _id: spun.couponId,
        amount: 2_000,
        prize: { name: 'เงินรางวัล', slice: spun.code, kind: 'money' },
      }),
    ]);
    const before = await walletAmount(t.app, m);
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        keyed(
          m,
          '/api/spinwheel/coupon/claim',
          { coupon: spun.couponId },
          i < 5 ? 'claim-key' : `claim-${i}`,
        ),
      ),
    );
    const ok = claims.filter((r) => r.statusCode === 200);
    expect(new Set(ok.map((r) => r.body)).size).toBe(1); // the five copies of one key answer alike
    for (const r of claims.filter((c) => c.statusCode !== 200)) expectError(r, 409, 'NO_CLAIMABLE_COUPON');
    expect(await walletAmount(t.app, m)).toBe(before + 2_000);
    expect(await get<CouponView[]>(m, '/api/spinwheel/coupon')).toEqual([]);
    const lines = body<{
      statements: { statementType: string; amount: number; luckydraw?: { description: string } }[];
    }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/statement',
        headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'en' },
        payload: { page: 1, limit: 10 },
      }),
    ).data.statements;
    expect(lines[0]).toMatchObject({
      statementType: 'bonus',
      amount: 2_000,
      luckydraw: { description: `Lucky wheel prize: ${spun.code}` },
    });
    await expectBooksBalanced(t.app);
  });

  test('claim errors: a bad id, someone else’s coupon, an expired one, money held by a bonus', async () => {
    await useWheel({ kind: 'money', amounts: { THB: 1_000, LAK: 6_000 } });
    const [a, b] = [await newMember(t.app), await newMember(t.app)];
    await fund(t.app, a.id, 30_000);
    expectError(await keyed(a, '/api/spinwheel/coupon/claim', { coupon: 'nope' }), 400, 'INVALID_CODE');
    const c1 = body<Spun>(await keyed(a, '/api/spinwheel/spin')).data.result.couponId;
    expectError(await keyed(b, '/api/spinwheel/coupon/claim', { coupon: c1 }), 409, 'NO_CLAIMABLE_COUPON');
    // A bonus holds the money: the money prize waits (the coupon stays claimable).
    expect((await call(t.app, a, 'GET', '/api/promotion/activate/HAPPY2027')).statusCode).toBe(200);
    expectError(await keyed(a, '/api/spinwheel/coupon/claim', { coupon: c1 }), 409, 'BONUS_REMAINING');
    expect((await call(t.app, a, 'GET', '/api/bonus/clear')).statusCode).toBe(200);
    expect((await keyed(a, '/api/spinwheel/coupon/claim', { coupon: c1 })).statusCode).toBe(200);
    // A coupon past its 7 days has expired (the member's session would have too: the coupon is aged instead).
    const c2 = body<Spun>(await keyed(a, '/api/spinwheel/spin')).data.result.couponId ?? '';
    const coupons = spinDb(t.app.ctx.db);
    const row = await coupons
      .selectFrom('spin_coupons')
      .select(['created_at', 'expires_at'])
      .where('id', '=', c2)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(7 * 86_400_000);
    await coupons
      .updateTable('spin_coupons')
      .set({ expires_at: new Date(clock.now().getTime() - 1) })
      .where('id', '=', c2)
      .execute();
    expectError(await keyed(a, '/api/spinwheel/coupon/claim', { coupon: c2 }), 409, 'COUPON_EXPIRED');
    expect(await get<CouponView[]>(a, '/api/spinwheel/coupon')).toEqual([]);
  });

  test('coin and bonus prizes', async () => {
    const m = await newMember(t.app);
    await fund(t.app, m.id, 20_000);
    await useWheel({ kind: 'coins', coins: 3 });
    const coinCoupon = body<Spun>(await keyed(m, '/api/spinwheel/spin')).data.result.couponId;
    expect((await keyed(m, '/api/spinwheel/coupon/claim', { coupon: coinCoupon })).statusCode).toBe(200);
    expect(await coins(m)).toBe(1 + 3);
    await useWheel({ kind: 'bonus', bonusCode: 'PROMO100' });
    const bonusCoupon = body<Spun>(await keyed(m, '/api/spinwheel/spin')).data.result.couponId;
    const claimed = await keyed(m, '/api/spinwheel/coupon/claim', { coupon: bonusCoupon });
    expect(body(claimed).data).toMatchObject({ amount: 10_000, prize: { kind: 'bonus' } });
    expect(await get<{ bonus: { code: string } | null }>(m, '/api/bonus/check/active')).toMatchObject({
      bonus: { code: 'PROMO100' },
    });
  });

  test('with spin.active or the remote off: not active, no wheel in the setup, spins refused', async () => {
    const m = await newMember(t.app);
    await fund(t.app, m.id, 10_000);
    await setSetting(t.app, 'spin.active', false);
    try {
      expect(await get<{ isActive: boolean }>(m, '/api/spinwheel/active')).toEqual({ isActive: false });
      expect((await get<{ activeSpinwheel: unknown }>(m, '/api/spinwheel/setup')).activeSpinwheel).toBeNull();
      expectError(await keyed(m, '/api/spinwheel/spin'), 404, 'NO_DATA');
      expect(await coins(m)).toBe(1);
    } finally {
      await setSetting(t.app, 'spin.active', true);
    }
    expect(await get<{ isActive: boolean }>(m, '/api/spinwheel/active')).toEqual({ isActive: true });
    // With the wheel's remote turned off there is no page to spin on: not active either.
    await setSetting(t.app, 'remote.mfe-spin.enabled', false);
    try {
      expect(await get<{ isActive: boolean }>(m, '/api/spinwheel/active')).toEqual({ isActive: false });
      expectError(await keyed(m, '/api/spinwheel/spin'), 404, 'NO_DATA');
    } finally {
      await setSetting(t.app, 'remote.mfe-spin.enabled', true);
    }
  });

  test('rotating reveals the seed: every spin made with it recomputes, and its hash was the commitment', async () => {
    await t.app.wheels.save(SEED_WHEEL);
    const m = await newMember(t.app);
    await fund(t.app, m.id, 50_000);
    const before = await get<{ current: { serverSeedHash: string; clientSeed: string } }>(
      m,
      '/api/spinwheel/fairness',
    );
    const spins = [];
    for (let i = 0; i < 5; i += 1) spins.push(body<Spun>(await keyed(m, '/api/spinwheel/spin')).data.result);
    const hidden = body<{ draws: { serverSeed: string | null }[] }>(
      await call(t.app, m, 'POST', '/api/spinwheel/draws', { page: 1, limit: 10 }),
    ).data.draws;
    expect(hidden.every((d) => d.serverSeed === null)).toBe(true);

    expectError(
      await call(t.app, m, 'POST', '/api/spinwheel/fairness/rotate', { clientSeed: 'bad seed!' }),
      400,
      'KEY_INVALID',
    );
    const rotated = body<{
      current: { clientSeed: string; nextNonce: number; serverSeedHash: string };
      revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; spins: number }[];
    }>(await call(t.app, m, 'POST', '/api/spinwheel/fairness/rotate', { clientSeed: 'my-lucky-seed' })).data;
    expect(rotated.current).toMatchObject({ clientSeed: 'my-lucky-seed', nextNonce: 0 });
    expect(rotated.current.serverSeedHash).not.toBe(before.current.serverSeedHash);
    const revealed = rotated.revealed[0];
    expect(revealed).toMatchObject({
      serverSeedHash: before.current.serverSeedHash,
      clientSeed: before.current.clientSeed,
      spins: 5,
    });
    expect(
      createHash('sha256')
        .update(revealed?.serverSeed ?? '')
        .digest('hex'),
    ).toBe(before.current.serverSeedHash);

    const draws = body<{
      draws: {
        serverSeed: string;
        clientSeed: string;
        nonce: number;
        weights: number[];
        sliceIndex: number;
      }[];
    }>(await call(t.app, m, 'POST', '/api/spinwheel/draws', { page: 1, limit: 10 })).data.draws;
    expect(draws).toHaveLength(5);
    for (const d of draws) {
      expect(d.serverSeed).toBe(revealed?.serverSeed);
      expect(recompute(d.serverSeed, d.clientSeed, d.nonce, d.weights)).toBe(d.sliceIndex);
      expect(spins.find((s) => s.nonce === d.nonce)?.sliceIndex).toBe(d.sliceIndex);
    }
  });
});
