import type { Competition, Match, Statistic, Team } from '../format.js';
import { FOOTBALL_DATA_COMPETITIONS, unknownCompetition } from './football-data-reference.js';
import { stableId } from './stable-id.js';
import { ukLocalToUtc } from './uk-time.js';

export type Row = Record<string, string>;

/** A count, or null when the cell is empty (not reported upstream). */
export function count(row: Row, column: string): number | null {
  const text = (row[column] ?? '').trim();
  if (text === '') {
    return null;
  }
  const value = Number(text);
  return Number.isInteger(value) && value >= 0 && value <= 1000 ? value : null;
}

/** Main-league files have `Div` and `HomeTeam`; the all-seasons files `League` and `Home`. */
export function readRow(row: Row) {
  const isMain = row['Div'] !== undefined;
  const compKey = isMain
    ? (row['Div'] ?? '').trim()
    : `${(row['Country'] ?? '').trim()}|${(row['League'] ?? '').trim()}`;
  return {
    compKey,
    home: ((isMain ? row['HomeTeam'] : row['Home']) ?? '').trim(),
    away: ((isMain ? row['AwayTeam'] : row['Away']) ?? '').trim(),
    homeGoals: count(row, isMain ? 'FTHG' : 'HG'),
    awayGoals: count(row, isMain ? 'FTAG' : 'AG'),
    season: isMain ? undefined : (row['Season'] ?? '').trim() || undefined,
    // The files give UK local time for every league; a missing time is read as 15:00.
    kickoffUtc: ukLocalToUtc(row['Date'] ?? '', (row['Time'] ?? '').trim() || '15:00'),
  };
}

export function competitionFor(key: string): Competition {
  return FOOTBALL_DATA_COMPETITIONS[key] ?? unknownCompetition(key, stableId(`competition|${key}`));
}

export function teamFor(competition: Competition, name: string): Team {
  const scope = competition.country ?? competition.code;
  return {
    id: stableId(`team|${scope}|${name}`),
    nameOriginal: name,
    nameEn: name,
    country: competition.country ?? null,
  };
}

/** European season label "2024-25" from the kick-off (seasons start in July). */
function seasonOf(kickoffUtc: string): string {
  const date = new Date(kickoffUtc);
  const start = date.getUTCMonth() >= 6 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function matchOf(
  row: Row,
  ids: { id: number; competitionId: number; homeTeamId: number; awayTeamId: number },
): Match {
  const r = readRow(row);
  return {
    ...ids,
    status: 'finished',
    kickoffUtc: r.kickoffUtc,
    season: r.season ?? seasonOf(r.kickoffUtc),
    homeScore: r.homeGoals,
    awayScore: r.awayGoals,
    htHomeScore: count(row, 'HTHG'),
    htAwayScore: count(row, 'HTAG'),
    homeCorners: count(row, 'HC'),
    awayCorners: count(row, 'AC'),
    homeYellow: count(row, 'HY'),
    homeRed: count(row, 'HR'),
    awayYellow: count(row, 'AY'),
    awayRed: count(row, 'AR'),
  };
}

const STATISTICS = [
  ['shots', 'HS', 'AS'],
  ['shotsOnTarget', 'HST', 'AST'],
  ['fouls', 'HF', 'AF'],
  ['corners', 'HC', 'AC'],
  ['yellowCards', 'HY', 'AY'],
  ['redCards', 'HR', 'AR'],
] as const;

/** The statistics the row reports; a statistic empty on both sides is left out. */
export function statisticsOf(row: Row, matchId: number): Statistic[] {
  return STATISTICS.flatMap(([type, h, a], sort) => {
    const home = count(row, h);
    const away = count(row, a);
    return home === null && away === null ? [] : [{ matchId, type, home, away, sort: sort + 1 }];
  });
}
