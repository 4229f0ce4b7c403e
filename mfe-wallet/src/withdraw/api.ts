import { get, post, withIdempotencyKey } from '@wallet/shared';

export interface WithdrawLimits {
  withdrawMin: number;
  withdrawMax: number;
}

export interface WithdrawResult {
  withdrawalId: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  amount: number;
  wallet: { amount: number; currency: string };
}

export const withdrawApi = {
  /** The operator's limits (spec §7 lookup), minor units. */
  limits: () => get<WithdrawLimits>('/api/lookup/withdraw'),
  /** Collects every game balance into the wallet, then withdraws `amount`. */
  withdrawAll: (amount: number, idempotencyKey?: string) =>
    post<WithdrawResult>('/api/wallet/withdrawAll', { amount }, withIdempotencyKey(idempotencyKey)),
};
