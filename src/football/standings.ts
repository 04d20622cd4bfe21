import { computeStandings, type Standings } from '../analysis/standings/engine.js';
import type { LastModified } from '../changes/match-versions.js';
import type { SqlRead } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import {
  type CompetitionSummary,
  type CompetitionsService,
  currentSeasonOf,
  lastModifiedOf,
} from './competitions.js';
import { type Names, names } from './match-record.js';
import type { MatchStatus } from './vocabulary.js';

/**
 * A competition's standings (docs/rest/competitions.md): its season's matches, teams and point
 * deductions read in three statements for any number of asked tables (GraphQL batches them), and
 * the pure engine (src/analysis/standings/) makes the tables.
 */

export interface StandingsTeam {
  id: number;
  /** English: the engine's last tie-break orders by it. */
  name: string;
  names: Names;
}

export interface StandingsRequest {
  competitionId: number;
  /** Start year; absent: the competition's current season. */
  season?: number | undefined;
  live: boolean;
}

export interface StandingsAnswer {
  competition: CompetitionSummary;
  season: number;
  live: boolean;
  standings: Standings<StandingsTeam>[];
}

interface MatchRow {
  competition_id: number;
  season: string;
  id: number;
  home_team_id: number;
  away_team_id: number;
  status: MatchStatus;
  home_score: number | null;
  away_score: number | null;
  kickoff_utc: Date;
  round: string | null;
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The competition and season asked for, or the problem: unknown competition, or no such season. */
export function resolveSeason(
  competition: CompetitionSummary | undefined,
  competitionId: number,
  season: number | undefined,
  now: Date,
): { competition: CompetitionSummary; season: number } {
  if (!competition) {
    throw new ApiError('not_found', `No competition ${competitionId}`);
  }
  const years = competition.seasons.map((s) => s.year);
  const year = season ?? currentSeasonOf(competition, todayOf(now));
  if (year === null || !years.includes(year)) {
    const known = years.length > 0 ? `its seasons: ${years.join(', ')}` : 'it has no matches';
    throw new ApiError(
      'not_found',
      season === undefined
        ? `Competition ${competitionId} has no season (${known})`
        : `Competition ${competitionId} has no matches in season ${season} (${known})`,
    );
  }
  return { competition, season: year };
}

export function createStandingsService({
  read,
  competitions,
  now,
}: {
  read: SqlRead;
  competitions: CompetitionsService;
  now: () => Date;
}) {
  /** Resolves every request first: one unknown competition or season fails only its own answer. */
  async function standingsFor(
    requests: readonly StandingsRequest[],
  ): Promise<(StandingsAnswer | ApiError)[]> {
    const catalogue = await competitions.catalogue();
    const resolved = requests.map((r) => {
      try {
        return resolveSeason(catalogue.byId.get(r.competitionId), r.competitionId, r.season, now());
      } catch (error) {
        return error as ApiError;
      }
    });
    const wanted = resolved.flatMap((r) =>
      r instanceof ApiError
        ? []
        : (r.competition.seasons.find((s) => s.year === r.season)?.labels ?? []).map((label) => ({
            competitionId: r.competition.id,
            label,
            season: r.season,
          })),
    );
    if (wanted.length === 0) {
      return resolved.map((r) => r as ApiError);
    }
    const [matches, teams, deductions] = await Promise.all([
      read<MatchRow>({
        text: `SELECT m.competition_id, m.season, m.id, m.home_team_id, m.away_team_id,
                      m.status::text AS status, m.home_score, m.away_score, m.kickoff_utc, m.round
                 FROM matches m
                 JOIN unnest($1::int[], $2::text[]) AS w(competition_id, season)
                   ON m.competition_id = w.competition_id AND m.season = w.season`,
        values: [wanted.map((w) => w.competitionId), wanted.map((w) => w.label)],
      }),
      read<{
        id: number;
        name_en: string;
        name_zh_cn: string | null;
        name_zh_hk: string | null;
      }>({
        text: `SELECT t.id, t.name_en, t.name_zh_cn, t.name_zh_hk FROM teams t
                WHERE t.id IN (SELECT unnest(ARRAY[m.home_team_id, m.away_team_id])
                                 FROM matches m
                                 JOIN unnest($1::int[], $2::text[]) AS w(competition_id, season)
                                   ON m.competition_id = w.competition_id AND m.season = w.season)`,
        values: [wanted.map((w) => w.competitionId), wanted.map((w) => w.label)],
      }),
      read<{ competition_id: number; season: number; team_id: number; points: number }>({
        text: `SELECT competition_id, season, team_id, points FROM point_deductions
                WHERE (competition_id, season) IN
                      (SELECT * FROM unnest($1::int[], $2::int[]))`,
        values: [wanted.map((w) => w.competitionId), wanted.map((w) => w.season)],
      }),
    ]);
    const teamMap = new Map<number, StandingsTeam>(
      teams.map((t) => [
        t.id,
        { id: t.id, name: t.name_en, names: names(t.name_en, t.name_zh_cn, t.name_zh_hk) },
      ]),
    );
    return resolved.map((r, i) => {
      if (r instanceof ApiError) {
        return r;
      }
      const labels = new Set(r.competition.seasons.find((s) => s.year === r.season)?.labels);
      const live = (requests[i] as StandingsRequest).live;
      const own = matches.filter(
        (m) => m.competition_id === r.competition.id && labels.has(m.season),
      );
      return {
        competition: r.competition,
        season: r.season,
        live,
        standings: computeStandings({
          type: r.competition.type,
          matches: own.map((m) => ({
            id: m.id,
            homeTeamId: m.home_team_id,
            awayTeamId: m.away_team_id,
            status: m.status,
            homeScore: m.home_score,
            awayScore: m.away_score,
            kickoffUtc: new Date(m.kickoff_utc),
            round: m.round,
          })),
          teams: teamMap,
          deductions: deductions
            .filter((d) => d.competition_id === r.competition.id && d.season === r.season)
            .map((d) => ({ teamId: d.team_id, points: d.points })),
          rules: r.competition.tieBreaks,
          live,
        }),
      };
    });
  }

  return {
    standingsFor,
    /** One table set: its problem thrown (REST). */
    async standings(request: StandingsRequest): Promise<StandingsAnswer> {
      const [answer] = await standingsFor([request]);
      if (answer instanceof ApiError || !answer) {
        throw answer ?? new ApiError('not_found', `No competition ${request.competitionId}`);
      }
      return answer;
    },
    /**
     * `Last-Modified` of a competition's standings: its season's last match or deduction
     * change, or reference data's (names). Null where the competition or season is unknown.
     */
    lastModified(
      competitionId: number,
      season: number | undefined,
    ): LastModified | null | Promise<LastModified | null> {
      const modifiedIn = (c: Awaited<ReturnType<CompetitionsService['catalogue']>>) => {
        const competition = c.byId.get(competitionId);
        if (!competition) {
          return null;
        }
        const year = season ?? currentSeasonOf(competition, todayOf(now()));
        const s = competition.seasons.find((x) => x.year === year);
        return s ? lastModifiedOf(s.changedAt, c.referenceAt) : null;
      };
      return competitions.catalogue().then(modifiedIn);
    },
  };
}

export type StandingsService = ReturnType<typeof createStandingsService>;
