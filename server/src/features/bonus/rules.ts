import type { GameCategory } from '../games/catalogue';
import type { Contributions, CurrencyAmounts } from './tables';

/** The arithmetic of the bonus rules (docs/bonus.md), in integer minor units, rounding down. */

export interface RewardRule {
  kind: 'percent' | 'fixed';
  /** Percent of the qualifying deposit (kind percent). */
  percent: number;
  amounts: CurrencyAmounts;
}

/** The bonus a deposit earns: a percent of it up to the cap, or the fixed amount. */
export function bonusAmount(rule: RewardRule, deposit: number): number {
  if (rule.kind === 'fixed') return rule.amounts.fixed;
  const raw = Math.floor((deposit * rule.percent) / 100);
  return rule.amounts.cap > 0 ? Math.min(raw, rule.amounts.cap) : raw;
}

/** Turnover needed: multiple × the bonus, or × (bonus + qualifying deposit). */
export function turnoverNeeded(
  multiple: number,
  base: 'bonus' | 'bonus_deposit',
  amount: number,
  deposit: number,
): number {
  return multiple * (base === 'bonus' ? amount : amount + deposit);
}

/** What one bet adds to the turnover: its category's percent of it. */
export function contribution(bet: number, category: GameCategory, contributions: Contributions): number {
  return Math.floor((bet * (contributions[category] ?? 0)) / 100);
}

/** Progress in whole percent, at most 100 (a condition needing nothing is 100 %). */
export function progressPercent(done: number, needed: number): number {
  if (needed <= 0) return 100;
  return Math.min(100, Math.floor((done * 100) / needed));
}

/**
 * Cancelling before the turnover is met: the member keeps percentFail % of the bonus (rounded down) and the rest
 * is taken back, but never more than the wallet holds.
 */
export function forfeitOf(amount: number, percentFail: number): number {
  return amount - Math.floor((amount * percentFail) / 100);
}
