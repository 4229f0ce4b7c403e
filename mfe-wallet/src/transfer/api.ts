import { post, withIdempotencyKey } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

/** `"wallet"` is the main wallet; any other value is a game code. */
export type WalletAccountCode = string;
export const MAIN_WALLET: WalletAccountCode = 'wallet';

/**
 * A transfer answers as a money operation (docs/wallet-api.md): SUCCESS; PENDING (a provider has not answered,
 * reconciliation settles it); PARTIAL (some legs moved money and others failed: the legs say which).
 */
export type TransferResult = ApiData<'/api/wallet/transfer', 'post'>;
export type MoneyOperation = TransferResult['operation'];
export type OperationLeg = MoneyOperation['legs'][number];

/** Moves money between the main wallet and a game account. Pass the key of the member's action (one per tap). */
export const transferApi = {
  transfer: (body: ApiBody<'/api/wallet/transfer', 'post'>, idempotencyKey?: string) =>
    post<TransferResult>('/api/wallet/transfer', body, withIdempotencyKey(idempotencyKey)),
};
