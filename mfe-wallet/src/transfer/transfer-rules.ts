import { toMinorUnits } from '@wallet/shared';
import { minorOf, type MoneyFormat } from '../common/money';

/** Spec §5 and §9: a transfer moves at least 1 baht (1 major unit of the wallet currency). */
export const TRANSFER_MINIMUM_MAJOR = 1;

export type TransferProblem =
  | { key: 'transfer.errors.selectAccount' }
  | { key: 'transfer.errors.sameAccount' }
  | { key: 'transfer.errors.minAmount'; min: number };

export type TransferCheck = { ok: true; amount: number } | { ok: false; problem: TransferProblem };

export interface TransferForm {
  from: string;
  to: string;
  amountText: string;
}

/**
 * Spec §5, in order: both accounts chosen (select-account), different (cannot-transfer), amount at least 1 baht
 * (min-amount with the number). An amount that does not parse counts as below the minimum.
 */
export function checkTransfer({ from, to, amountText }: TransferForm, format: MoneyFormat): TransferCheck {
  if (!from || !to) return { ok: false, problem: { key: 'transfer.errors.selectAccount' } };
  if (from === to) return { ok: false, problem: { key: 'transfer.errors.sameAccount' } };
  const amount = toMinorUnits(amountText, format.scale);
  if (amount === null || amount < minorOf(TRANSFER_MINIMUM_MAJOR, format)) {
    return { ok: false, problem: { key: 'transfer.errors.minAmount', min: TRANSFER_MINIMUM_MAJOR } };
  }
  return { ok: true, amount };
}
