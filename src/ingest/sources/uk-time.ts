const LONDON = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Minutes Europe/London is ahead of UTC at the instant `ms` (0 in winter, 60 in summer). */
function londonOffsetMinutes(ms: number): number {
  const parts = Object.fromEntries(LONDON.formatToParts(ms).map((p) => [p.type, p.value]));
  const local = Date.UTC(
    Number(parts['year']),
    Number(parts['month']) - 1,
    Number(parts['day']),
    Number(parts['hour']),
    Number(parts['minute']),
    Number(parts['second']),
  );
  return Math.round((local - ms) / 60_000);
}

/**
 * UK local date (`dd/mm/yyyy`) and time (`HH:MM`) to a UTC ISO timestamp, DST-aware. A wall
 * time inside the spring-forward gap is read with the winter offset; in the autumn overlap the
 * first (summer) occurrence wins.
 */
export function ukLocalToUtc(date: string, time: string): string {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) {
    throw new Error(`unreadable date/time ${JSON.stringify(date)} ${JSON.stringify(time)}`);
  }
  const year = d[3]?.length === 2 ? 2000 + Number(d[3]) : Number(d[3]);
  const wall = Date.UTC(year, Number(d[2]) - 1, Number(d[1]), Number(t[1]), Number(t[2]));
  const first = wall - londonOffsetMinutes(wall) * 60_000;
  const utc = wall - londonOffsetMinutes(first) * 60_000;
  return new Date(utc).toISOString();
}
