import { post, withIdempotencyKey } from '@wallet/shared';
import type { GameAccount } from '../home/api';

/** `"wallet"` is the main wallet; any other value is a game code. */
export type WalletAccountCode = string;
export const MAIN_WALLET: WalletAccountCode = 'wallet';

export interface TransferResult {
  /** PENDING: the provider's outcome is unknown; reconciliation settles it. */
  status: 'SUCCESS' | 'PENDING';
  transferId: string;
  wallet: { amount: number; currency: string };
  slots: GameAccount[];
}

/** Moves money between the main wallet and a game account. Pass the key of the member's action (one per tap). */
export const transferApi = {
  transfer: (
    body: { from: WalletAccountCode; to: WalletAccountCode; amount: number },
    idempotencyKey?: string,
  ) => post<TransferResult>('/api/wallet/transfer', body, withIdempotencyKey(idempotencyKey)),
};
