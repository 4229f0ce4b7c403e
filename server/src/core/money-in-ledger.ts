import type { Transaction } from 'kysely';
import type { Ledger } from './ledger';
import type { Database } from '../platform/db/schema';

/** What the money-in features (deposits, invite, refund) ask of the ledger: credits into a member's wallet from an operator account. */
export type MoneyInKind = 'deposit' | 'invite' | 'refund';
export type MoneyInSource = 'bank_in' | 'payment_channels' | 'invite_expense' | 'refund_expense';

export interface CreditRequest {
  memberId: string;
  /** Minor units, > 0. */
  amount: number;
  kind: MoneyInKind;
  from: MoneyInSource;
  /** Unique per kind: a second credit with the same (kind, reference) posts nothing. */
  reference: string;
  meta?: Record<string, string | number | boolean | null>;
}

export interface MoneyInLedger {
  credit(trx: Transaction<Database>, req: CreditRequest): Promise<void>;
  /** Locks the member's main wallet until the transaction ends (checks after it cannot race a posting). */
  lockMain(trx: Transaction<Database>, memberId: string): Promise<void>;
}

/** The port over the core ledger: credits of a member's main wallet. */
export function moneyLedger(ledger: Ledger): MoneyInLedger {
  return {
    credit: async (trx, req) => {
      await ledger.creditMember(trx, {
        memberId: req.memberId,
        amount: req.amount,
        kind: req.kind,
        from: req.from,
        reference: req.reference,
        ...(req.meta ? { meta: req.meta } : {}),
      });
    },
    lockMain: (trx, memberId) => ledger.lockMain(trx, memberId),
  };
}
