import type { Db } from '../../platform/db';
import type { MoneyStatus } from '../../platform/db/schema';
import type { Clock } from '../../platform/clock';

/** The bank (or payout provider) that pays withdrawals to the member's registered account. */
export interface PayoutRequest {
  id: string;
  amount: number;
  currency: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
}

/** The payout request of a withdrawal row (what the bank is asked to pay). */
export function payoutRequestOf(w: {
  id: string;
  amount: number | string;
  currency: string;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
}): PayoutRequest {
  return {
    id: w.id,
    amount: Number(w.amount),
    currency: w.currency,
    bankCode: w.bank_code,
    bankAccountNo: w.bank_account_no,
    bankAccountName: w.bank_account_name,
  };
}

export interface PayoutAdapter {
  /** Hands the payout over (idempotent by id). */
  submit(p: PayoutRequest): Promise<void>;
  /**
   * PENDING while the bank works on it; NOT_FOUND when it never reached the bank (submit again). A final answer
   * must be the bank's record of the payout: the settlement asks twice and settles only when both agree.
   */
  status(id: string): Promise<MoneyStatus | 'NOT_FOUND'>;
}

/** Sandbox off and no bank configured: payouts stay pending for operators. */
export class UnconfiguredPayoutAdapter implements PayoutAdapter {
  async submit(): Promise<void> {
    throw new Error('payout adapter not configured');
  }
  async status(): Promise<MoneyStatus | 'NOT_FOUND'> {
    return 'PENDING';
  }
}

/**
 * Sandbox bank: keeps its own table (sandbox_payouts); a payout succeeds `settleDelayMs` after submission unless
 * forced with POST /sandbox/payouts/{id}/settle.
 */
export class SandboxPayoutAdapter implements PayoutAdapter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settleDelayMs: number,
  ) {}

  async submit(p: PayoutRequest): Promise<void> {
    await this.db
      .insertInto('sandbox_payouts')
      .values({
        id: p.id,
        amount: p.amount,
        currency: p.currency,
        bank_code: p.bankCode,
        bank_account_no: p.bankAccountNo,
        status: 'PENDING',
        settle_at: new Date(this.clock.now().getTime() + this.settleDelayMs),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /**
   * What the bank's own record says. A payout due is decided SUCCESS first (when still PENDING), then the record is
   * read again: the answer is always the record, never what this call meant to write (a payout forced FAILED
   * between the read and the update stays FAILED, and is answered FAILED).
   */
  async status(id: string): Promise<MoneyStatus | 'NOT_FOUND'> {
    const read = () =>
      this.db
        .selectFrom('sandbox_payouts')
        .select(['status', 'settle_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    const row = await read();
    if (!row) return 'NOT_FOUND';
    if (row.status === 'PENDING' && new Date(row.settle_at).getTime() <= this.clock.now().getTime()) {
      await this.force(id, 'SUCCESS');
      return (await read())?.status ?? 'NOT_FOUND';
    }
    return row.status;
  }

  /** Decides a pending payout now (sandbox endpoint). False when it is unknown or already decided. */
  async force(id: string, outcome: 'SUCCESS' | 'FAILED'): Promise<boolean> {
    const res = await this.db
      .updateTable('sandbox_payouts')
      .set({ status: outcome })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }
}
