import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the operators feature (migration 0010_operators); only this feature reads or writes them. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | null | undefined, never>;

export const ROLES = ['admin', 'finance', 'support'] as const;
export type Role = (typeof ROLES)[number];
export type SessionStage = 'password' | 'enrol' | 'full';

export type OperatorTables = {
  operators: {
    id: string;
    username: string;
    role: Role;
    password_hash: string;
    status: ColumnType<'active' | 'disabled', 'active' | 'disabled' | undefined, 'active' | 'disabled'>;
    totp_secret: string | null;
    totp_enabled: ColumnType<boolean, boolean | undefined, boolean>;
    totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  operator_recovery_codes: {
    operator_id: string;
    code_hash: string;
    used_at: NullableTimestamp;
  };
  operator_sessions: {
    id: string;
    operator_id: string;
    stage: SessionStage;
    failed_codes: ColumnType<number, number | undefined, number>;
    created_at: Timestamp;
    last_seen_at: Timestamp;
    expires_at: Timestamp;
    revoked_at: NullableTimestamp;
    ip: string | null;
    user_agent: string | null;
  };
  audit_log: {
    id: Generated<number>;
    at: Timestamp;
    operator_id: string | null;
    actor: string;
    role: string;
    action: string;
    target: string | null;
    before: Json;
    after: Json;
    ip: string | null;
  };
};

export const operatorsDb = <T extends Kysely<Database>>(db: T): Kysely<Database & OperatorTables> =>
  db.withTables<OperatorTables>();
