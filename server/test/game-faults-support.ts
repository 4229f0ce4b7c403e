import type { App } from '../src/app';

/** What the game-fault suites read: a transfer's answer, and the member's books on both sides of the providers. */

export interface Leg {
  type: string;
  from: string;
  to: string;
  amount: number;
  status: string;
  error: string | null;
}
export interface TransferData {
  status: string;
  transferId: string;
  operation: { id: string; status: string; error: string | null; legs: Leg[] };
}

/** Our main + game mirrors (JOKER2 and PG), the provider's own balances, and the transfers still pending. */
export async function gameBooks(app: App, memberId: string, username: string) {
  const { ledger, db } = app.ctx;
  const balances = await ledger.memberBalances(db, memberId);
  const provider = async (code: string) => (await app.sandboxGames!.player(code, username)).balance;
  const pending = await db
    .selectFrom('game_transfers')
    .select('id')
    .where('status', '=', 'PENDING')
    .execute();
  return {
    main: balances.main ?? 0,
    mirror: balances['game:JOKER2'] ?? 0,
    pgMirror: balances['game:PG'] ?? 0,
    provider: await provider('JOKER2'),
    pgProvider: await provider('PG'),
    pending: pending.length,
  };
}

/** The invariants that say nothing was lost: nothing pending, mirrors = providers, `funded` in all, books balanced. */
export async function expectGameBooksWhole(app: App, memberId: string, username: string, funded: number) {
  const b = await gameBooks(app, memberId, username);
  expect(b.pending).toBe(0);
  expect([b.mirror, b.pgMirror]).toEqual([b.provider, b.pgProvider]);
  expect(b.main + b.provider + b.pgProvider).toBe(funded);
  expect(await app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  expect(await app.ctx.ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  return b;
}
