import { get, post, withIdempotencyKey } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

/** `GET /api/spinwheel/setup`: the active wheel (or `null`), the member's coins and the next spin's commitment. */
export type SpinSetup = ApiData<'/api/spinwheel/setup', 'get'>;
export type Wheel = NonNullable<SpinSetup['activeSpinwheel']>;
export type Slice = Wheel['slice'][number];
/** `POST /api/spinwheel/spin`: the sector the server drew and what is left of the coins. */
export type SpinAnswer = ApiData<'/api/spinwheel/spin', 'post'>;
export type SpinOutcome = SpinAnswer['result'];
/** `GET /api/spinwheel/coupon`: the member's claimable coupons. */
export type Coupon = ApiData<'/api/spinwheel/coupon', 'get'>[number];
export type PrizeKind = Coupon['prize']['kind'];
/** `POST /api/spinwheel/coupon/claim`. */
export type ClaimAnswer = ApiData<'/api/spinwheel/coupon/claim', 'post'>;
/** The member's profile: its `currency` says how money prizes read (THB satang, LAK whole kip). */
export type Profile = ApiData<'/api/account/profile', 'get'>;

export const spinApi = {
  setup: () => get<SpinSetup>('/api/spinwheel/setup'),
  /** One spin; `idempotencyKey` is fresh for each tap on the wheel's button. */
  spin: (idempotencyKey: string) =>
    post<SpinAnswer>('/api/spinwheel/spin', {}, withIdempotencyKey(idempotencyKey)),
  coupons: () => get<Coupon[]>('/api/spinwheel/coupon'),
  /**
   * Claims a coupon. Keep `idempotencyKey` while the same confirmation is retried after a lost answer (the server
   * credits once and answers a retry with the first answer); a new confirmation gets a new key.
   */
  claim: (couponId: string, idempotencyKey: string) =>
    post<ClaimAnswer>(
      '/api/spinwheel/coupon/claim',
      { coupon: couponId },
      withIdempotencyKey(idempotencyKey),
    ),
  profile: () => get<Profile>('/api/account/profile'),
};
