import type { Kysely, Transaction } from 'kysely';
import type { Database } from './db/schema';

/**
 * Holds on a member's money: something that keeps money in the wallet until a condition is met (an open bonus
 * turnover, docs/bonus.md). Features that let money leave (withdrawals, the refund's move to the wallet, money
 * prizes of the wheel) ask `ctx.holds.find(ex, memberId)` and refuse with their own code while one is found; the
 * feature that owns the condition installs its check with `add`. Asked inside the money transaction (after the
 * member's wallet is locked) it cannot race with the hold being opened.
 */
export interface MemberHold {
  /** What holds the money, e.g. `bonus`. */
  kind: string;
  /** The holding record (the bonus activation id). */
  id: string;
}

export type HoldCheck = (
  ex: Kysely<Database> | Transaction<Database>,
  memberId: string,
) => Promise<MemberHold | null>;

export class MemberHolds {
  private readonly checks: HoldCheck[] = [];

  add(check: HoldCheck): void {
    this.checks.push(check);
  }

  /** The first hold found on the member's money, or null. */
  async find(ex: Kysely<Database> | Transaction<Database>, memberId: string): Promise<MemberHold | null> {
    for (const check of this.checks) {
      const hold = await check(ex, memberId);
      if (hold) return hold;
    }
    return null;
  }
}
