import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { isAppError } from '../src/platform/errors';
import { createTestApp, dbLabel, fund, memberWithToken, testDatabaseUrl, type TestApp } from './helpers';

/**
 * Postings racing on one wallet near empty (docs/ledger.md "Two statements per posting"): debits through
 * `Ledger.post` (the TypeScript path: withdrawals, bonuses, deposits) while `ledger_write` called as the game legs'
 * functions call it (a PL/pgSQL expression, then `ledger_refuse` unless posted) moves money between the wallet and a game in both directions. A debit the wallet cannot
 * cover is refused with MONEY_NOT_ENOUGH; it must never reach the balance's CHECK constraint, as it did when
 * `Ledger.post` locked and wrote in one statement (a 500 for the member). Concurrency needs PostgreSQL: PGlite runs
 * one statement at a time, so this suite runs only there.
 */

const onPostgres = testDatabaseUrl ? describe : describe.skip;
const SECONDS = 3;

let t: TestApp;
let memberId: string;

beforeAll(async () => {
  if (!testDatabaseUrl) return;
  t = await createTestApp({ JOB_INTERVAL_MS: '0' });
  ({ memberId } = await memberWithToken(t.app));
  await fund(t.app, memberId, 1_000_000);
});
afterAll(() => t?.close());

onPostgres(`ledger postings racing on one wallet (${dbLabel})`, () => {
  it('refuses a debit the wallet cannot cover with MONEY_NOT_ENOUGH, never with a constraint error', async () => {
    const { db, ledger } = t.app.ctx;
    const accountId = async (code: string) =>
      Number(
        (await sql<{ id: string }>`select ledger_member_account(${memberId}, ${code}) as id`.execute(db))
          .rows[0]?.id,
      );
    const main = await accountId('main');
    const game = await accountId('game:PG');
    const end = Date.now() + SECONDS * 1000;
    const unexpected: string[] = [];
    const refused = { withdraw: 0, move: 0 };
    let debited = 0;
    const refusal = (e: unknown) =>
      (isAppError(e) && e.code === 'MONEY_NOT_ENOUGH') ||
      (typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'WL400');
    const loop = async (step: () => Promise<unknown>, kind: keyof typeof refused) => {
      while (Date.now() < end) {
        try {
          await step();
        } catch (e) {
          if (refusal(e)) refused[kind] += 1;
          else unexpected.push(e instanceof Error ? e.message : String(e));
        }
      }
    };
    // The game path: wallet → game or game → wallet, posted as game_leg_start / game_leg_settle post.
    const move = (from: number, to: number) => async () => {
      const amount = randomInt(1_000, 61_000);
      const reference = `race-${randomUUID()}`;
      await sql`select w.o_id, ledger_refuse(w.o_state, ${reference}) from ledger_write('transfer', ${memberId},
        ${reference}, null, '{}'::jsonb, null, array[${from}::bigint, ${to}::bigint],
        array[${-amount}::bigint, ${amount}::bigint], null, null) w where w.o_state <> 'posted'`.execute(db);
    };
    // The TypeScript path: a withdrawal's debit of the wallet, in its own transaction.
    const withdraw = async () => {
      await db.transaction().execute((trx) =>
        ledger.debitMember(trx, {
          memberId,
          amount: randomInt(1_000, 61_000),
          kind: 'withdraw',
          to: 'payouts',
          reference: randomUUID(),
        }),
      );
      debited += 1;
    };
    await Promise.all([
      loop(move(main, game), 'move'),
      loop(move(main, game), 'move'),
      loop(move(game, main), 'move'),
      loop(move(game, main), 'move'),
      loop(withdraw, 'withdraw'),
      loop(withdraw, 'withdraw'),
    ]);

    expect(unexpected).toEqual([]);
    // The race ran where it matters: withdrawals went through until the wallet ran dry, then were refused.
    expect(debited).toBeGreaterThan(0);
    expect(refused.withdraw).toBeGreaterThan(0);
    expect(await ledger.trialBalance()).toEqual({ THB: 0 });
    expect(await ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  });
});
