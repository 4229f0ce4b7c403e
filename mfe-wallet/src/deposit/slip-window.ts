/**
 * The daily slip-upload closing window of GET /api/lookup/slip (`closedFrom`–`closedUntil`, HH:mm in `timezone`):
 * from included, until excluded, possibly across midnight (23:50–00:10). Equal or unreadable times mean no
 * window. The server refuses an upload inside it too (SLIP_UPLOAD_FAIL); this only lets the member see it first.
 */
export interface SlipClosingWindow {
  closedFrom: string;
  closedUntil: string;
  timezone: string;
}

function minutesOfDay(hhmm: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

function localMinutes(at: Date, timezone: string): number | undefined {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
    const hour = Number(parts.find((p) => p.type === 'hour')?.value);
    const minute = Number(parts.find((p) => p.type === 'minute')?.value);
    return Number.isInteger(hour) && Number.isInteger(minute) ? hour * 60 + minute : undefined;
  } catch {
    return undefined;
  }
}

/** True when `at` is inside the daily closing window. */
export function insideClosingWindow(at: Date, window: SlipClosingWindow): boolean {
  const from = minutesOfDay(window.closedFrom);
  const until = minutesOfDay(window.closedUntil);
  const now = localMinutes(at, window.timezone);
  if (from === undefined || until === undefined || now === undefined || from === until) return false;
  return from < until ? now >= from && now < until : now >= from || now < until;
}

/** Whether the lookup names a window at all (both times readable and different). */
export function hasClosingWindow(window: SlipClosingWindow): boolean {
  const from = minutesOfDay(window.closedFrom);
  const until = minutesOfDay(window.closedUntil);
  return from !== undefined && until !== undefined && from !== until;
}

/** The zone's offset as a member reads it on a clock, e.g. `GMT+7` for Asia/Bangkok and Asia/Vientiane. */
export function zoneLabel(timezone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      timeZoneName: 'shortOffset',
    }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timezone;
  } catch {
    return timezone;
  }
}
