import { get } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

/**
 * The wallet snapshot of docs/wallet-api.md (`GET /api/wallet`): the member, their payout account, the main
 * wallet, the invite summary and every game account. Amounts are integers in minor units of `currency`.
 * The shapes are generated from the server's route schemas (@wallet/api-types).
 */
export type WalletSnapshot = ApiData<'/api/wallet', 'get'>;
export type Profile = WalletSnapshot['profile'];
export type Bank = Profile['bank'];
export type BankAccount = WalletSnapshot['bankAccount'];
export type InviteSummary = WalletSnapshot['invite'];
export type GameAccount = WalletSnapshot['slots'][number];
export type GameCategory = GameAccount['category'];
/** `GET /api/spinwheel/active`: whether the prize wheel is on (the spin setting and an active wheel). */
export type SpinActive = ApiData<'/api/spinwheel/active', 'get'>;

export const homeApi = {
  wallet: () => get<WalletSnapshot>('/api/wallet'),
  /** Re-reads every game balance from the providers. */
  refreshSlots: () => get<ApiData<'/api/wallet/refresh/slot', 'get'>>('/api/wallet/refresh/slot'),
  /** Whether the prize wheel is on: the home's spin widget and spin button follow it (not `/api/wallet`). */
  spinActive: () => get<SpinActive>('/api/spinwheel/active'),
};
