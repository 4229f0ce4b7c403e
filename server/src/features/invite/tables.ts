import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the invite feature (migration 0003_money_in); only this feature reads or writes them. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface InviteRewardsTable {
  /** One row per invitee, written at the invitee's first deposit. */
  invitee_id: string;
  inviter_id: string;
  first_deposit: number;
  amount: number;
  qualified: boolean;
  claim_id: string | null;
  created_at: CreatedAt;
  claimed_at: NullableTimestamp;
}

export type InviteTables = { money_in_invite_rewards: InviteRewardsTable };

/** The same connection (or transaction) typed with these tables as well. */
export const inviteDb = <T extends Kysely<Database>>(db: T): Kysely<Database & InviteTables> =>
  db.withTables<InviteTables>();
