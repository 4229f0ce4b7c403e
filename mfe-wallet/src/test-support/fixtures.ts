import { bus, type BusEvents } from '@wallet/shared';
import type { GameAccount, WalletSnapshot } from '../home/api';
import { moneyFormat } from '../common/money';

export const THB = moneyFormat('THB');

export function game(code: string, overrides: Partial<GameAccount> = {}): GameAccount {
  return {
    code,
    name: code,
    logo: `/logos/${code}.png`,
    background: `/backgrounds/${code}.jpg`,
    category: 'slot',
    isActive: false,
    amount: 0,
    ftWalletSlot: 1,
    web: null,
    android: null,
    ios: null,
    ...overrides,
  };
}

export function snapshot(overrides: Partial<WalletSnapshot> = {}): WalletSnapshot {
  return {
    profile: {
      _id: 'u1',
      username: '0812345678',
      name: 'Somchai Jaidee',
      createdAt: '2024-01-01T00:00:00.000Z',
      coin: 7,
      bankCode: 'SCB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1112223334',
    },
    bankAccount: {
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1112223334',
      bank: { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB' },
    },
    wallet: { amount: 0, currency: 'THB' },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [],
    spin: { isActive: false },
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Records the payloads of one bus event while a test runs. */
export function record<K extends keyof BusEvents>(event: K): { events: BusEvents[K][]; stop: () => void } {
  const events: BusEvents[K][] = [];
  const subscription = bus.on(event).subscribe((payload) => events.push(payload));
  return { events, stop: () => subscription.unsubscribe() };
}
