import { opsHttp } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

/** `GET /api/ops/wheels` (admin): every wheel with its slices, each slice's chance, total weight and draws. */
export type WheelListItem = ApiData<'/api/ops/wheels', 'get'>[number];
/** A wheel as `PUT /api/ops/wheels/{id}` takes it (and `GET` one answers it). */
export type WheelDefinition = ApiBody<'/api/ops/wheels/{id}', 'put'>;
export type WheelSlice = WheelDefinition['slices'][number];
export type Prize = WheelSlice['prize'];
export type PrizeKind = Prize['kind'];

const enc = encodeURIComponent;

/**
 * The operator calls of the wheel screen (admin; session cookie and console header come with `opsHttp`). Saving
 * creates or replaces the whole wheel (its id is the path's); saving it active makes every other wheel inactive.
 */
export const wheelOpsApi = {
  wheels: () => opsHttp.get<WheelListItem[]>('/api/ops/wheels'),
  wheel: (id: string) => opsHttp.get<WheelDefinition>(`/api/ops/wheels/${enc(id)}`),
  saveWheel: (wheel: WheelDefinition) =>
    opsHttp.put<WheelDefinition>(`/api/ops/wheels/${enc(wheel.id)}`, wheel),
  /** The bonus codes a bonus prize may name (the bonus definitions of mfe-bonus's feature). */
  bonusCodes: () =>
    opsHttp
      .get<ApiData<'/api/ops/bonuses', 'get'>>('/api/ops/bonuses')
      .then((list) => list.map((b) => b.code)),
};

/** The keys of the wheel screen's reads in the page's query cache (`useConsoleRead`, `useEditor`). */
export const WHEEL_OPS_KEYS = {
  list: ['ops', 'spin', 'wheels'],
  wheel: ['ops', 'spin', 'wheel'],
  bonusCodes: ['ops', 'spin', 'bonus-codes'],
} as const;
