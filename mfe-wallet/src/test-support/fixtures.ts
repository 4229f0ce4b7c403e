import { bus, type BusEvents } from '@wallet/shared';
import type { GameAccount, WalletSnapshot } from '../common/wallet-api';
import type { MoneyOperation, OperationLeg } from '../common/money-operation';
import type { TransferResult } from '../transfer/api';
import type { WithdrawResult } from '../withdraw/api';
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
      bank: { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB', nameLA: 'ໄທພານິດ' },
      currency: 'THB',
    },
    bankAccount: {
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1112223334',
      bank: { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB', nameLA: 'ໄທພານິດ' },
    },
    wallet: { amount: 0, currency: 'THB' },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [],
    spin: { isActive: false },
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

type LegInput = Pick<OperationLeg, 'from' | 'to' | 'amount' | 'status'> & Partial<OperationLeg>;

/** One leg of a money operation as the server answers it (`type` follows from `from` and `to`). */
export function leg(seq: number, input: LegInput): OperationLeg {
  const type = input.to === 'bank' ? 'withdraw' : input.to === 'wallet' ? 'game_out' : 'game_in';
  return { seq, type, reference: null, error: input.status === 'FAILED' ? 'TRANSFER_FAIL' : null, ...input };
}

export function operation(
  kind: MoneyOperation['kind'],
  status: MoneyOperation['status'],
  legs: LegInput[],
): MoneyOperation {
  return {
    id: 'op1',
    kind,
    status,
    error: status === 'PARTIAL' || status === 'FAILED' ? 'TRANSFER_FAIL' : null,
    legs: legs.map((input, i) => leg(i + 1, input)),
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
  };
}

/** The answer of POST /api/wallet/transfer (and transferAll). */
export function transferResult(status: TransferResult['status'], legs: LegInput[]): TransferResult {
  return {
    status,
    transferId: 'op1',
    operation: operation('transfer', status, legs),
    wallet: { amount: 0, currency: 'THB' },
    slots: [],
  };
}

/** The answer of POST /api/wallet/withdrawAll; `withdrawal` null when the bank's part was not made. */
export function withdrawResult(
  status: WithdrawResult['status'],
  legs: LegInput[],
  withdrawal: WithdrawResult['withdrawal'],
  amount = withdrawal?.amount ?? 0,
): WithdrawResult {
  return {
    status,
    withdrawalId: withdrawal?.id ?? null,
    amount,
    withdrawal,
    operation: operation('withdraw_all', status, legs),
    wallet: { amount: 0, currency: 'THB' },
  };
}

/** Records the payloads of one bus event while a test runs. */
export function record<K extends keyof BusEvents>(event: K): { events: BusEvents[K][]; stop: () => void } {
  const events: BusEvents[K][] = [];
  const subscription = bus.on(event).subscribe((payload) => events.push(payload));
  return { events, stop: () => subscription.unsubscribe() };
}
