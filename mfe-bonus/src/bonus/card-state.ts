import type { Bonus } from './api';

/** Bangkok time (UTC+7, no daylight saving) is also Vientiane's: days and weeks of a bonus are counted in it. */
export const BONUS_TIME_ZONE = 'Asia/Bangkok';

/**
 * A bonus card's state (spec §4): `current` — the member's open bonus; `received` — received up to its maximum
 * for the period of its type; `available` — may be received now.
 */
export type CardState = 'current' | 'received' | 'available';

/** When a received-out bonus can be received again: the next Bangkok day, the next Bangkok week, or never. */
export type AvailableAgain = 'tomorrow' | 'nextWeek' | 'never';

export interface CardStatus {
  state: CardState;
  /** Only for `received`. */
  availableAgain: AvailableAgain | null;
}

const MS_PER_DAY = 86_400_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const bangkokParts = new Intl.DateTimeFormat('en-US', {
  timeZone: BONUS_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
});

/** The Bangkok calendar day of a moment, as a day number (days since 1970-01-01), and its weekday (Monday 0). */
export function bangkokDay(moment: Date | number | string): { day: number; weekday: number } {
  const parts = bangkokParts.formatToParts(new Date(moment));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = Date.UTC(Number(part('year')), Number(part('month')) - 1, Number(part('day'))) / MS_PER_DAY;
  return { day, weekday: WEEKDAYS.indexOf(part('weekday')) };
}

/** The day number of the Monday that starts the Bangkok week of a moment. */
export function bangkokWeekStart(moment: Date | number | string): number {
  const { day, weekday } = bangkokDay(moment);
  return day - weekday;
}

/**
 * How many of the receipts count against the bonus's maximum now: all of them for `limit`, those of the current
 * Bangkok day for `day`, those of the current Bangkok week (from Monday 00:00) for `week`.
 */
export function receivedInPeriod(
  type: Bonus['type'],
  received: readonly { updatedAt: string }[],
  now: Date | number,
): number {
  if (type === 'limit') return received.length;
  if (type === 'day') {
    const today = bangkokDay(now).day;
    return received.filter((r) => bangkokDay(r.updatedAt).day === today).length;
  }
  const week = bangkokWeekStart(now);
  return received.filter((r) => bangkokWeekStart(r.updatedAt) === week).length;
}

const AGAIN: Record<Bonus['type'], AvailableAgain> = { limit: 'never', day: 'tomorrow', week: 'nextWeek' };

/** The state of a bonus card at `now` (spec §4). */
export function cardStatus(
  bonus: Pick<Bonus, 'type' | 'maxReceived' | 'userBonus'>,
  now: Date | number,
): CardStatus {
  const user = bonus.userBonus;
  if (user?.isActive) return { state: 'current', availableAgain: null };
  const count = receivedInPeriod(bonus.type, user?.received ?? [], now);
  if (count >= bonus.maxReceived) return { state: 'received', availableAgain: AGAIN[bonus.type] };
  return { state: 'available', availableAgain: null };
}
