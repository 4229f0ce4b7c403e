import { put } from '@wallet/shared';
import type { Profile } from '../home/api';

export const bankNameApi = {
  updateBankAccountName: (bankCode: string, bankAccountName: string) =>
    put<Profile>('/api/account/bankAccountName', { bankCode, bankAccountName }),
};
