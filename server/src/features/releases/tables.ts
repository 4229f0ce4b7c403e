import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the releases feature (migration 0011_remote_releases); only this feature reads or writes them. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type ReleaseTables = {
  remote_releases: {
    id: ColumnType<string, never, never>;
    folder: string;
    version: string;
    /** The stored build, relative to DATA_DIR. */
    path: string;
    released_by: string;
    released_at: Timestamp;
    active: ColumnType<boolean, boolean | undefined, boolean>;
    rolled_back_by: ColumnType<string | null, string | null | undefined, string | null>;
    rolled_back_at: NullableTimestamp;
  };
};

export const releasesDb = <T extends Kysely<Database>>(db: T): Kysely<Database & ReleaseTables> =>
  db.withTables<ReleaseTables>();
