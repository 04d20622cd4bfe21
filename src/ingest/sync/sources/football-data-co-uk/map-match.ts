import type { MatchFact, MatchStatisticsFact, TeamFact } from '../../facts.js';
import type { FixtureRow } from './fixtures.js';
import { competitionFact } from './reference.js';
import { count } from './rows.js';

/**
 * The status comes from the row: a full-time score means the match was played (`finished`); no
 * score means a fixture not played yet (`scheduled`, as in the weekly fixtures.csv).
 */
export function matchFact(r: FixtureRow): MatchFact {
  const finished = r.homeGoals !== null && r.awayGoals !== null;
  return {
    sourceId: r.sourceId,
    competition: r.competition,
    home: r.home,
    away: r.away,
    status: finished ? 'finished' : 'scheduled',
    minute: null,
    kickoffUtc: r.kickoffUtc,
    season: r.season,
    homeScore: r.homeGoals,
    awayScore: r.awayGoals,
    htHomeScore: count(r.row, 'HTHG'),
    htAwayScore: count(r.row, 'HTAG'),
    homeCorners: count(r.row, 'HC'),
    awayCorners: count(r.row, 'AC'),
    homeYellow: count(r.row, 'HY'),
    homeRed: count(r.row, 'HR'),
    awayYellow: count(r.row, 'AY'),
    awayRed: count(r.row, 'AR'),
  };
}

/** A team's source id is its name as the files write it (`Man United`). */
export function teamFacts(r: FixtureRow): TeamFact[] {
  const country = competitionFact(r.competition).country ?? null;
  return [r.home, r.away].map((name) => ({
    sourceId: name,
    name,
    country,
    competition: r.competition,
  }));
}

/** Statistic type, home column, away column (names as the demo's statistics use them). */
const STATISTICS = [
  ['shots', 'HS', 'AS'],
  ['shotsOnTarget', 'HST', 'AST'],
  ['fouls', 'HF', 'AF'],
  ['corners', 'HC', 'AC'],
  ['offsides', 'HO', 'AO'],
  ['yellowCards', 'HY', 'AY'],
  ['redCards', 'HR', 'AR'],
] as const;

/** The statistics the row reports; one empty on both sides is left out, none at all: no fact. */
export function statisticsFact(r: FixtureRow): MatchStatisticsFact | undefined {
  const rows = STATISTICS.flatMap(([type, h, a], sort) => {
    const home = count(r.row, h) ?? null;
    const away = count(r.row, a) ?? null;
    return home === null && away === null ? [] : [{ type, home, away, sort: sort + 1 }];
  });
  return rows.length > 0 ? { match: r.sourceId, rows } : undefined;
}
