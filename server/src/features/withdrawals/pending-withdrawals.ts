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
