/**
 * The daily window in which slip uploads are closed (spec §5 deposit texts; `closedFrom`, `closedUntil` and
 * `timezone` of the `slip` lookup content, which an operator may edit). The window starts at `closedFrom`
 * (included) and ends at `closedUntil` (excluded), local time in `timezone`; it may cross midnight
 * (23:50–00:10). Equal or unreadable times mean no window.
 */
export interface SlipClosingWindow {
  closedFrom: string;
  closedUntil: string;
  timezone: string;
}

/** Minutes since midnight of an `HH:mm` time, undefined when it is not one. */
export function minutesOfDay(hhmm: string): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** Minutes since local midnight of `at` in the IANA `timezone` (undefined for an unknown zone). */
export function localMinutes(at: Date, timezone: string): number | undefined {
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

/** True when `at` falls inside the daily closing window. */
export function insideClosingWindow(at: Date, window: SlipClosingWindow): boolean {
  const from = minutesOfDay(window.closedFrom);
  const until = minutesOfDay(window.closedUntil);
  const now = localMinutes(at, window.timezone);
  if (from === undefined || until === undefined || now === undefined || from === until) return false;
  return from < until ? now >= from && now < until : now >= from || now < until;
}

/** The window of a stored `slip` lookup value, when it has one (the value is operator-edited JSON). */
export function closingWindowOf(value: unknown): SlipClosingWindow | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.closedFrom !== 'string' || typeof v.closedUntil !== 'string') return undefined;
  return {
    closedFrom: v.closedFrom,
    closedUntil: v.closedUntil,
    timezone: typeof v.timezone === 'string' ? v.timezone : 'Asia/Bangkok',
  };
}

/**
 * What the stored `slip` value says about an upload besides its window: whether uploads are open at all, the
 * largest file (under the server's own ceiling, `MoneyInOptions.slipMaxBytes`, 5 MB) and the image types taken. A
 * field that is missing or unreadable leaves the server's rule (uploads open, JPEG and PNG up to the ceiling).
 */
export interface SlipUploadRules {
  enabled: boolean;
  maxSizeBytes: number | undefined;
  accept: readonly string[] | undefined;
}

export function uploadRulesOf(value: unknown): SlipUploadRules {
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const size = v.maxSizeBytes;
  return {
    enabled: v.enabled !== false,
    maxSizeBytes: typeof size === 'number' && Number.isSafeInteger(size) && size > 0 ? size : undefined,
    accept: Array.isArray(v.accept) ? v.accept.filter((a): a is string => typeof a === 'string') : undefined,
  };
}
