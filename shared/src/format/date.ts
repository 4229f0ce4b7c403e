import { i18n } from '../i18n/i18n';

/** Anything a date can come as from the API or the UI. */
export type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `DD/MM/YYYY` in local time; `''` for an invalid date. */
export function formatDate(value: DateInput): string {
  const d = toDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${pad(d.getFullYear(), 4)}` : '';
}

/** `HH:mm:ss` in local time; `''` for an invalid date. */
export function formatTime(value: DateInput): string {
  const d = toDate(value);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : '';
}

/** `DD/MM/YYYY HH:mm:ss` in local time (spec §9); `''` for an invalid date. */
export function formatDateTime(value: DateInput): string {
  const d = toDate(value);
  return d ? `${formatDate(d)} ${formatTime(d)}` : '';
}

/** `mm:ss` for a countdown (QR expiry); negative values show `00:00`, minutes are not capped at 59. */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

export type TimeAgoUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

const SECOND = 1;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec §9: a year is 365 days and a month 30 days. Largest unit first. */
const UNITS: ReadonlyArray<readonly [TimeAgoUnit, number]> = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

/** The largest whole unit of elapsed time; `null` for less than a second, a future date or an invalid date. */
export function timeAgoParts(
  value: DateInput,
  now: DateInput = Date.now(),
): { unit: TimeAgoUnit; count: number } | null {
  const then = toDate(value);
  const current = toDate(now);
  if (!then || !current) return null;
  const seconds = Math.floor((current.getTime() - then.getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return { unit, count: Math.floor(seconds / size) };
  }
  return null;
}

/** `5 minutes ago` in the current language (keys `common:timeAgo.*`); `''` for an invalid date. */
export function timeAgo(value: DateInput, now: DateInput = Date.now()): string {
  if (!toDate(value)) return '';
  const parts = timeAgoParts(value, now);
  if (!parts) return i18n.t('timeAgo.justNow', { ns: 'common' });
  return i18n.t(`timeAgo.${parts.unit}`, { ns: 'common', count: parts.count });
}
