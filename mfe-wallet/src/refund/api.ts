import { get, post, withIdempotencyKey } from '@wallet/shared';
import type { Banner } from '../banners/api';

export interface RefundCheck {
  result: boolean;
  /** A bonus is held: refund cannot be received now. */
  bonus: boolean;
  /** Server html. */
  info: string;
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
}

export interface RefundEntry {
  refundAmount: number;
  createdAt: string;
}

export const refundApi = {
  list: (page: number, limit: number) =>
    post<{ refunds: RefundEntry[]; total: number }>('/api/refund', { page, limit }),
  check: () => get<RefundCheck>('/api/refund/check'),
  receive: (idempotencyKey?: string) =>
    get<{ message: string; refundAmount: number }>('/api/refund/receive', withIdempotencyKey(idempotencyKey)),
  toWallet: (idempotencyKey?: string) =>
    get<{ message: string; amount: number }>('/api/refund/addWallet', withIdempotencyKey(idempotencyKey)),
  banners: () => get<Banner[]>('/api/refund/banners'),
};
