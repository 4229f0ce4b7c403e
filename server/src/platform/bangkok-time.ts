/**
 * Calendar periods in Bangkok time (UTC+7, no daylight saving; Vientiane keeps the same time), used by every
 * per-day and per-week rule: bonus counts, the weekly refund. A week starts on Monday 00:00.
 */
export const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const DAY = 86_400_000;
/** 1970-01-05 was a Monday. */
const FIRST_MONDAY = 4 * DAY;

/** Start (UTC instant) of the Bangkok day holding `t`. */
export function dayStart(t: Date): Date {
  const local = t.getTime() + BANGKOK_OFFSET_MS;
  return new Date(Math.floor(local / DAY) * DAY - BANGKOK_OFFSET_MS);
}

/** Start (UTC instant) of the Bangkok week (Monday 00:00) holding `t`. */
export function weekStart(t: Date): Date {
  const local = t.getTime() + BANGKOK_OFFSET_MS;
  const weeks = Math.floor((local - FIRST_MONDAY) / (7 * DAY));
  return new Date(FIRST_MONDAY + weeks * 7 * DAY - BANGKOK_OFFSET_MS);
}

/** The Bangkok calendar date of `t`, `YYYY-MM-DD`. */
export const bangkokDate = (t: Date): string =>
  new Date(t.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);

/** Key of the Bangkok day holding `t` (its date). */
export const dayKey = (t: Date): string => bangkokDate(t);

/** Key of the Bangkok week holding `t` (the date of its Monday). */
export const weekKey = (t: Date): string => bangkokDate(weekStart(t));
