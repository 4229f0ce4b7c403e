import { get, withIdempotencyKey } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

/** `GET /api/bonus`: the bonuses the member may see, each with the member's receipts of it. */
export type BonusList = ApiData<'/api/bonus', 'get'>;
export type Bonus = BonusList[number];
export type BonusType = Bonus['type'];
/** `GET /api/bonus/check/active`: the member's open bonus, if any, with its turnover progress. */
export type ActiveCheck = ApiData<'/api/bonus/check/active', 'get'>;
export type ActiveBonus = NonNullable<ActiveCheck['bonus']>;
/** What receiving a bonus (or a promotion's bonus) answers. */
export type Activation = ApiData<'/api/bonus/activate/{code}', 'get'>;
export type ClearResult = ApiData<'/api/bonus/clear', 'get'>;
/** `GET /api/promotion/find/{code}`: the promotion, or `{}` when no promotion has that code. */
export type PromotionFind = ApiData<'/api/promotion/find/{code}', 'get'>;
export type Promotion = Extract<PromotionFind, { code: string }>;
export type Notice = ApiData<'/api/lookup/notice', 'get'>;

const enc = encodeURIComponent;

export const bonusApi = {
  list: () => get<BonusList>('/api/bonus'),
  checkActive: () => get<ActiveCheck>('/api/bonus/check/active'),
  /** Receives the bonus; `idempotencyKey` is fresh for each tap on "receive". */
  activate: (code: string, idempotencyKey: string) =>
    get<Activation>(`/api/bonus/activate/${enc(code)}`, withIdempotencyKey(idempotencyKey)),
  /** Ends the open bonus: finished when its turnover is met, else cancelled (part of it taken back). */
  clear: (idempotencyKey: string) => get<ClearResult>('/api/bonus/clear', withIdempotencyKey(idempotencyKey)),
  findPromotion: (code: string) => get<PromotionFind>(`/api/promotion/find/${enc(code)}`),
  activatePromotion: (code: string, idempotencyKey: string) =>
    get<ApiData<'/api/promotion/activate/{code}', 'get'>>(
      `/api/promotion/activate/${enc(code)}`,
      withIdempotencyKey(idempotencyKey),
    ),
  /** The notice under a bonus: its text holds the `{percentFail}` placeholder. */
  notice: () => get<Notice>('/api/lookup/notice'),
};

/** A found promotion, as opposed to the empty answer for an unknown code. */
export function isPromotion(found: PromotionFind | null | undefined): found is Promotion {
  return (
    typeof found === 'object' && found !== null && typeof (found as { code?: unknown }).code === 'string'
  );
}
