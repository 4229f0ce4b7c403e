import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Types of the ledger (docs/ledger.md): kinds, account references, inputs and results. */

export type DB = Database;

export type LedgerKind =
  | 'deposit'
  | 'withdraw'
  | 'withdraw_reversal'
  | 'transfer'
  | 'transfer_reversal'
  | 'game_win'
  | 'game_loss'
  | 'bonus'
  | 'finish_bonus'
  | 'invite'
  | 'refund'
  | 'spin_prize'
  | 'adjustment';

export const LEDGER_KINDS: readonly LedgerKind[] = [
  'deposit',
  'withdraw',
  'withdraw_reversal',
  'transfer',
  'transfer_reversal',
  'game_win',
  'game_loss',
  'bonus',
  'finish_bonus',
  'invite',
  'refund',
  'spin_prize',
  'adjustment',
];

export type SystemAccountCode =
  | 'bank_in'
  | 'payment_channels'
  | 'payouts'
  | 'bonus_expense'
  | 'invite_expense'
  | 'refund_expense'
  | 'spin_expense'
  /** Operators' manual adjustments of members' wallets (the other side of every kind adjustment posting). */
  | 'adjustments'
  | `provider_float:${string}`;

export type MemberAccountCode = 'main' | `game:${string}`;

/**
 * A system account is kept as SYSTEM_ACCOUNT_SHARDS rows (shards 0…7) whose balances together are its balance:
 * every transaction that moves it would otherwise wait for the one before on its one row (withdrawals on
 * `payouts`). A posting goes to the shard of its transaction's reference (the same shard when it is posted again);
 * `shard` unset when reading a balance: all of them.
 */
export const SYSTEM_ACCOUNT_SHARDS = 8;

export type AccountRef =
  | { member: string; code: MemberAccountCode }
  | { system: SystemAccountCode; currency: string; shard?: number };

/** Signed minor units; + credits the account's balance. */
export interface PostingInput {
  account: AccountRef;
  amount: number;
}

export interface PostInput {
  kind: LedgerKind;
  memberId: string | null;
  postings: PostingInput[];
  /** Unique per kind: a second post with the same (kind, reference) returns the first one's id. */
  reference?: string;
  meta?: Record<string, unknown>;
  /** The transaction this one reverses (at most one reversal per transaction). */
  reversalOf?: string;
  /** The member's Idempotency-Key of the request that caused this transaction (for audits and tests). */
  idempotencyKey?: string;
}

export interface PostResult {
  transactionId: string;
  duplicate: boolean;
}

export interface MemberMovement {
  memberId: string;
  /** Minor units, > 0. */
  amount: number;
  kind: LedgerKind;
  reference?: string;
  meta?: Record<string, unknown>;
  idempotencyKey?: string;
}

export type Executor = Kysely<DB> | Transaction<DB>;

export interface AccountRow {
  id: number;
  owner_type: 'member' | 'system';
  member_id: string | null;
  code: string;
  currency: string;
  /** 0 for a member's account; a system account's shard. */
  shard: number;
  balance: number;
}

export const isMemberRef = (ref: AccountRef): ref is { member: string; code: MemberAccountCode } =>
  'member' in ref;

export const refKey = (ref: AccountRef): string =>
  isMemberRef(ref) ? `m:${ref.member}:${ref.code}` : `s:${ref.system}:${ref.currency}:${ref.shard ?? 0}`;

export const rowKey = (row: Pick<AccountRow, 'member_id' | 'code' | 'currency' | 'shard'>): string =>
  row.member_id !== null ? `m:${row.member_id}:${row.code}` : `s:${row.code}:${row.currency}:${row.shard}`;

/** Thrown for a programming error in the postings (unbalanced, zero, not an integer): never a member's fault. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}
