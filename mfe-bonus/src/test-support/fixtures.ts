import type { Profile } from '../common/money-format';

/** A member's profile as `GET /api/account/profile` answers it. */
export function memberProfile(currency: Profile['currency'] = 'THB'): Profile {
  return {
    _id: '65f0c0ffee0000000000beef',
    username: '0812345678',
    name: 'Somchai',
    createdAt: new Date(2024, 2, 5, 14, 7, 9).toISOString(),
    coin: 0,
    bankCode: 'KBANK',
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: '1234567890',
    bank: { code: 'KBANK', nameTH: 'กสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ກະສິກອນໄທ' },
    currency,
  };
}
