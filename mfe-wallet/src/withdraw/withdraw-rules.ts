import { toMinorUnits } from '@wallet/shared';
import type { WithdrawLimits } from './api';
import type { MoneyFormat } from '../common/money';

export type WithdrawProblem =
  { key: 'withdraw.errors.minAmount'; limit: number } | { key: 'withdraw.errors.maxAmount'; limit: number };

export type WithdrawCheck = { ok: true; amount: number } | { ok: false; problem: WithdrawProblem };

/**
 * Spec §5: the amount is at least `withdrawMin` and at most `withdrawMax` of the withdraw lookup (minor units).
 * An empty or unreadable amount is below the minimum.
 */
export function checkWithdraw(
  amountText: string,
  limits: Pick<WithdrawLimits, 'withdrawMin' | 'withdrawMax'>,
  format: MoneyFormat,
): WithdrawCheck {
  const amount = toMinorUnits(amountText, format.scale);
  if (amount === null || amount <= 0 || amount < limits.withdrawMin) {
    return { ok: false, problem: { key: 'withdraw.errors.minAmount', limit: limits.withdrawMin } };
  }
  if (amount > limits.withdrawMax) {
    return { ok: false, problem: { key: 'withdraw.errors.maxAmount', limit: limits.withdrawMax } };
  }
  return { ok: true, amount };
}
