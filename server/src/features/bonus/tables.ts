import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the bonus feature (migration 0007_bonus); only this feature reads or writes them. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type BigintColumn = ColumnType<number, number | undefined, number>;

export type Localized = { th: string; la: string; en: string };
export type Contributions = { slot: number; sport: number; lotto: number };
export type CurrencyAmounts = { fixed: number; cap: number; minDeposit: number };

export interface BonusDefinitionsTable {
  code: string;
  type: 'limit' | 'day' | 'week';
  max_received: number;
  reward_kind: 'percent' | 'fixed';
  percent: number;
  amounts: Json<Record<string, CurrencyAmounts>>;
  turnover_multiple: number;
  turnover_base: 'bonus' | 'bonus_deposit';
  contributions: Json<Contributions>;
  percent_fail: number;
  cancellable: boolean;
  listed: boolean;
  active: boolean;
  sort_order: number;
  names: Json<Localized>;
  banners: Json<{ image: string; html: Localized }[]>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PromotionsTable {
  code: string;
  bonus_code: string;
  descriptions: Json<Localized>;
  max_total: number | null;
  active: boolean;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface BonusActivationsTable {
  id: string;
  member_id: string;
  bonus_code: string;
  promotion_code: string | null;
  status: 'active' | 'finished' | 'cancelled';
  currency: string;
  amount: number;
  deposit: number;
  deposit_tx: number | null;
  turnover_needed: number;
  turnover_done: BigintColumn;
  bets_slot: BigintColumn;
  bets_sport: BigintColumn;
  bets_lotto: BigintColumn;
  type: 'limit' | 'day' | 'week';
  contributions: Json<Contributions>;
  percent_fail: number;
  cancellable: boolean;
  names: Json<Localized>;
  day_key: string;
  week_key: string;
  credit_tx: number;
  forfeited: BigintColumn;
  activated_at: Timestamp;
  ended_at: NullableTimestamp;
  idempotency_key: string | null;
}

export type BonusTables = {
  bonus_definitions: BonusDefinitionsTable;
  promotions: PromotionsTable;
  bonus_activations: BonusActivationsTable;
};

/** The same connection (or transaction) typed with these tables as well. */
export const bonusDb = <T extends Kysely<Database>>(db: T): Kysely<Database & BonusTables> =>
  db.withTables<BonusTables>();
