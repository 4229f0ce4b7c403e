import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the content (banners) feature (migration 0003_money_in); only this feature reads or writes them. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface BannersTable {
  id: Generated<number>;
  kind: 'invite' | 'refund';
  locale: string;
  sort_order: number;
  image: string;
  html: string;
  active: Generated<boolean>;
  updated_at: Timestamp;
}

export type BannerTables = { money_in_banners: BannersTable };

/** The same connection (or transaction) typed with these tables as well. */
export const bannersDb = <T extends Kysely<Database>>(db: T): Kysely<Database & BannerTables> =>
  db.withTables<BannerTables>();
