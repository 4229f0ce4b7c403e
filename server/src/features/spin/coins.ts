import type { Transaction } from 'kysely';
import type { PostedMovement } from '../../core/ledger';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { spinDb } from './tables';

type Ex = Db | Transaction<Database>;

/**
 * The coin rule (docs/spin.md): one coin per whole 100 baht (60,000 kip) of a deposit, at most 10 coins per
 * deposit, credited in the deposit's own transaction, once per deposit (the entry's reference is the ledger
 * transaction). A spin spends one.
 */
export const COIN_RULE = {
  perDeposit: { THB: 10_000, LAK: 60_000 } as Record<string, number>,
  maxPerDeposit: 10,
};

export function coinsForDeposit(amount: number, currency: string): number {
  const unit = COIN_RULE.perDeposit[currency];
  if (!unit || amount <= 0) return 0;
  return Math.min(COIN_RULE.maxPerDeposit, Math.floor(amount / unit));
}

/** Coin balances (spin_coins, never negative) and their entries (spin_coin_entries, each reference once). */
export class Coins {
  constructor(private readonly db: Db) {}

  async balance(memberId: string, ex: Ex = this.db): Promise<number> {
    const row = await spinDb(ex)
      .selectFrom('spin_coins')
      .select('coins')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return row?.coins ?? 0;
  }

  /** Adds coins once per reference; false when that reference was already credited. */
  async credit(
    trx: Transaction<Database>,
    memberId: string,
    coins: number,
    reason: 'deposit' | 'prize' | 'operator',
    reference: string,
    note = '',
  ): Promise<boolean> {
    if (!Number.isSafeInteger(coins) || coins <= 0) return false;
    const t = spinDb(trx);
    const entry = await t
      .insertInto('spin_coin_entries')
      .values({ member_id: memberId, delta: coins, reason, reference, note })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!entry) return false;
    await t
      .insertInto('spin_coins')
      .values({ member_id: memberId, coins })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet((eb) => ({ coins: eb('spin_coins.coins', '+', coins) })),
      )
      .execute();
    return true;
  }

  /**
   * Spends one coin (a spin), atomically: the balance row is updated only while it holds a coin, so concurrent
   * spins can never take it below zero. No coin → 400 SPIN_NO_COIN with `field: "coin"`. Returns what is left.
   */
  async spend(trx: Transaction<Database>, memberId: string, reference: string): Promise<number> {
    const t = spinDb(trx);
    const row = await t
      .updateTable('spin_coins')
      .set((eb) => ({ coins: eb('coins', '-', 1) }))
      .where('member_id', '=', memberId)
      .where('coins', '>=', 1)
      .returning('coins')
      .executeTakeFirst();
    if (!row) throw new AppError('SPIN_NO_COIN', 400, undefined, { field: 'coin' });
    await t
      .insertInto('spin_coin_entries')
      .values({ member_id: memberId, delta: -1, reason: 'spin', reference })
      .execute();
    return row.coins;
  }

  /** The deposit listener (ledger `onPosted('deposit')`): coins for a deposit, in its transaction. */
  async onDeposit(trx: Transaction<Database>, posted: PostedMovement, currency: string): Promise<void> {
    const coins = coinsForDeposit(posted.mainDelta, currency);
    if (coins > 0)
      await this.credit(trx, posted.memberId, coins, 'deposit', `deposit:${posted.transactionId}`);
  }
}
