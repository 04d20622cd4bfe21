import { DAY_MS, HOUR_MS, MINUTE_MS } from '../clock.js';
import type { CompetitionSpec } from '../data/competitions.js';
import type { Rng } from '../random.js';

export const WEEK_MS = 7 * DAY_MS;

/** Round weeks start on Thursday (00:00 UTC) so Friday-to-Monday league rounds and midweek cups sit in one week. */
export function weekStartOf(t: number): number {
  const day = Math.floor(t / DAY_MS);
  // 1970-01-01 was a Thursday.
  return (day - (((day % 7) + 7) % 7)) * DAY_MS;
}

interface SeasonWeek {
  /** Season label: "2026" (calendar-year leagues) or "2026/27". */
  season: string;
  /** 0-based round of the season played in this week, if any. */
  round: number;
}

function seasonLabel(comp: CompetitionSpec, startYear: number): string {
  return comp.calendarYear
    ? String(startYear)
    : `${startYear}/${String((startYear + 1) % 100).padStart(2, '0')}`;
}

/** The round (if any) that `comp` plays in the week starting at `weekStart`. */
export function roundOfWeek(
  comp: CompetitionSpec,
  weekStart: number,
  rounds: number,
): SeasonWeek | null {
  const year = new Date(weekStart).getUTCFullYear();
  for (const startYear of [year, year - 1]) {
    const [month, day] = comp.seasonStart;
    const first = weekStartOf(Date.UTC(startYear, month - 1, day));
    const w = Math.round((weekStart - first) / WEEK_MS);
    if (w < 0 || w >= comp.seasonWeeks) {
      continue;
    }
    const r = Math.ceil((w * rounds) / comp.seasonWeeks);
    if (r < rounds && Math.floor((r * comp.seasonWeeks) / rounds) === w) {
      return { season: seasonLabel(comp, startYear), round: r };
    }
    return null;
  }
  return null;
}

/** A kick-off inside the round week on one of the competition's match days, at a local time. */
export function kickoffInWeek(comp: CompetitionSpec, weekStart: number, rng: Rng): number {
  const weekday = rng.pick(comp.days);
  const offsetDays = (weekday - 4 + 7) % 7;
  const [hh, mm] = rng.pick(comp.kickoffs).split(':').map(Number);
  return (
    weekStart +
    offsetDays * DAY_MS +
    (hh ?? 0) * HOUR_MS +
    (mm ?? 0) * MINUTE_MS -
    comp.utcOffset * HOUR_MS
  );
}

/** Circle-method round robin: rounds of [home, away] index pairs; later robins swap home and away. */
export function roundRobin(teams: number, robins: number): Array<Array<[number, number]>> {
  const order = Array.from({ length: teams }, (_, i) => i);
  const single: Array<Array<[number, number]>> = [];
  for (let r = 0; r < teams - 1; r++) {
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < teams / 2; i++) {
      const a = order[i] ?? 0;
      const b = order[teams - 1 - i] ?? 0;
      pairs.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    single.push(pairs);
    order.splice(1, 0, order.pop() ?? 0);
  }
  const all: Array<Array<[number, number]>> = [];
  for (let k = 0; k < robins; k++) {
    for (const pairs of single) {
      all.push(k % 2 === 0 ? pairs : pairs.map(([h, a]) => [a, h] as [number, number]));
    }
  }
  return all;
}
