import { randomUUID } from 'node:crypto';
import { body, dbLabel } from './helpers';
import { bonusHarness, DAY, sundayBeforeMidnight } from './bonus-support';
import { call, expectBooksBalanced, expectError, newMember, walletAmount } from './money-in-support';

/**
 * The bonus engine (docs/bonus.md): receiving, counting per Bangkok day and week, turnover from reported game
 * rounds with per-category contributions, the hold on withdrawals, clearing and cancelling, promotions, the
 * statement. Amounts in satang.
 */

// The engine's clock drives its business rules (day and week limits, what counts as turnover); money events are
// stamped by the database's clock. The suite runs with the engine's clock near today, a year ahead of the
// database's and a year behind it: nothing the member sees may depend on the two agreeing.
describe.each([
  ['near today', 0],
  ['a year ahead of the database', 365 * DAY],
  ['a year behind the database', -365 * DAY],
])(`bonus engine (${dbLabel}, engine clock %s)`, (_label, ahead) => {
  const start = sundayBeforeMidnight(Date.now() + ahead);
  const { t, clock, get, keyed, deposit, active, round } = bonusHarness(start);

  test('the list, receiving a percent bonus, the hold on withdrawals, turnover per category, finishing', async () => {
    const m = await newMember(t.app);
    const list = await get<{ code: string; userBonus: unknown; reward: unknown; minDeposit: number }[]>(
      m,
      '/api/bonus',
    );
    expect(list.data.map((b) => b.code)).toEqual(['WELCOME', 'DAILY10', 'WEEKLY']); // PROMO100 is not listed
    expect(list.data.every((b) => b.userBonus === null)).toBe(true);

    // No deposit yet: nothing qualifies.
    const none = await keyed(m, 'GET', '/api/bonus/activate/DAILY10', 'a0');
    expectError(none, 400, 'BONUS_CONDITION');
    expect(body(none)).toMatchObject({ field: 'deposit', minimum: '10000' });

    await deposit(m, 100_000);
    const got = await keyed(m, 'GET', '/api/bonus/activate/daily10', 'a1');
    expect(got.statusCode).toBe(200);
    expect(body(got).data).toMatchObject({
      code: 'DAILY10',
      isActive: true,
      amount: 10_000,
      turnover: { needed: 330_000, done: 0, percent: 0 },
    });
    expect(await walletAmount(t.app, m)).toBe(110_000);
    // The same key again answers the same, and credits nothing more.
    const again = await keyed(m, 'GET', '/api/bonus/activate/daily10', 'a1');
    expect(again.body).toBe(got.body);
    expect(await walletAmount(t.app, m)).toBe(110_000);

    expect(await active(m)).toMatchObject({
      status: true,
      type: 'day',
      bonus: { code: 'DAILY10', amount: 10_000, met: false, cancellable: true, forfeit: 8_000 },
    });
    expectError(await keyed(m, 'GET', '/api/bonus/activate/WELCOME', 'a2'), 409, 'BONUS_ALREADY_ACTIVE');

    // Withdrawals are held; nothing moves. Transfers to games stay allowed.
    expectError(
      await keyed(m, 'POST', '/api/wallet/withdraw', 'w1', { amount: 10_000 }),
      409,
      'BONUS_REMAINING',
    );
    expectError(
      await keyed(m, 'POST', '/api/wallet/withdrawAll', 'w2', { amount: 10_000 }),
      409,
      'BONUS_REMAINING',
    );
    expect(await walletAmount(t.app, m)).toBe(110_000);
    await call(t.app, m, 'GET', '/api/wallet/activate/PG');
    const moved = await keyed(m, 'POST', '/api/wallet/transfer', 't1', {
      from: 'wallet',
      to: 'PG',
      amount: 20_000,
    });
    expect(moved.statusCode).toBe(200);

    // DAILY10 counts slots and sports fully, lotto not at all; a repeated round report counts once.
    await round(m, 'PG', 100_000, 'r-1');
    expect(await round(m, 'PG', 100_000, 'r-1')).toBe(false);
    await round(m, 'BETFLIX', 50_000);
    await round(m, 'IMI', 90_000);
    expect((await active(m)).bonus?.turnover).toEqual({ needed: 330_000, done: 150_000, percent: 45 });
    // Not met: clearing would cancel it; the member does not, and plays on.
    await round(m, 'PG', 180_000);
    const met = await active(m);
    expect(met.bonus).toMatchObject({ met: true, forfeit: 0, turnover: { done: 330_000, percent: 100 } });

    const cleared = await keyed(m, 'GET', '/api/bonus/clear', 'c1');
    expect(body(cleared).data).toEqual({ message: 'BONUS_CLEAR', finished: true, forfeited: 0 });
    expect(await active(m)).toEqual({ status: false, type: null, bonus: null });
    expect(await walletAmount(t.app, m)).toBe(90_000);
    const out = await keyed(m, 'POST', '/api/wallet/withdraw', 'w3', { amount: 10_000 });
    expect(out.statusCode).toBe(200);

    // The statement: the bonus received and its end, described in the member's language.
    const th = await t.app.inject({
      method: 'POST',
      url: '/api/statement',
      headers: { authorization: `Bearer ${m.token}`, 'accept-language': 'th' },
      payload: { page: 1, limit: 10 },
    });
    const lines = body<{
      statements: { statementType: string; amount: number; bonus?: { description: string } }[];
    }>(th).data.statements;
    expect(lines.find((l) => l.statementType === 'finish_bonus')).toMatchObject({
      amount: 10_000,
      bonus: { description: 'โบนัสฝากรายวัน 10%: ทำเทิร์นโอเวอร์ครบ' },
    });
    expect(lines.find((l) => l.statementType === 'bonus')).toMatchObject({
      amount: 10_000,
      bonus: { description: 'โบนัสฝากรายวัน 10%' },
    });
    await expectBooksBalanced(t.app);
  });

  test('rounds played before the bonus do not count; rounds of a member without a bonus change nothing', async () => {
    const m = await newMember(t.app);
    expect(await round(m, 'PG', 50_000)).toBe(true);
    await deposit(m, 100_000);
    clock.advance(1_000);
    expect((await keyed(m, 'GET', '/api/bonus/activate/WELCOME', 'b1')).statusCode).toBe(200);
    expect((await active(m)).bonus).toMatchObject({ amount: 50_000, turnover: { needed: 750_000, done: 0 } });
    // WELCOME counts sport bets half.
    await round(m, 'BETFLIX', 10_001);
    expect((await active(m)).bonus?.turnover.done).toBe(5_000);
  });

  test('a deposit qualifies one bonus, and none once money was withdrawn after it', async () => {
    const m = await newMember(t.app);
    await deposit(m, 50_000);
    expect((await keyed(m, 'GET', '/api/bonus/activate/DAILY10', 'q1')).statusCode).toBe(200);
    await round(m, 'PG', 165_000); // 3 × (5,000 + 50,000)
    expect((await keyed(m, 'GET', '/api/bonus/clear', 'q2')).statusCode).toBe(200);
    // The same deposit cannot be used again.
    const reused = await keyed(m, 'GET', '/api/bonus/activate/WELCOME', 'q3');
    expectError(reused, 400, 'BONUS_CONDITION');
    const min = await get<{ deposit: number; bonuses: { code: string; qualifies: boolean }[] }>(
      m,
      '/api/bonus/check/minimum',
    );
    expect(min.data.deposit).toBe(0);
    // A new deposit followed by a withdrawal does not qualify either.
    await deposit(m, 40_000);
    expect((await keyed(m, 'POST', '/api/wallet/withdraw', 'q4', { amount: 10_000 })).statusCode).toBe(200);
    expectError(await keyed(m, 'GET', '/api/bonus/activate/WELCOME', 'q5'), 400, 'BONUS_CONDITION');
    // Below the minimum: BONUS_CONDITION names it.
    await deposit(m, 9_999);
    const low = await keyed(m, 'GET', '/api/bonus/activate/WELCOME', 'q6');
    expect(body(low)).toMatchObject({ code: 'BONUS_CONDITION', minimum: '10000' });
    await deposit(m, 10_000);
    const check = await get<{ deposit: number; bonuses: { code: string; qualifies: boolean }[] }>(
      m,
      '/api/bonus/check/minimum',
    );
    expect(check.data.deposit).toBe(10_000);
    expect(check.data.bonuses).toEqual([
      { code: 'WELCOME', minimum: 10_000, qualifies: true },
      { code: 'DAILY10', minimum: 10_000, qualifies: true },
      { code: 'WEEKLY', minimum: 30_000, qualifies: false },
    ]);
  });

  test('day and week limits turn at midnight and at Monday 00:00 Bangkok time', async () => {
    clock.advance(start.getTime() + 8 * 60_000 - clock.now().getTime()); // Sunday 23:58
    const m = await newMember(t.app);
    const receive = async (code: string, dep: number, bet: number) => {
      await deposit(m, dep);
      const r = await keyed(m, 'GET', `/api/bonus/activate/${code}`, randomUUID());
      if (r.statusCode !== 200) return r;
      await round(m, 'PG', bet);
      expect(body(await keyed(m, 'GET', '/api/bonus/clear', randomUUID())).data).toMatchObject({
        finished: true,
      });
      return r;
    };
    expect((await receive('DAILY10', 10_000, 33_000)).statusCode).toBe(200);
    expectError(await receive('DAILY10', 10_000, 33_000), 409, 'BONUS_MAX_CLAIMED');
    expect((await receive('WEEKLY', 30_000, 50_000)).statusCode).toBe(200);
    expect((await receive('WEEKLY', 30_000, 50_000)).statusCode).toBe(200);
    expectError(await receive('WEEKLY', 30_000, 50_000), 409, 'BONUS_MAX_CLAIMED');
    const cards = async () =>
      (await get<{ code: string; userBonus: { received: unknown[] } | null }[]>(m, '/api/bonus')).data;
    expect((await cards()).find((b) => b.code === 'WEEKLY')?.userBonus?.received).toHaveLength(2);

    clock.advance(60_000); // 23:59: still Sunday
    expectError(await receive('DAILY10', 10_000, 33_000), 409, 'BONUS_MAX_CLAIMED');
    clock.advance(60_000); // Monday 00:00:00 Bangkok: a new day and a new week
    expect((await receive('DAILY10', 10_000, 33_000)).statusCode).toBe(200);
    expect((await receive('WEEKLY', 30_000, 50_000)).statusCode).toBe(200);
    // WELCOME is once in a lifetime.
    expect((await receive('WELCOME', 10_000, 75_000)).statusCode).toBe(200);
    expectError(await receive('WELCOME', 10_000, 75_000), 409, 'BONUS_MAX_CLAIMED');
    await expectBooksBalanced(t.app);
  });

  test('concurrent activations of the same bonus by one member credit it once', async () => {
    const m = await newMember(t.app);
    await deposit(m, 100_000);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        keyed(m, 'GET', '/api/bonus/activate/DAILY10', i < 4 ? 'same-key' : `k-${i}`),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    // The four copies of one key answer alike; every other request is refused.
    expect(new Set(ok.map((r) => body<{ _id: string }>(r).data._id)).size).toBe(1);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect(['BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED', 'BONUS_CONDITION']).toContain(body(r).code);
    expect(await walletAmount(t.app, m)).toBe(110_000);
    const credits = await t.app.ctx.db
      .selectFrom('ledger_transactions')
      .select('id')
      .where('member_id', '=', m.id)
      .where('kind', '=', 'bonus')
      .execute();
    expect(credits).toHaveLength(1);
    await expectBooksBalanced(t.app);
  });

  test('a withdrawal racing a bonus: either the bonus is refused or the withdrawal is, never both through', async () => {
    for (let i = 0; i < 5; i += 1) {
      const m = await newMember(t.app);
      await deposit(m, 100_000);
      const [w, b] = await Promise.all([
        keyed(m, 'POST', '/api/wallet/withdraw', randomUUID(), { amount: 50_000 }),
        keyed(m, 'GET', '/api/bonus/activate/DAILY10', randomUUID()),
      ]);
      expect(w.statusCode === 200 && b.statusCode === 200).toBe(false);
      if (b.statusCode === 200) {
        expectError(w, 409, 'BONUS_REMAINING');
        expect(await walletAmount(t.app, m)).toBe(110_000);
      } else {
        expectError(b, 400, 'BONUS_CONDITION'); // the deposit no longer qualifies
      }
    }
    await expectBooksBalanced(t.app);
  });

  test('cancelling unmet: percentFail is kept, the rest taken back, never below zero', async () => {
    const m = await newMember(t.app);
    await deposit(m, 100_000);
    expect((await keyed(m, 'GET', '/api/bonus/activate/DAILY10', 'x1')).statusCode).toBe(200); // +10,000
    // Money in a game while the wallet cannot cover what is taken back: move it back first.
    await call(t.app, m, 'GET', '/api/wallet/activate/PG');
    await keyed(m, 'POST', '/api/wallet/transfer', 'x2', { from: 'wallet', to: 'PG', amount: 105_000 });
    expect(await walletAmount(t.app, m)).toBe(5_000);
    const refused = await keyed(m, 'GET', '/api/bonus/clear', 'x3');
    expectError(refused, 409, 'BONUS_CONDITION');
    expect(body(refused)).toMatchObject({ field: 'games' });
    // The member loses it all in the game: the provider's balance is 0 at the next refresh.
    const acct = await t.app.games.accounts.account(m.id, 'PG');
    const sandbox = t.app.sandboxGames;
    if (!sandbox) throw new Error('sandbox games expected');
    await t.app.ctx.db
      .updateTable('sandbox_game_players')
      .set({ balance: 0 })
      .where('provider', '=', 'PG')
      .where('username', '=', acct.username)
      .execute();
    const cancelled = await keyed(m, 'GET', '/api/bonus/clear', 'x4');
    // 20 % kept = 2,000; 8,000 would go back but the wallet holds 5,000: 5,000 is taken, the wallet ends at 0.
    expect(body(cancelled).data).toEqual({ message: 'BONUS_CLEAR', finished: false, forfeited: 5_000 });
    expect(await walletAmount(t.app, m)).toBe(0);
    const lines = body<{
      statements: { statementType: string; amount: number; bonus?: { description: string } }[];
    }>(await call(t.app, m, 'POST', '/api/statement', { page: 1, limit: 10 })).data.statements;
    expect(lines[0]).toMatchObject({ statementType: 'finish_bonus', amount: 5_000 });
    await expectBooksBalanced(t.app);
  });

  test('a bonus that cannot be cancelled stays until its turnover is met', async () => {
    const m = await newMember(t.app);
    await deposit(m, 30_000);
    expect((await keyed(m, 'GET', '/api/bonus/activate/WEEKLY', 'n1')).statusCode).toBe(200);
    expect((await active(m)).bonus).toMatchObject({ cancellable: false, turnover: { needed: 50_000 } });
    expectError(await keyed(m, 'GET', '/api/bonus/clear', 'n2'), 409, 'BONUS_CONDITION');
    expectError(await keyed(m, 'GET', '/api/bonus/clear', 'n3'), 409, 'BONUS_CONDITION');
    // WEEKLY counts lotto a quarter.
    await round(m, 'HUAYHD', 200_000);
    expect(body(await keyed(m, 'GET', '/api/bonus/clear', 'n4')).data).toMatchObject({ finished: true });
  });

  test('turnover from the sandbox provider’s own rounds', async () => {
    const m = await newMember(t.app);
    await deposit(m, 100_000);
    expect((await keyed(m, 'GET', '/api/bonus/activate/DAILY10', 's1')).statusCode).toBe(200);
    await call(t.app, m, 'GET', '/api/wallet/activate/PG');
    await keyed(m, 'POST', '/api/wallet/transfer', 's2', { from: 'wallet', to: 'PG', amount: 50_000 });
    const acct = await t.app.games.accounts.account(m.id, 'PG');
    const sandbox = t.app.sandboxGames;
    if (!sandbox) throw new Error('sandbox games expected');
    await sandbox.playRound('PG', acct.username, 1_000);
    await sandbox.playRound('PG', acct.username, 2_500);
    expect((await active(m)).bonus?.turnover.done).toBe(3_500);
  });

  test('promotions: any case, once per member, up to their total, unknown ones', async () => {
    const a = await newMember(t.app);
    const found = await get<{ code?: string; percentFail?: number; description?: string }>(
      a,
      '/api/promotion/find/%20happy2027%20',
      'th',
    );
    expect(found.data).toMatchObject({ code: 'HAPPY2027', percentFail: 0 });
    expect(found.data.description).toContain('ปีใหม่');
    expect((await get(a, '/api/promotion/find/NOPE')).data).toEqual({});
    expectError(await keyed(a, 'GET', '/api/promotion/activate/NOPE', 'p0'), 404, 'NO_PROMOTION');

    const got = await keyed(a, 'GET', '/api/promotion/activate/happy2027', 'p1');
    expect(body(got).data).toMatchObject({ code: 'PROMO100', amount: 10_000 });
    expect(
      (await get<{ promotion: { code: string } | null }>(a, '/api/promotion/current')).data.promotion,
    ).toMatchObject({ code: 'HAPPY2027' });
    expect(body(await keyed(a, 'GET', '/api/bonus/clear', 'p2')).data).toMatchObject({ forfeited: 10_000 });
    expect(await walletAmount(t.app, a)).toBe(0);
    expectError(await keyed(a, 'GET', '/api/promotion/activate/HAPPY2027', 'p3'), 409, 'PROMOTION_RECEIVED');
    expect((await get<{ promotion: unknown }>(a, '/api/promotion/current')).data.promotion).toBeNull();

    // A promotion for one member only: two members at once, one gets it.
    await t.app.bonusCatalogue.savePromotion({
      code: 'ONLYONE',
      bonusCode: 'PROMO100',
      descriptions: { th: 'หนึ่ง', la: 'ໜຶ່ງ', en: 'one' },
      maxTotal: 1,
      active: true,
      startsAt: null,
      endsAt: null,
    });
    const [b, c] = [await newMember(t.app), await newMember(t.app)];
    const both = await Promise.all([
      keyed(b, 'GET', '/api/promotion/activate/onlyone', 'o1'),
      keyed(c, 'GET', '/api/promotion/activate/onlyone', 'o2'),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.map((r) => body(r).code).sort()).toEqual(['BONUS_FULL', 'SUCCESS']);

    // An ended promotion is not found.
    await t.app.bonusCatalogue.savePromotion({
      code: 'OLDONE',
      bonusCode: 'PROMO100',
      descriptions: { th: 'เก่า', la: 'ເກົ່າ', en: 'old' },
      maxTotal: null,
      active: true,
      startsAt: null,
      endsAt: new Date(clock.now().getTime() - 1).toISOString(),
    });
    expect((await get(a, '/api/promotion/find/OLDONE')).data).toEqual({});
    await expectBooksBalanced(t.app);
  });
});
