import type { Selectable, Transaction } from 'kysely';
import type { Ledger } from '../../core/ledger';
import { dayKey, weekKey } from '../../platform/bangkok-time';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { BonusDefinition, PromotionDefinition } from './definitions';
import { bonusDb, type BonusActivationsTable } from './tables';

/** What receiving a bonus asks of the member's past (docs/bonus.md): the open activation, counts, the deposit. */

type Trx = Transaction<Database>;
export type ActivationRow = Selectable<BonusActivationsTable>;

/** A deposit that can qualify a bonus: the latest one, unused by any bonus, with no withdrawal after it. */
export interface QualifyingDeposit {
  transactionId: number;
  amount: number;
  at: Date;
}

/** The member's open activation (locked with forUpdate). */
export async function activeRow(
  ex: Db | Trx,
  memberId: string,
  forUpdate = false,
): Promise<ActivationRow | undefined> {
  let q = bonusDb(ex)
    .selectFrom('bonus_activations')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'active');
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * limit: lifetime; day / week: in the current Bangkok day / week (Monday 00:00). Receipts through a promotion
 * are not counted (the promotion has its own once-per-member rule).
 */
export async function checkCount(trx: Trx, memberId: string, def: BonusDefinition, now: Date): Promise<void> {
  let q = bonusDb(trx)
    .selectFrom('bonus_activations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('bonus_code', '=', def.code)
    .where('promotion_code', 'is', null);
  if (def.type === 'day') q = q.where('day_key', '=', dayKey(now));
  if (def.type === 'week') q = q.where('week_key', '=', weekKey(now));
  const { n } = await q.executeTakeFirstOrThrow();
  if (Number(n) >= def.maxReceived) throw new AppError('BONUS_MAX_CLAIMED', 409);
}

/** Once per member; the promotion row is locked so its total holds under concurrent members. */
export async function checkPromotion(trx: Trx, memberId: string, p: PromotionDefinition): Promise<void> {
  const t = bonusDb(trx);
  await t.selectFrom('promotions').select('code').where('code', '=', p.code).forUpdate().executeTakeFirst();
  const mine = await t
    .selectFrom('bonus_activations')
    .select('id')
    .where('member_id', '=', memberId)
    .where('promotion_code', '=', p.code)
    .executeTakeFirst();
  if (mine) throw new AppError('PROMOTION_RECEIVED', 409);
  if (p.maxTotal !== null) {
    const { n } = await t
      .selectFrom('bonus_activations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('promotion_code', '=', p.code)
      .executeTakeFirstOrThrow();
    if (Number(n) >= p.maxTotal) throw new AppError('BONUS_FULL', 409);
  }
}

/** The latest deposit, when no bonus used it and no withdrawal came after it. */
export async function qualifyingDeposit(
  ledger: Ledger,
  ex: Db | Trx,
  memberId: string,
): Promise<QualifyingDeposit | null> {
  const deposit = await ledger.latestMainMovement(ex, memberId, 'deposit');
  if (!deposit || deposit.amount <= 0) return null;
  const withdraw = await ledger.latestMainMovement(ex, memberId, 'withdraw');
  if (withdraw && withdraw.transactionId > deposit.transactionId) return null;
  const used = await bonusDb(ex)
    .selectFrom('bonus_activations')
    .select('id')
    .where('deposit_tx', '=', deposit.transactionId)
    .executeTakeFirst();
  if (used) return null;
  return { transactionId: deposit.transactionId, amount: deposit.amount, at: deposit.createdAt };
}
