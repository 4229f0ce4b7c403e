import type { Db } from '../../platform/db';

/** How many game transfers wait for reconciliation (GET /api/ops/ledger/check). */
export async function pendingTransferCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('game_transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
