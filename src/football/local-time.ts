/** A wall-clock reading: what a fixture list prints, in the zone it was written for. */
interface WallClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, format);
  }
  return format;
}

/** Minutes `zone` is ahead of UTC at the instant `ms` (Europe/London: 0 in winter, 60 in summer). */
function offsetMinutes(zone: string, ms: number): number {
  const parts = Object.fromEntries(
    formatFor(zone)
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
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
 * A wall-clock time in an IANA zone to a UTC ISO timestamp, DST-aware. A wall time inside the
 * spring-forward gap is read with the offset before the change; in the autumn overlap the first
 * (summer) occurrence wins.
 */
export function wallClockToUtc(wall: WallClock, zone: string): string {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const guess = asUtc - offsetMinutes(zone, asUtc) * 60_000;
  return new Date(asUtc - offsetMinutes(zone, guess) * 60_000).toISOString();
}
