import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the refund feature (migration 0003_money_in); only this feature reads or writes them. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RefundsTable {
  id: string;
  member_id: string;
  /** Start of the refund period (Monday 00:00 Asia/Bangkok), ISO date `YYYY-MM-DD`. */
  period: string;
  losses: number;
  wins: number;
  amount: number;
  created_at: CreatedAt;
  paid_at: NullableTimestamp;
  paid_ref: string | null;
}

export type RefundTables = { money_in_refunds: RefundsTable };

/** The same connection (or transaction) typed with these tables as well. */
export const refundDb = <T extends Kysely<Database>>(db: T): Kysely<Database & RefundTables> =>
  db.withTables<RefundTables>();
