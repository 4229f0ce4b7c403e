import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  body,
  createTestApp,
  dbLabel,
  fund,
  memberWithToken,
  setSetting,
  testDatabaseUrl,
  type TestApp,
} from './helpers';

/**
 * What a game transfer costs the database (issue 11: the fewest statements and transactions that keep its
 * guarantees), counted at the driver, and the guarantee that the fewer statements must not lose: parallel
 * transfers out of one game never take more than it holds.
 */

let t: TestApp;
let token: string;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0', OPERATION_GRACE_MS: '0' });
  await setSetting(t.app, 'registerOTP', false);
  ({ memberId, token } = await memberWithToken(t.app));
  await fund(t.app, memberId, 1_000_000);
  const res = await t.app.inject({
    url: '/api/wallet/activate/PG',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
});
afterAll(() => t.close());

let keySeq = 0;
const transfer = (from: string, to: string, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `cost-${(keySeq += 1)}` },
    payload: { from, to, amount },
  });

/** The SQL text of every statement sent to the database while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const record = (q: unknown) => {
    const text = typeof q === 'string' ? q : (q as { text?: string } | null)?.text;
    if (typeof text === 'string') seen.push(text.trim().toLowerCase());
  };
  const spy = testDatabaseUrl
    ? jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        record(args[0]);
        return original.apply(this, args as never);
      } as typeof pg.Client.prototype.query)
    : jest.spyOn(PGlite.prototype, 'query').mockImplementation(function (this: PGlite, ...args: unknown[]) {
        record(args[0]);
        return originalLite.apply(this, args as never);
      } as typeof PGlite.prototype.query);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return seen;
}
const original = pg.Client.prototype.query;
const originalLite = PGlite.prototype.query;

describe(`game transfer cost (${dbLabel})`, () => {
  test('wallet → game: one transaction and at most 10 statements, provider included', async () => {
    await transfer('wallet', 'PG', 10_000); // warm caches (currency, session)
    const sent = await statementsOf(async () => {
      const res = await transfer('wallet', 'PG', 10_000);
      expect(body<{ status: string }>(res).data.status).toBe('SUCCESS');
    });
    expect(sent.filter((s) => s === 'begin').length).toBe(1);
    // On failure the statements are printed.
    expect(sent.length <= 10 ? [] : sent).toEqual([]);
  });

  test('game → wallet: two transactions and at most 15 statements, provider included', async () => {
    const sent = await statementsOf(async () => {
      const res = await transfer('PG', 'wallet', 10_000);
      expect(body<{ status: string }>(res).data.status).toBe('SUCCESS');
    });
    expect(sent.filter((s) => s === 'begin').length).toBe(2);
    expect(sent.length <= 15 ? [] : sent).toEqual([]);
  });

  test('parallel transfers out of one game take at most what it holds; mirror = provider balance', async () => {
    const game = { member: memberId, code: 'game:PG' } as const;
    const held = await t.app.ctx.ledger.balance(t.app.ctx.db, game);
    expect(held).toBeGreaterThanOrEqual(10_000);
    const amount = Math.floor(held / 3) + 1; // two fit, three do not
    const answers = await Promise.all(Array.from({ length: 6 }, () => transfer('PG', 'wallet', amount)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBe(2);
    for (const r of answers.filter((a) => a.statusCode !== 200)) {
      expect(body(r).code).toBe('MONEY_NOT_ENOUGH');
    }
    expect(await t.app.ctx.ledger.balance(t.app.ctx.db, game)).toBe(held - 2 * amount);
    const player = await t.app.ctx.db
      .selectFrom('sandbox_game_players')
      .select('balance')
      .where('provider', '=', 'PG')
      .executeTakeFirstOrThrow();
    expect(Number(player.balance)).toBe(held - 2 * amount);
    // The check ran under the game account's lock on what was committed before it: no transfer the mirror could
    // not cover reached the provider.
    const refused = await t.app.ctx.db
      .selectFrom('sandbox_game_transfers')
      .select('transfer_id')
      .where('outcome', '=', 'refused')
      .execute();
    expect(refused).toEqual([]);
    expect(Object.values(await t.app.ctx.ledger.trialBalance()).every((v) => v === 0)).toBe(true);
    expect(await t.app.ctx.ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  });
});
