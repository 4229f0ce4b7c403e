import { opsHttp } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

/** `GET /api/ops/bonuses` (admin, finance): every definition with its open and total activations. */
export type BonusListItem = ApiData<'/api/ops/bonuses', 'get'>[number];
/** A bonus definition as `PUT /api/ops/bonuses/{code}` takes it (and `GET` one answers it). */
export type BonusDefinition = ApiBody<'/api/ops/bonuses/{code}', 'put'>;
/** `GET /api/ops/promotions` (admin, finance): every promotion with how many members received it. */
export type PromotionListItem = ApiData<'/api/ops/promotions', 'get'>[number];
export type PromotionDefinition = ApiBody<'/api/ops/promotions/{code}', 'put'>;

const enc = encodeURIComponent;

/**
 * The operator calls of the bonus screens (session cookie and console header come with `opsHttp`). Reading one
 * definition and saving (create or replace: PUT takes the whole definition, its code is the path's) are admin's.
 */
export const bonusOpsApi = {
  bonuses: () => opsHttp.get<BonusListItem[]>('/api/ops/bonuses'),
  bonus: (code: string) => opsHttp.get<BonusDefinition>(`/api/ops/bonuses/${enc(code)}`),
  saveBonus: (definition: BonusDefinition) =>
    opsHttp.put<BonusDefinition>(`/api/ops/bonuses/${enc(definition.code)}`, definition),
  promotions: () => opsHttp.get<PromotionListItem[]>('/api/ops/promotions'),
  promotion: (code: string) => opsHttp.get<PromotionDefinition>(`/api/ops/promotions/${enc(code)}`),
  savePromotion: (promotion: PromotionDefinition) =>
    opsHttp.put<PromotionDefinition>(`/api/ops/promotions/${enc(promotion.code)}`, promotion),
};

/** The keys of the bonus screen's reads in the page's query cache (`useConsoleRead`, `useEditor`). */
export const BONUS_OPS_KEYS = {
  lists: ['ops', 'bonus', 'lists'],
  bonus: ['ops', 'bonus', 'bonus'],
  promotion: ['ops', 'bonus', 'promotion'],
} as const;
