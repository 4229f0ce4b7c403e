import { put } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

type Route = '/api/account/bankAccountName';

export const bankNameApi = {
  updateBankAccountName: (bankCode: string, bankAccountName: string) =>
    put<ApiData<Route, 'put'>>('/api/account/bankAccountName', {
      bankCode,
      bankAccountName,
    } satisfies ApiBody<Route, 'put'>),
};
