import { wallClockToUtc } from '../../../../football/local-time.js';

/**
 * UK local date (`dd/mm/yyyy` or `dd/mm/yy`) and time (`HH:MM`) to a UTC ISO timestamp,
 * DST-aware: football-data.co.uk writes every league's kick-off in UK time, Japan and China
 * included (checked against openfootball's local times: ../shared/data/real/README.md).
 */
export function ukLocalToUtc(date: string, time: string): string {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) {
    throw new Error(`unreadable date/time ${JSON.stringify(date)} ${JSON.stringify(time)}`);
  }
  const year = d[3]?.length === 2 ? 2000 + Number(d[3]) : Number(d[3]);
  const wall = {
    year,
    month: Number(d[2]),
    day: Number(d[1]),
    hour: Number(t[1]),
    minute: Number(t[2]),
  };
  return wallClockToUtc(wall, 'Europe/London');
}
