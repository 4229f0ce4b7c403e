import { get, post, withIdempotencyKey } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

export type RefundCheck = ApiData<'/api/refund/check', 'get'>;
export type RefundList = ApiData<'/api/refund', 'post'>;
export type RefundEntry = RefundList['refunds'][number];

export const refundApi = {
  list: (page: number, limit: number) => post<RefundList>('/api/refund', { page, limit }),
  check: () => get<RefundCheck>('/api/refund/check'),
  receive: (idempotencyKey?: string) =>
    get<ApiData<'/api/refund/receive', 'get'>>('/api/refund/receive', withIdempotencyKey(idempotencyKey)),
  toWallet: (idempotencyKey?: string) =>
    get<ApiData<'/api/refund/addWallet', 'get'>>('/api/refund/addWallet', withIdempotencyKey(idempotencyKey)),
  banners: () => get<ApiData<'/api/refund/banners', 'get'>>('/api/refund/banners'),
};
