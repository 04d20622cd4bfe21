import { wallClockToUtc } from './local-time.js';

/** DECISIONS.md "Matches": `tz` is a UTC offset in minutes, -720..840; Hong Kong is 480. */
export const HONG_KONG_TZ = 480;

/**
 * A zone the days of a list are counted in: minutes east of UTC (the contract's `tz`), or an IANA
 * zone name, canonical (`Europe/London`), whose offset follows its DST rules (issue 49).
 */
export type TimeZone = number | string;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a real calendar date, or null. */
export function parseCalendarDate(value: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) {
    return null;
  }
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  const valid =
    date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return valid ? { y, m, d } : null;
}

function calendarDate(date: string): { y: number; m: number; d: number } {
  const parsed = parseCalendarDate(date);
  if (!parsed) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return parsed;
}

/** The first instant of a calendar date in a zone (a day of a DST change included). */
function dayStart(y: number, m: number, d: number, tz: TimeZone): number {
  if (typeof tz === 'number') {
    return Date.UTC(y, m - 1, d) - tz * MINUTE_MS;
  }
  return Date.parse(wallClockToUtc({ year: y, month: m, day: d, hour: 0, minute: 0 }, tz));
}

/**
 * The day `[date 00:00, next day 00:00)` local to `tz`, as UTC instants: 24 hours for an
 * offset, 23 or 25 on the day a named zone changes its clocks.
 */
export function dayWindow(date: string, tz: TimeZone): { from: Date; to: Date } {
  return rangeWindow(date, date, tz);
}

/** The days `first` to `last`, both included, local to `tz`: `[first 00:00, last + 1 00:00)`. */
export function rangeWindow(first: string, last: string, tz: TimeZone): { from: Date; to: Date } {
  const a = calendarDate(first);
  const b = calendarDate(last);
  // Date.UTC normalises day 32 into the next month: the day after `last`.
  const next = new Date(Date.UTC(b.y, b.m - 1, b.d + 1));
  return {
    from: new Date(dayStart(a.y, a.m, a.d, tz)),
    to: new Date(dayStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz)),
  };
}

/** How many calendar days `first` to `last` span, both included (0 or less: `last` is before). */
export function daysBetween(first: string, last: string): number {
  const a = calendarDate(first);
  const b = calendarDate(last);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / DAY_MS) + 1;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** `en-CA` writes dates as `YYYY-MM-DD`. */
function dateFormatFor(zone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(zone, format);
  }
  return format;
}

/** Today's date (`YYYY-MM-DD`) in the zone `tz` at the instant `now`. */
export function todayIn(tz: TimeZone, now: Date): string {
  if (typeof tz === 'number') {
    return new Date(now.getTime() + tz * MINUTE_MS).toISOString().slice(0, 10);
  }
  return dateFormatFor(tz).format(now);
}

/**
 * An IANA zone name in its canonical spelling (`asia/hong_kong` -> `Asia/Hong_Kong`), or null
 * when Node's ICU does not know it. Offsets written as names (`+08:00`) are not zones here.
 */
export function canonicalZone(name: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) {
    return null;
  }
  try {
    return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
