import { regionOfCountry } from '../../football/regions.js';
import type { Competition, Match, Player, Team } from '../format.js';
import { stableId } from '../sources/stable-id.js';
import type { StatsBombMatch } from './statsbomb-schema.js';

/** The touchline ids a replay writes under. */
export interface ReplayIds {
  matchId: number;
  competitionId: number;
  homeTeamId: number;
  awayTeamId: number;
}

/**
 * Ids are derived from StatsBomb's own (a hash into the id range, as the former football-data
 * converter did), so they do not collide with the demo's or a provider's, and replaying a match again
 * writes the same rows instead of adding a copy. `matchId` may be chosen instead (--match-id).
 */
export const statsBombMatchId = (statsbombMatchId: number) =>
  stableId(`statsbomb|match|${statsbombMatchId}`);

/** A StatsBomb player's touchline id (issue 49): the same in every replay. */
export const statsBombPlayerId = (statsbombPlayerId: number) =>
  stableId(`statsbomb|player|${statsbombPlayerId}`);

export function replayIds(match: StatsBombMatch, matchId?: number): ReplayIds {
  return {
    matchId: matchId ?? statsBombMatchId(match.match_id),
    competitionId: stableId(`statsbomb|competition|${match.competition.competition_id}`),
    homeTeamId: stableId(`statsbomb|team|${match.home_team.home_team_id}`),
    awayTeamId: stableId(`statsbomb|team|${match.away_team.away_team_id}`),
  };
}

export function competitionRecord(match: StatsBombMatch, ids: ReplayIds): Competition {
  const { competition_id, competition_name, country_name } = match.competition;
  return {
    id: ids.competitionId,
    code: `SB-${competition_id}`,
    nameEn: competition_name,
    nameOriginal: competition_name,
    region: regionOfCountry(country_name),
    ...(country_name ? { country: country_name } : {}),
  };
}

export function teamRecords(match: StatsBombMatch, ids: ReplayIds): [Team, Team] {
  const team = (id: number, name: string, country: string | undefined): Team => ({
    id,
    nameOriginal: name,
    nameEn: name,
    ...(country ? { country } : {}),
  });
  const { home_team: home, away_team: away } = match;
  return [
    team(ids.homeTeamId, home.home_team_name, home.country?.name),
    team(ids.awayTeamId, away.away_team_name, away.country?.name),
  ];
}

function roundOf(match: StatsBombMatch): string | undefined {
  const stage = match.competition_stage?.name;
  const week = match.match_week ? `Matchday ${match.match_week}` : undefined;
  if (!stage || stage === 'Regular Season') {
    return week;
  }
  return week ? `${stage}, ${week}` : stage;
}

/** The match as scheduled: no score, no clock (a replay that starts again starts clean). */
export function scheduledMatch(match: StatsBombMatch, ids: ReplayIds, kickoffUtc: string): Match {
  const round = roundOf(match)?.slice(0, 60);
  return {
    id: ids.matchId,
    competitionId: ids.competitionId,
    homeTeamId: ids.homeTeamId,
    awayTeamId: ids.awayTeamId,
    status: 'scheduled',
    kickoffUtc,
    ...(match.season ? { season: match.season.season_name } : {}),
    ...(round ? { round } : {}),
    ...(match.stadium ? { venue: match.stadium.name } : {}),
  };
}

/** The players of both team sheets (their names as the sheets write them, their club). */
export function playerRecords(
  sheets: Record<
    'home' | 'away',
    {
      players: readonly {
        id: number;
        record: { name: string; position?: string | null | undefined };
      }[];
    }
  >,
  ids: ReplayIds,
): Player[] {
  return (['home', 'away'] as const).flatMap((side) =>
    sheets[side].players.map(({ id, record }) => ({
      id: statsBombPlayerId(id),
      nameEn: record.name,
      nameOriginal: record.name,
      teamId: side === 'home' ? ids.homeTeamId : ids.awayTeamId,
      ...(record.position ? { position: record.position } : {}),
    })),
  );
}
