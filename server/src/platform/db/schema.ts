import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** JSON stored in a jsonb column: written as a JSON string, read back parsed. */
export type Json = ColumnType<unknown, string, string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface BanksTable {
  code: string;
  name_th: string;
  name_en: string;
  name_la: string;
  country: string;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  /** Digits of an account number at this bank (migration 0005). */
  account_no_min: Generated<number>;
  account_no_max: Generated<number>;
}

export interface LookupContentTable {
  key: string;
  /** th | la | en, or '*' for content that is not localized. */
  locale: string;
  value: Json;
  updated_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Timestamp;
}

export interface MembersTable {
  id: string;
  username: string;
  name: string;
  password_hash: string;
  status: Generated<'active' | 'inactive'>;
  bank_code: string;
  bank_account_name: string;
  bank_account_no: string;
  currency: string;
  source_code: string | null;
  invited_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  owner_type: 'member' | 'system';
  member_id: string | null;
  /** 'main' or 'game:<CODE>' for a member; a SystemAccountCode (bank_in, payouts, provider_float:PG…) otherwise. */
  code: string;
  currency: string;
  /** A system account's shard (0…SYSTEM_ACCOUNT_SHARDS−1, core/ledger/types.ts); 0 for a member's account. */
  shard: Generated<number>;
  /** Minor units. Never negative for member accounts (checked in SQL). */
  balance: Generated<number>;
  created_at: CreatedAt;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  kind: string;
  member_id: string | null;
  reference: string | null;
  idempotency_key: string | null;
  meta: ColumnType<unknown, string | undefined, never>;
  created_at: CreatedAt;
  reversal_of: number | null;
}

export interface LedgerPostingsTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  /** Signed minor units: + credits the account's balance. */
  amount: number;
  currency: string;
}

export interface IdempotencyKeysTable {
  member_id: string;
  key: string;
  method: string;
  path: string;
  request_hash: string;
  status: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  /** When the owning request started; a retry refreshes it when it takes over a stale `running` row. */
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface GameAccountsTable {
  member_id: string;
  code: string;
  username: string;
  version: Generated<number>;
  balance_checked_at: NullableTimestamp;
  created_at: CreatedAt;
}

export type MoneyStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface GameTransfersTable {
  id: string;
  member_id: string;
  code: string;
  direction: 'in' | 'out';
  amount: number;
  status: MoneyStatus;
  transaction_id: number | null;
  reversal_transaction_id: number | null;
  idempotency_key: string | null;
  operation_id: string | null;
  outcome_unknown_at: NullableTimestamp;
  failure: string | null;
  created_at: CreatedAt;
  settled_at: NullableTimestamp;
}

export interface WithdrawalsTable {
  id: string;
  member_id: string;
  amount: number;
  currency: string;
  status: MoneyStatus;
  bank_code: string;
  bank_account_no: string;
  bank_account_name: string;
  transaction_id: number;
  reversal_transaction_id: number | null;
  idempotency_key: string | null;
  operation_id: string | null;
  failure: string | null;
  created_at: CreatedAt;
  settled_at: NullableTimestamp;
}

/** A member's money operation (core/operations): its key, request hash, plan and outcome. */
export interface OperationsTable {
  id: string;
  member_id: string;
  idempotency_key: string | null;
  kind: 'transfer' | 'transfer_all' | 'withdraw' | 'withdraw_all';
  request_hash: string;
  plan: Json;
  status: 'PENDING' | 'SUCCESS' | 'PARTIAL' | 'FAILED';
  error: string | null;
  /** A refusal before anything moved (FAILED, no legs): the answer's HTTP status, message and extra fields. */
  refusal: Json | null;
  attempts: Generated<number>;
  next_attempt_at: Date | string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  settled_at: NullableTimestamp;
}

/** One leg of an operation: its step, outcome and the record that carries it (game transfer, withdrawal). */
export interface OperationLegsTable {
  operation_id: string;
  seq: number;
  step: Json;
  status: MoneyStatus;
  reference: string | null;
  error: string | null;
  created_at: CreatedAt;
  settled_at: NullableTimestamp;
}

export interface SandboxGamePlayersTable {
  provider: string;
  username: string;
  password: string;
  balance: Generated<number>;
  created_at: CreatedAt;
}

export interface SandboxGameTransfersTable {
  provider: string;
  transfer_id: string;
  username: string;
  direction: string;
  amount: number;
  outcome: Generated<'applied' | 'refused'>;
  created_at: CreatedAt;
}

export interface SandboxGameRoundsTable {
  id: Generated<number>;
  provider: string;
  username: string;
  bet: number;
  win: number;
  balance_after: number;
  created_at: CreatedAt;
}

export interface SandboxPayoutsTable {
  id: string;
  amount: number;
  currency: string;
  bank_code: string;
  bank_account_no: string;
  status: MoneyStatus;
  settle_at: Date | string;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  member_id: string;
  created_at: CreatedAt;
  expires_at: Date | string;
  revoked_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface OtpsTable {
  token: string;
  ref: string;
  phone: string;
  code_hash: string;
  created_at: Date | string;
  expires_at: Date | string;
  attempts: Generated<number>;
  verified_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface Database {
  banks: BanksTable;
  lookup_content: LookupContentTable;
  settings: SettingsTable;
  members: MembersTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  idempotency_keys: IdempotencyKeysTable;
  game_accounts: GameAccountsTable;
  game_transfers: GameTransfersTable;
  withdrawals: WithdrawalsTable;
  operations: OperationsTable;
  operation_legs: OperationLegsTable;
  sandbox_game_players: SandboxGamePlayersTable;
  sandbox_game_transfers: SandboxGameTransfersTable;
  sandbox_game_rounds: SandboxGameRoundsTable;
  sandbox_payouts: SandboxPayoutsTable;
  sessions: SessionsTable;
  otps: OtpsTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type Bank = Selectable<BanksTable>;
