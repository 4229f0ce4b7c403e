import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the spin feature (migration 0008_spin); only this feature reads or writes them. */
type Json<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type Localized = { th: string; la: string; en: string };

/** What a slice gives. Money amounts per wallet currency (minor units). */
export type Prize =
  | { kind: 'money'; amounts: Record<string, number> }
  | { kind: 'coins'; coins: number }
  | { kind: 'bonus'; bonusCode: string }
  | { kind: 'none' };

export interface WheelSlice {
  code: string;
  label: Localized;
  bgColor: string;
  textColor: string;
  htmlDescription: Localized;
  weight: number;
  prize: Prize;
}

/** A prize as a coupon keeps it: the slice's label and what it gives to this member. */
export interface CouponPrize {
  kind: 'money' | 'coins' | 'bonus';
  sliceCode: string;
  label: Localized;
  /** money: minor units of the member's currency; coins: coins; bonus: 0 (the bonus decides). */
  amount: number;
  currency: string;
  bonusCode: string | null;
}

export type SpinTables = {
  spin_wheels: {
    id: string;
    names: Json<Localized>;
    slices: Json<WheelSlice[]>;
    active: boolean;
    updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  };
  spin_coins: { member_id: string; coins: ColumnType<number, number | undefined, number> };
  spin_coin_entries: {
    id: ColumnType<number, never, never>;
    member_id: string;
    delta: number;
    reason: 'deposit' | 'spin' | 'prize' | 'operator';
    reference: string;
    note: ColumnType<string, string | undefined, never>;
    created_at: ColumnType<Date, Date | string | undefined, never>;
  };
  spin_seeds: {
    id: string;
    member_id: string;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    next_nonce: ColumnType<number, number | undefined, number>;
    created_at: Timestamp;
    revealed_at: NullableTimestamp;
  };
  spin_draws: {
    id: string;
    member_id: string;
    wheel_id: string;
    seed_id: string;
    nonce: number;
    weights: Json<number[]>;
    codes: Json<string[]>;
    slice_index: number;
    slice_code: string;
    prize: Json<Prize>;
    created_at: Timestamp;
  };
  spin_coupons: {
    id: string;
    member_id: string;
    draw_id: string;
    prize: Json<CouponPrize>;
    status: 'claimable' | 'claimed';
    expires_at: Timestamp;
    claimed_at: NullableTimestamp;
    created_at: Timestamp;
  };
};

export const spinDb = <T extends Kysely<Database>>(db: T): Kysely<Database & SpinTables> =>
  db.withTables<SpinTables>();
