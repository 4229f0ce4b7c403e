import { buildApp, type App } from '../src/app';
import { DEMO } from '../src/features/accounts/demo-member';
import { DEMO_SEED, seedDemo } from '../src/demo-seed';
import { loadConfig } from '../src/platform/config';
import { body, createTestApp, dbLabel, testDatabaseUrl, type TestApp } from './helpers';

/**
 * The sandbox demo's seed (`npm start`): the demo member's state as seeded, every movement in balanced ledger
 * transactions, and a second start (the same database, a new process) adds nothing.
 */

let t: TestApp;
beforeAll(async () => {
  // PGlite on disk (or the test PostgreSQL schema), so a second app can start on the same database. On disk there
  // is no template to load: PGlite's initdb and every migration run here, about 10 s alone and past the 30 s default
  // on a slow machine whose other Jest worker keeps the second core busy.
  t = await createTestApp(testDatabaseUrl ? {} : { DATABASE_URL: '' });
}, 180_000);
afterAll(async () => {
  await t.close().catch(() => undefined);
});

async function signIn(app: App): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: DEMO.username, password: DEMO.password },
  });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${body<{ token: string }>(res).data.token}`, 'accept-language': 'en' };
}

interface Statement {
  statementType: string;
  from: string;
  to: string;
  amount: number;
  status: string;
}

/** What the demo member sees, and the books. */
async function demoState(app: App) {
  const headers = await signIn(app);
  const get = async <T>(url: string, payload?: object): Promise<T> => {
    const res = await app.inject({
      method: payload ? 'POST' : 'GET',
      url,
      headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode).toBe(200);
    return body<T>(res).data;
  };
  const wallet = await get<{
    wallet: { amount: number };
    slots: { code: string; isActive: boolean; amount: number }[];
  }>('/api/wallet');
  const statement = await get<{ statements: Statement[]; total: number }>('/api/statement', {
    page: 1,
    limit: 50,
  });
  const transactions = await app.ctx.db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    spinActive: (await get<{ isActive: boolean }>('/api/spinwheel/active')).isActive,
    coins: (await get<{ userCoin: number }>('/api/spinwheel/setup')).userCoin,
    wallet: wallet.wallet.amount,
    games: Object.fromEntries(wallet.slots.filter((s) => s.isActive).map((s) => [s.code, s.amount])),
    statement: statement.statements.map((s) => `${s.statementType} ${s.from}→${s.to} ${s.amount}`).sort(),
    refund: await get<{ result: boolean; refundAmount: number; receivedAmount: number }>('/api/refund/check'),
    minimum: await get<{ deposit: number; bonuses: { code: string; qualifies: boolean }[] }>(
      '/api/bonus/check/minimum',
    ),
    transactions: Number(transactions.n),
    books: await app.ctx.ledger.trialBalance(),
    verify: await app.ctx.ledger.verify(),
  };
}

describe(`the sandbox demo's seed (${dbLabel})`, () => {
  test('the demo member: wheel on with coins, money in the wallet and three games, history, a bonus and cashback', async () => {
    expect(await seedDemo(t.app)).toEqual({ created: true, seeded: true });
    const s = await demoState(t.app);
    const { firstDeposit, lastDeposit, withdrawal, transfers, rounds } = DEMO_SEED;
    const inGames = transfers.reduce((sum, x) => sum + x.amount, 0);
    expect(s.spinActive).toBe(true);
    // The seed's coins, and those the deposits earned.
    expect(s.coins).toBeGreaterThanOrEqual(DEMO_SEED.coins);
    expect(s.wallet).toBe(firstDeposit.amount - inGames - withdrawal + lastDeposit.amount);
    const pgResult = rounds.reduce((sum, r) => sum + r.win - r.bet, 0);
    expect(s.games).toEqual({ PG: 50_000 + pgResult, JOKER: 30_000, HUAYHD: 20_000 });
    expect(s.statement).toEqual(
      [
        `deposit ${DEMO.bankCode}→wallet ${firstDeposit.amount}`,
        `deposit ${DEMO.bankCode}→wallet ${lastDeposit.amount}`,
        `transfer wallet→PG 50000`,
        `transfer wallet→JOKER 30000`,
        `transfer wallet→HUAYHD 20000`,
        `withdraw wallet→${DEMO.bankCode} ${withdrawal}`,
      ].sort(),
    );
    // Last week's net loss of 300 baht: 5 % to receive now.
    expect(s.refund).toMatchObject({ result: true, refundAmount: DEMO_SEED.cashback, receivedAmount: 0 });
    expect(DEMO_SEED.cashback).toBe(Math.floor((-pgResult * 5) / 100));
    // The last deposit (after the withdrawal) qualifies a bonus to claim, none claimed.
    const active = await t.app.inject({
      url: '/api/bonus/check/active',
      headers: await signIn(t.app),
    });
    expect(body<{ status: boolean }>(active).data.status).toBe(false);
    expect(s.minimum.deposit).toBe(lastDeposit.amount);
    expect(s.minimum.bonuses.filter((b) => b.qualifies).map((b) => b.code)).toContain('WELCOME');
    expect(s.books).toEqual({ THB: 0 });
    expect(s.verify).toEqual({ accountsOff: 0, transactionsOff: 0 });
  });

  test('a second start on the same database adds nothing', async () => {
    const first = await demoState(t.app);
    await t.app.close();
    const again = await buildApp(t.config);
    try {
      await again.ready();
      expect(await seedDemo(again)).toEqual({ created: false, seeded: false });
      const second = await demoState(again);
      // Signing in to look is no ledger transaction; nothing else moved.
      expect(second).toEqual(first);
    } finally {
      await again.close();
    }
  }, 120_000);

  test('never without the sandbox', async () => {
    const app = { ctx: { config: { sandbox: false } } } as unknown as App;
    await expect(seedDemo(app)).rejects.toThrow('sandbox');
    const env = { DATA_DIR: t.config.dataDir, DATABASE_URL: 'memory://' };
    expect(loadConfig({ ...env, SANDBOX: '0' }).demoSeed).toBe(false);
    expect(loadConfig({ ...env }).demoSeed).toBe(true);
    expect(loadConfig({ ...env, DEMO_SEED: '0' }).demoSeed).toBe(false);
    expect(() => loadConfig({ ...env, SANDBOX: '0', DEMO_SEED: '1' })).toThrow('DEMO_SEED needs the sandbox');
  });
});
