import { i18n } from '../i18n/i18n';
import { formatCountdown, formatDate, formatDateTime, formatTime, timeAgo, timeAgoParts } from './date';

describe('formatDateTime', () => {
  it('formats local time as DD/MM/YYYY HH:mm:ss', () => {
    const date = new Date(2024, 0, 5, 7, 8, 9);
    expect(formatDateTime(date)).toBe('05/01/2024 07:08:09');
    expect(formatDateTime(date.toISOString())).toBe('05/01/2024 07:08:09');
    expect(formatDateTime(date.getTime())).toBe('05/01/2024 07:08:09');
    expect(formatDate(date)).toBe('05/01/2024');
    expect(formatTime(new Date(2024, 11, 31, 23, 59, 59))).toBe('23:59:59');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate('')).toBe('');
  });
});

describe('formatCountdown', () => {
  it('shows mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(59.9)).toBe('00:59');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

describe('timeAgo', () => {
  const now = new Date('2024-06-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('picks the largest whole unit (year 365 days, month 30 days)', () => {
    expect(timeAgoParts(ago(0), now)).toBeNull();
    expect(timeAgoParts(ago(1), now)).toEqual({ unit: 'second', count: 1 });
    expect(timeAgoParts(ago(59), now)).toEqual({ unit: 'second', count: 59 });
    expect(timeAgoParts(ago(60), now)).toEqual({ unit: 'minute', count: 1 });
    expect(timeAgoParts(ago(3 * 3600 + 5), now)).toEqual({ unit: 'hour', count: 3 });
    expect(timeAgoParts(ago(29 * 86400), now)).toEqual({ unit: 'day', count: 29 });
    expect(timeAgoParts(ago(30 * 86400), now)).toEqual({ unit: 'month', count: 1 });
    expect(timeAgoParts(ago(364 * 86400), now)).toEqual({ unit: 'month', count: 12 });
    expect(timeAgoParts(ago(365 * 86400), now)).toEqual({ unit: 'year', count: 1 });
    expect(timeAgoParts(ago(-60), now)).toBeNull();
  });

  it('speaks the current language', async () => {
    await i18n.changeLanguage('en');
    expect(timeAgo(ago(1), now)).toBe('1 second ago');
    expect(timeAgo(ago(120), now)).toBe('2 minutes ago');
    expect(timeAgo(ago(0), now)).toBe('just now');
    await i18n.changeLanguage('th');
    expect(timeAgo(ago(120), now)).toBe('2 นาทีที่แล้ว');
    await i18n.changeLanguage('la');
    expect(timeAgo(ago(2 * 86400), now)).toBe('2 ມື້ກ່ອນ');
    expect(timeAgo('garbage', now)).toBe('');
  });
});
