import { post, withIdempotencyKey } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

/** A transfer answers as a money operation (common/money-operation.ts). */
export type TransferResult = ApiData<'/api/wallet/transfer', 'post'>;

/** Moves money between the main wallet and a game account. Pass the key of the member's action (one per tap). */
export const transferApi = {
  transfer: (body: ApiBody<'/api/wallet/transfer', 'post'>, idempotencyKey?: string) =>
    post<TransferResult>('/api/wallet/transfer', body, withIdempotencyKey(idempotencyKey)),
};
