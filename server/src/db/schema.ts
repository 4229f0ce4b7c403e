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
  coin: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface LedgerAccountsTable {
  id: Generated<number>;
  owner_type: 'member' | 'system';
  member_id: string | null;
  /** 'main' for a member's wallet; later e.g. 'game:PG', or system accounts such as 'cash:KBANK'. */
  code: string;
  currency: string;
  /** Minor units. Never negative for member accounts (checked in SQL). */
  balance: Generated<number>;
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
  sessions: SessionsTable;
  otps: OtpsTable;
}

export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type Bank = Selectable<BanksTable>;
