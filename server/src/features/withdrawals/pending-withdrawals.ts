import type { Db } from '../../platform/db';

/** How many withdrawals wait for the payout adapter (GET /api/ops/ledger/check). */
export async function pendingWithdrawalCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many withdrawals wait for the payout adapter and since when the oldest (metrics; the pending index). */
export async function pendingWithdrawals(db: Db): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('withdrawals')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest === null ? null : new Date(row.oldest) };
}
