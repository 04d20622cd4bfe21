/**
 * Time windows of the quota rules. Daily quota and the free match-list allowance count per Hong
 * Kong day (spec 8.2: reset at 00:00 HKT = 16:00 UTC; Hong Kong has no daylight saving); the
 * per-minute limit counts per calendar minute (DECISIONS.md "Access").
 */
const HK_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The Hong Kong day of an instant as a day number (days since 1970-01-01 in Hong Kong). */
export const hkDayNumber = (now: Date) => Math.floor((now.getTime() + HK_OFFSET_MS) / DAY_MS);

let lastDayNumber = Number.NaN;
let lastDay = '';

/** The Hong Kong date of an instant, `YYYY-MM-DD` (every request asks; the day rarely changes). */
export function hkDay(now: Date): string {
  const dayNumber = hkDayNumber(now);
  if (dayNumber !== lastDayNumber) {
    lastDay = hkDayOfNumber(dayNumber);
    lastDayNumber = dayNumber;
  }
  return lastDay;
}

/** The Hong Kong date of a day number, `YYYY-MM-DD`. */
export const hkDayOfNumber = (dayNumber: number) =>
  new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The instant the Hong Kong day of `now` began (its 00:00 Hong Kong time). */
export const hkDayStart = (now: Date) => new Date(hkDayNumber(now) * DAY_MS - HK_OFFSET_MS);

/** The instant of the next 00:00 Hong Kong time. */
export function nextHkMidnight(now: Date): Date {
  const hkMs = now.getTime() + HK_OFFSET_MS;
  return new Date(Math.floor(hkMs / DAY_MS) * DAY_MS + DAY_MS - HK_OFFSET_MS);
}

/** Whole seconds to the next Hong Kong midnight, at least 1 (`X-Quota-Reset`, `Retry-After`). */
export const secondsToHkMidnight = (now: Date) =>
  Math.max(1, Math.ceil((nextHkMidnight(now).getTime() - now.getTime()) / 1000));

/** The calendar minute, as minutes since the epoch. */
export const minuteWindow = (now: Date) => Math.floor(now.getTime() / MINUTE_MS);

/** Whole seconds to the end of the calendar minute, at least 1 (`X-RateLimit-Reset`). */
export const secondsToMinuteEnd = (now: Date) =>
  Math.max(1, Math.ceil(((minuteWindow(now) + 1) * MINUTE_MS - now.getTime()) / 1000));

/** Milliseconds the counters of a window must live: to its end plus a safety margin. */
export const minuteTtlMs = (now: Date) =>
  (minuteWindow(now) + 1) * MINUTE_MS - now.getTime() + MINUTE_MS;
export const dayTtlMs = (now: Date) => nextHkMidnight(now).getTime() - now.getTime() + DAY_MS;
