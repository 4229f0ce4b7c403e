import pg from 'pg';
import { PGliteConnection } from '../src/platform/db/pglite-dialect';
import { PREPARED } from '../src/platform/db/prepared';
import {
  body,
  createTestApp,
  dbLabel,
  playerWithMoney,
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
  ({ memberId, token } = await playerWithMoney(t.app, 1_000_000));
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
    if (typeof text === 'string') seen.push(text.replace(PREPARED, '').trim().toLowerCase());
  };
  const spy = testDatabaseUrl
    ? jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
        this: pg.Client,
        ...args: unknown[]
      ) {
        record(args[0]);
        return original.apply(this, args as never);
      } as typeof pg.Client.prototype.query)
    : // PGlite's session: every statement, prepared (protocol messages) or not (PGlite's query).
      jest.spyOn(PGliteConnection.prototype, 'executeQuery').mockImplementation(function (
        this: PGliteConnection,
        ...args: unknown[]
      ) {
        record((args[0] as { sql: string }).sql);
        return originalLite.apply(this, args as never);
      } as typeof PGliteConnection.prototype.executeQuery);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return seen;
}
/** The member's main wallet and PG mirror in the ledger. */
const balances = async () => ({
  wallet: await t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' }),
  game: await t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'game:PG' }),
});
/** The wallet and the PG slot a transfer's answer shows. */
const shown = (res: Parameters<typeof body>[0]) => {
  const data = body<{ wallet: { amount: number }; slots: { code: string; amount: number }[] }>(res).data;
  return { wallet: data.wallet.amount, game: data.slots.find((s) => s.code === 'PG')?.amount };
};
const original = pg.Client.prototype.query;
const originalLite = PGliteConnection.prototype.executeQuery;

describe(`game transfer cost (${dbLabel})`, () => {
  test('wallet → game: no explicit transaction and at most 3 statements, provider included', async () => {
    await transfer('wallet', 'PG', 10_000); // warm caches (currency, session)
    const before = await balances();
    const sent = await statementsOf(async () => {
      const res = await transfer('wallet', 'PG', 10_000);
      expect(body<{ status: string }>(res).data.status).toBe('SUCCESS');
      // The answer shows the wallet and the game as they are after the transfer.
      expect(shown(res)).toEqual({ wallet: before.wallet - 10_000, game: before.game + 10_000 });
    });
    expect(await balances()).toEqual({ wallet: before.wallet - 10_000, game: before.game + 10_000 });
    // Each statement commits on its own: the operation, its leg and the posting in one function call.
    expect(sent.filter((s) => s === 'begin').length).toBe(0);
    // On failure the statements are printed.
    expect(sent.length <= 3 ? [] : sent).toEqual([]);
  });

  test('game → wallet: no explicit transaction and at most 3 statements, provider included', async () => {
    const before = await balances();
    const sent = await statementsOf(async () => {
      const res = await transfer('PG', 'wallet', 10_000);
      expect(body<{ status: string }>(res).data.status).toBe('SUCCESS');
      expect(shown(res)).toEqual({ wallet: before.wallet + 10_000, game: before.game - 10_000 });
    });
    expect(await balances()).toEqual({ wallet: before.wallet + 10_000, game: before.game - 10_000 });
    expect(sent.filter((s) => s === 'begin').length).toBe(0);
    expect(sent.length <= 3 ? [] : sent).toEqual([]);
  });

  test('game → game whose second leg waits on the provider: the answer shows the wallet as it is', async () => {
    const joker = await t.app.inject({
      url: '/api/wallet/activate/JOKER',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(joker.statusCode).toBe(200);
    const fault = (mode: string) =>
      t.app.inject({ method: 'POST', url: '/sandbox/games/JOKER/faults', payload: { mode } });
    expect((await fault('unknown')).statusCode).toBe(200);
    try {
      expect((await transfer('wallet', 'PG', 10_000)).statusCode).toBe(200);
      const before = await balances();
      const res = await transfer('PG', 'JOKER', 10_000);
      expect(body<{ status: string }>(res).data.status).toBe('PENDING');
      // Out of PG into the wallet (settled), then into JOKER (posted, pending at the provider): not in the wallet.
      expect(shown(res)).toEqual({ wallet: before.wallet, game: before.game - 10_000 });
      expect(await balances()).toEqual({ wallet: before.wallet, game: before.game - 10_000 });
    } finally {
      await fault('ok');
    }
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
