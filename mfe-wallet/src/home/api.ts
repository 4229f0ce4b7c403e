import { get, type Currency } from '@wallet/shared';

/**
 * The wallet snapshot of docs/wallet-api.md (`GET /api/wallet`): the member, their payout account, the main
 * wallet, the invite summary and every game account. Amounts are integers in minor units of `currency`.
 */

export interface Bank {
  code: string;
  nameTH: string;
  nameEN: string;
  country?: 'TH' | 'LA';
}

export interface Profile {
  _id: string;
  username: string;
  name: string;
  createdAt: string;
  coin: number;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  bank?: Bank;
  currency?: Currency;
}

export interface BankAccount {
  bankAccountName: string;
  bankAccountNo: string;
  bank: Bank;
}

export interface InviteSummary {
  amount: number;
  success: number;
  fail: number;
}

export type GameCategory = 'slot' | 'sport' | 'lotto';

export interface GameAccount {
  code: string;
  name: string;
  logo: string;
  background: string;
  category: GameCategory;
  isActive: boolean;
  amount: number;
  ftWalletSlot: number;
  web: string | null;
  android: string | null;
  ios: string | null;
}

/** `GET /api/wallet`: the snapshot plus the spin flag and its time. */
export interface WalletSnapshot {
  profile: Profile;
  bankAccount: BankAccount;
  wallet: { amount: number; currency: Currency };
  invite: InviteSummary;
  slots: GameAccount[];
  spin: { isActive: boolean };
  /** ISO time of this snapshot. */
  updatedAt: string;
}

export const homeApi = {
  wallet: () => get<WalletSnapshot>('/api/wallet'),
  /** Re-reads every game balance from the providers. */
  refreshSlots: () => get<GameAccount[]>('/api/wallet/refresh/slot'),
};
