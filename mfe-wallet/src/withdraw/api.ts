import { get, post, withIdempotencyKey } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

export type WithdrawLimits = ApiData<'/api/lookup/withdraw', 'get'>;

/**
 * withdrawAll answers as a money operation (docs/wallet-api.md): SUCCESS (the bank's part in `withdrawal`,
 * usually PENDING until the bank pays); PENDING (a game has not answered yet, the withdrawal follows); PARTIAL
 * (a game kept its money: the legs say what moved).
 */
export type WithdrawResult = ApiData<'/api/wallet/withdrawAll', 'post'>;

export const withdrawApi = {
  /** The operator's limits (spec §7 lookup), minor units. */
  limits: () => get<WithdrawLimits>('/api/lookup/withdraw'),
  /** Collects every game balance into the wallet, then withdraws `amount`. */
  withdrawAll: (amount: number, idempotencyKey?: string) =>
    post<WithdrawResult>('/api/wallet/withdrawAll', { amount }, withIdempotencyKey(idempotencyKey)),
};
