import { closingWindowOf, insideClosingWindow, localMinutes, minutesOfDay } from './slip-window';

const BANGKOK = { closedFrom: '23:50', closedUntil: '00:10', timezone: 'Asia/Bangkok' };
const at = (iso: string) => new Date(iso);

test('HH:mm and local minutes in a time zone', () => {
  expect(minutesOfDay('00:00')).toBe(0);
  expect(minutesOfDay('23:59')).toBe(23 * 60 + 59);
  expect(minutesOfDay('24:00')).toBeUndefined();
  expect(minutesOfDay('9:00')).toBeUndefined();
  expect(localMinutes(at('2026-03-04T16:50:00Z'), 'Asia/Bangkok')).toBe(23 * 60 + 50);
  expect(localMinutes(at('2026-03-04T16:50:00Z'), 'Asia/Vientiane')).toBe(23 * 60 + 50);
  expect(localMinutes(at('2026-03-04T16:50:00Z'), 'Nowhere/Atlantis')).toBeUndefined();
});

test('a window across midnight: from included, until excluded', () => {
  expect(insideClosingWindow(at('2026-03-04T16:49:59Z'), BANGKOK)).toBe(false);
  expect(insideClosingWindow(at('2026-03-04T16:50:00Z'), BANGKOK)).toBe(true);
  expect(insideClosingWindow(at('2026-03-04T17:00:00Z'), BANGKOK)).toBe(true);
  expect(insideClosingWindow(at('2026-03-04T17:09:59Z'), BANGKOK)).toBe(true);
  expect(insideClosingWindow(at('2026-03-04T17:10:00Z'), BANGKOK)).toBe(false);
  expect(insideClosingWindow(at('2026-03-04T05:00:00Z'), BANGKOK)).toBe(false);
});

test('a window within one day; equal or unreadable times are no window', () => {
  const day = { closedFrom: '02:00', closedUntil: '03:30', timezone: 'Asia/Bangkok' };
  expect(insideClosingWindow(at('2026-03-04T18:59:00Z'), day)).toBe(false);
  expect(insideClosingWindow(at('2026-03-04T19:00:00Z'), day)).toBe(true);
  expect(insideClosingWindow(at('2026-03-04T20:29:00Z'), day)).toBe(true);
  expect(insideClosingWindow(at('2026-03-04T20:30:00Z'), day)).toBe(false);
  expect(insideClosingWindow(at('2026-03-04T19:00:00Z'), { ...day, closedUntil: '02:00' })).toBe(false);
  expect(insideClosingWindow(at('2026-03-04T19:00:00Z'), { ...day, closedFrom: 'soon' })).toBe(false);
});

test('the window of a stored lookup value', () => {
  expect(closingWindowOf({ enabled: true, ...BANGKOK })).toEqual(BANGKOK);
  expect(closingWindowOf({ closedFrom: '23:00', closedUntil: '00:30' })).toEqual({
    closedFrom: '23:00',
    closedUntil: '00:30',
    timezone: 'Asia/Bangkok',
  });
  expect(closingWindowOf(null)).toBeUndefined();
  expect(closingWindowOf({ closedFrom: 1 })).toBeUndefined();
});
