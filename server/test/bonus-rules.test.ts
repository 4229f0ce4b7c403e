import { dayKey, weekKey } from '../src/platform/bangkok-time';
import {
  bonusAmount,
  contribution,
  forfeitOf,
  progressPercent,
  turnoverNeeded,
} from '../src/features/bonus/rules';
import { DAY, sundayBeforeMidnight } from './bonus-support';

/** The bonus rules as pure functions (docs/bonus.md): amounts, turnover, Bangkok days and weeks. Amounts in satang. */

describe('bonus rules', () => {
  test('amounts, turnover, contributions and what cancelling takes back, rounded down', () => {
    const amounts = { fixed: 5_000, cap: 30_000, minDeposit: 10_000 };
    expect(bonusAmount({ kind: 'percent', percent: 10, amounts }, 100_000)).toBe(10_000);
    expect(bonusAmount({ kind: 'percent', percent: 10, amounts }, 1_000_000)).toBe(30_000); // capped
    expect(bonusAmount({ kind: 'percent', percent: 10, amounts }, 10_005)).toBe(1_000); // 1000.5 → 1000
    expect(bonusAmount({ kind: 'percent', percent: 10, amounts: { ...amounts, cap: 0 } }, 1_000_000)).toBe(
      100_000,
    );
    expect(bonusAmount({ kind: 'fixed', percent: 0, amounts }, 0)).toBe(5_000);
    expect(turnoverNeeded(3, 'bonus_deposit', 10_000, 100_000)).toBe(330_000);
    expect(turnoverNeeded(10, 'bonus', 5_000, 30_000)).toBe(50_000);
    const c = { slot: 100, sport: 50, lotto: 25 };
    expect([
      contribution(999, 'slot', c),
      contribution(999, 'sport', c),
      contribution(999, 'lotto', c),
    ]).toEqual([999, 499, 249]);
    expect(progressPercent(0, 0)).toBe(100);
    expect(progressPercent(329_999, 330_000)).toBe(99);
    expect(progressPercent(500_000, 330_000)).toBe(100);
    expect(forfeitOf(10_000, 20)).toBe(8_000);
    expect(forfeitOf(10_001, 20)).toBe(8_001); // the member keeps 2000.2 → 2000
    expect(forfeitOf(10_000, 0)).toBe(10_000);
  });

  test('Bangkok days turn at 17:00 UTC, weeks on Monday 00:00 Bangkok', () => {
    expect(dayKey(new Date('2026-11-23T16:59:59Z'))).toBe('2026-11-23');
    expect(dayKey(new Date('2026-11-23T17:00:00Z'))).toBe('2026-11-24');
    // Sunday 29 November 23:59:59 Bangkok is still the week of Monday the 23rd.
    expect(weekKey(new Date('2026-11-29T16:59:59Z'))).toBe('2026-11-23');
    expect(weekKey(new Date('2026-11-29T17:00:00Z'))).toBe('2026-11-30');
  });
});

test('the suite clock starts on a Sunday 23:50 in Bangkok, whatever today is', () => {
  for (const from of [Date.UTC(2026, 10, 29, 16, 51), Date.UTC(2027, 0, 1), Date.UTC(2030, 5, 15, 3)]) {
    const start = sundayBeforeMidnight(from);
    expect(start.getTime()).toBeGreaterThanOrEqual(from);
    expect(start.getTime() - from).toBeLessThan(7 * DAY);
    expect(weekKey(new Date(start.getTime() + 10 * 60_000))).not.toBe(weekKey(start));
    expect(dayKey(new Date(start.getTime() + 10 * 60_000 - 1))).toBe(dayKey(start));
  }
});
