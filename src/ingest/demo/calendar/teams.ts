import { COMPETITIONS, type CompetitionSpec } from '../data/competitions.js';
import type { TeamRow } from '../data/team-row.js';
import { CSL_TEAMS, HKPL_TEAMS, J1_TEAMS, K1_TEAMS } from '../data/teams-asia.js';
import { BUNDESLIGA_TEAMS, EPL_TEAMS, LALIGA_TEAMS, SERIE_A_TEAMS } from '../data/teams-europe.js';

export interface TeamInfo {
  id: number;
  original: string;
  en: string;
  zhCn: string;
  zhHk: string;
  venue: string;
  stars: number;
  country: string;
  league: CompetitionSpec;
}

const ROWS_BY_LEAGUE: Readonly<Record<number, readonly TeamRow[]>> = {
  1: J1_TEAMS,
  2: K1_TEAMS,
  3: CSL_TEAMS,
  4: HKPL_TEAMS,
  6: EPL_TEAMS,
  7: LALIGA_TEAMS,
  8: SERIE_A_TEAMS,
  9: BUNDESLIGA_TEAMS,
};

function toTeam(league: CompetitionSpec, row: TeamRow, index: number): TeamInfo {
  const [original, en, zhCn, zhHk, venue, stars] = row;
  return {
    id: league.id * 100 + index + 1,
    original,
    en,
    zhCn,
    zhHk,
    venue,
    stars,
    country: league.country ?? '',
    league,
  };
}

/** Teams by league id; team ids are permanent: league id x 100 + position in the table. */
export function buildTeams(): Map<number, TeamInfo[]> {
  const byLeague = new Map<number, TeamInfo[]>();
  for (const league of COMPETITIONS) {
    const rows = ROWS_BY_LEAGUE[league.id];
    if (rows) {
      byLeague.set(
        league.id,
        rows.map((row, i) => toTeam(league, row, i)),
      );
    }
  }
  return byLeague;
}
