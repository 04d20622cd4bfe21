/** DECISIONS.md "Matches": `tz` is a UTC offset in minutes, -720..840; Hong Kong is 480. */
export const HONG_KONG_TZ = 480;

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

/** The day `[date 00:00, next day 00:00)` local to `tz`, as UTC instants. */
export function dayWindow(date: string, tz: number): { from: Date; to: Date } {
  const parsed = parseCalendarDate(date);
  if (!parsed) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  const from = Date.UTC(parsed.y, parsed.m - 1, parsed.d) - tz * MINUTE_MS;
  return { from: new Date(from), to: new Date(from + DAY_MS) };
}

/** Today's date (`YYYY-MM-DD`) in the zone `tz` at the instant `now`. */
export function todayIn(tz: number, now: Date): string {
  return new Date(now.getTime() + tz * MINUTE_MS).toISOString().slice(0, 10);
}
