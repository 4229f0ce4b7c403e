import type { Bonus } from './api';
import { bangkokDay, cardStatus, receivedInPeriod } from './card-state';

type Rule = Pick<Bonus, 'type' | 'maxReceived' | 'userBonus'>;

function bonus(type: Bonus['type'], maxReceived: number, received: string[], isActive = false): Rule {
  return {
    type,
    maxReceived,
    userBonus: received.length
      ? { _id: 'ub1', isActive, received: received.map((updatedAt) => ({ updatedAt })) }
      : null,
  };
}

// Wednesday 2026-11-25 10:00 in Bangkok (03:00 UTC).
const WEDNESDAY = new Date('2026-11-25T03:00:00Z');
// Monday 2026-11-23 00:00 in Bangkok is Sunday 2026-11-22 17:00 UTC.
const MONDAY_START = new Date('2026-11-22T17:00:00Z');

describe('the Bangkok calendar', () => {
  test('a day starts at midnight in Bangkok, not UTC or the browser zone', () => {
    expect(bangkokDay('2026-11-24T16:59:59Z').day).toBe(bangkokDay('2026-11-24T00:00:00Z').day);
    expect(bangkokDay('2026-11-24T17:00:00Z').day).toBe(bangkokDay('2026-11-24T16:59:59Z').day + 1);
  });
  test('weekdays count from Monday', () => {
    expect(bangkokDay(MONDAY_START).weekday).toBe(0);
    expect(bangkokDay(new Date(MONDAY_START.getTime() - 1)).weekday).toBe(6);
    expect(bangkokDay(WEDNESDAY).weekday).toBe(2);
  });
});

describe('card states', () => {
  test('the open bonus is current whatever it counts', () => {
    expect(cardStatus(bonus('limit', 1, ['2026-01-01T00:00:00Z'], true), WEDNESDAY)).toEqual({
      state: 'current',
      availableAgain: null,
    });
  });

  test('never received: available for every type', () => {
    for (const type of ['limit', 'day', 'week'] as const)
      expect(cardStatus(bonus(type, 1, []), WEDNESDAY).state).toBe('available');
  });

  test('limit: received as many times as allowed, ever, is received-out for good', () => {
    const old = ['2025-01-01T00:00:00Z', '2026-03-01T00:00:00Z'];
    expect(cardStatus(bonus('limit', 2, old), WEDNESDAY)).toEqual({
      state: 'received',
      availableAgain: 'never',
    });
    expect(cardStatus(bonus('limit', 3, old), WEDNESDAY).state).toBe('available');
  });

  test('day: received today (Bangkok) is received-out until tomorrow; yesterday does not count', () => {
    // 00:30 Wednesday in Bangkok is still Tuesday in UTC.
    const today = '2026-11-24T17:30:00Z';
    const yesterday = '2026-11-24T16:30:00Z'; // 23:30 Tuesday in Bangkok
    expect(cardStatus(bonus('day', 1, [today]), WEDNESDAY)).toEqual({
      state: 'received',
      availableAgain: 'tomorrow',
    });
    expect(cardStatus(bonus('day', 1, [yesterday]), WEDNESDAY).state).toBe('available');
    expect(cardStatus(bonus('day', 2, [yesterday, today]), WEDNESDAY).state).toBe('available');
    expect(cardStatus(bonus('day', 2, [today, today]), WEDNESDAY).state).toBe('received');
  });

  test('week: received since Monday 00:00 Bangkok is received-out until next week; before it does not count', () => {
    const justAfterMonday = new Date(MONDAY_START.getTime() + 60_000).toISOString();
    const justBeforeMonday = new Date(MONDAY_START.getTime() - 60_000).toISOString();
    expect(cardStatus(bonus('week', 1, [justAfterMonday]), WEDNESDAY)).toEqual({
      state: 'received',
      availableAgain: 'nextWeek',
    });
    expect(cardStatus(bonus('week', 1, [justBeforeMonday]), WEDNESDAY).state).toBe('available');
    expect(
      receivedInPeriod('week', [{ updatedAt: justBeforeMonday }, { updatedAt: justAfterMonday }], WEDNESDAY),
    ).toBe(1);
  });

  test('week: at Monday 00:00 Bangkok a new week begins', () => {
    const sunday = '2026-11-22T10:00:00Z'; // Sunday 17:00 in Bangkok
    expect(cardStatus(bonus('week', 1, [sunday]), new Date(MONDAY_START.getTime() - 1)).state).toBe(
      'received',
    );
    expect(cardStatus(bonus('week', 1, [sunday]), MONDAY_START).state).toBe('available');
  });

  test('day: at midnight Bangkok a new day begins', () => {
    const evening = '2026-11-24T12:00:00Z'; // Tuesday 19:00 in Bangkok
    const midnight = new Date('2026-11-24T17:00:00Z');
    expect(cardStatus(bonus('day', 1, [evening]), midnight.getTime() - 1).state).toBe('received');
    expect(cardStatus(bonus('day', 1, [evening]), midnight).state).toBe('available');
  });
});
