import { get, put, type Currency } from '@wallet/shared';
import type { Bank } from '../common/api';

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

export const profileApi = {
  profile: () => get<Profile>('/api/account/profile'),
  /** Returns a fresh token: the server revokes every other session of the member. */
  changePassword: (oldPassword: string, newPassword: string) =>
    put<{ token: string }>('/api/account/changepwd', { oldPassword, newPassword }),
};
