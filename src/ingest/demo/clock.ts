export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Hong Kong's UTC offset (no daylight saving). */
export const HK_OFFSET_MS = 8 * HOUR_MS;

/** Start (UTC ms) of the Hong Kong calendar day containing `t`. */
export function hkDayStart(t: number): number {
  return Math.floor((t + HK_OFFSET_MS) / DAY_MS) * DAY_MS - HK_OFFSET_MS;
}

/** Weekday (0 = Sunday) of `t` in Hong Kong. */
export function hkWeekday(t: number): number {
  return new Date(t + HK_OFFSET_MS).getUTCDay();
}

/** Real minutes after kick-off when the match ends (90 + 3 first-half stoppage + 15 break + 5). */
export const FULL_TIME_ELAPSED = 113;

/**
 * The match clock shown `elapsed` real minutes after kick-off: first half with up to 3 minutes of
 * stoppage, a 15-minute break ("HT"), second half with up to 5 minutes of stoppage.
 */
export function clockAt(elapsed: number): string {
  if (elapsed <= 45) {
    return String(Math.max(1, elapsed));
  }
  if (elapsed <= 48) {
    return `45+${elapsed - 45}`;
  }
  if (elapsed <= 63) {
    return 'HT';
  }
  if (elapsed <= 108) {
    return String(elapsed - 18);
  }
  return `90+${Math.min(elapsed, FULL_TIME_ELAPSED) - 108}`;
}

/** Match time of a clock value, as minute + stoppage, comparable by `timeKey`. */
export interface MatchTime {
  half: 1 | 2;
  minute: number;
  extra: number;
}

export function clockToTime(clock: string): MatchTime {
  if (clock === 'HT') {
    return { half: 1, minute: 45, extra: 30 };
  }
  const [base, extra] = clock.split('+').map(Number);
  const minute = base ?? 0;
  return { half: minute > 45 ? 2 : 1, minute, extra: extra ?? 0 };
}

export function timeKey(t: MatchTime): number {
  return t.half * 10_000 + t.minute * 100 + t.extra;
}

/** Real minutes after kick-off of a match time (inverse of `clockAt`). */
export function elapsedOf(t: MatchTime): number {
  return t.half === 1 ? t.minute + Math.min(t.extra, 3) : t.minute + 18 + t.extra;
}

const isoDays = new Map<number, string>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function isoDay(day: number): string {
  let text = isoDays.get(day);
  if (text === undefined) {
    if (isoDays.size > 4096) {
      isoDays.clear();
    }
    text = new Date(day * DAY_MS).toISOString().slice(0, 11);
    isoDays.set(day, text);
  }
  return text;
}

/** `Date#toISOString`, faster: the date part is cached per day (timestamps cluster on few days). */
export function iso(t: number): string {
  const day = Math.floor(t / DAY_MS);
  const ms = t - day * DAY_MS;
  const h = Math.floor(ms / HOUR_MS);
  const m = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const s = Math.floor((ms % MINUTE_MS) / 1000);
  const milli = ms % 1000;
  const frac = milli < 10 ? `00${milli}` : milli < 100 ? `0${milli}` : String(milli);
  return `${isoDay(day)}${pad2(h)}:${pad2(m)}:${pad2(s)}.${frac}Z`;
}
