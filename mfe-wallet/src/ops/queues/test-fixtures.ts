import { registerCatalogs, setLocale } from '@wallet/shared';
import { queuesCatalogs } from '../catalogs';
import type { Incoming, MemberMatch, QueuedSlip, Role, Withdrawal } from './api';

/** The queue screens' strings (`wallet-ops`) in English, as their parcel registers them. */
export async function englishQueues(): Promise<void> {
  await registerCatalogs(queuesCatalogs);
  await setLocale('en');
}

export const operator = (role: Role) => ({ username: `${role}-one`, role });

export function slip(id: string, overrides: Partial<QueuedSlip> = {}): QueuedSlip {
  return {
    id,
    memberId: `m-${id}`,
    username: `08100000${id}`,
    memberBank: { code: 'KBANK', accountNo: `123456789${id}`, accountName: 'SOMCHAI JAIDEE' },
    reference: `ref-${id}`,
    createdAt: '2026-11-24T10:00:00.000Z',
    amount: 50000,
    status: 'PROCESSING',
    note: null,
    link: `/api/slip-image/ref-${id}?exp=1&sig=x`,
    slipRef: null,
    ...overrides,
  };
}

export function withdrawal(id: string, overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id,
    memberId: `m-${id}`,
    username: `08200000${id}`,
    amount: 125000,
    currency: 'THB',
    status: 'FAILED',
    bankCode: 'SCB',
    bankAccountNo: '1112223334',
    failure: 'TRANSFER_FAIL',
    createdAt: '2026-11-24T09:00:00.000Z',
    settledAt: '2026-11-24T09:05:00.000Z',
    paidAgain: null,
    ...overrides,
  };
}

export function incoming(id: number, overrides: Partial<Incoming> = {}): Incoming {
  return {
    id,
    source: 'bank',
    txid: `tx-${id}`,
    amount: 30000,
    outcome: 'UNMATCHED',
    memberId: null,
    qrcodeId: null,
    fromBankCode: 'KBANK',
    fromAccountNo: '9998887776',
    createdAt: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

export function member(id: string, overrides: Partial<MemberMatch> = {}): MemberMatch {
  return {
    id,
    username: `08900000${id}`,
    name: `Member ${id}`,
    status: 'active',
    bankCode: 'SCB',
    bankAccountNo: '5556667778',
    currency: 'THB',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
