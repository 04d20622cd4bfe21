import { computeStandings, type Standings } from '../analysis/standings/engine.js';
import type { LastModified } from '../changes/match-versions.js';
import { ApiError } from '../errors/api-error.js';
import {
  type CompetitionSummary,
  type CompetitionsService,
  currentSeasonOf,
  lastModifiedOf,
} from './competitions.js';
import type { SeasonMatches, SeasonMatchesSource, StandingsTeam } from './season-matches.js';

export type { StandingsTeam } from './season-matches.js';

/**
 * A competition's standings (docs/rest/competitions.md): its season's matches, teams and point
 * deductions (season-matches.ts: kept per competition-season, the missing ones read in three
 * statements for any number of asked tables, as GraphQL batches them), and the pure engine
 * (src/analysis/standings/) makes the tables.
 */

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

/**
 * Each request's competition and season, resolved first by the batch reads (standings,
 * scorers): one unknown competition or season fails only its own answer.
 */
export function resolveRequests(
  catalogue: { byId: ReadonlyMap<number, CompetitionSummary> },
  requests: readonly { competitionId: number; season?: number | undefined }[],
  now: Date,
): ({ competition: CompetitionSummary; season: number } | ApiError)[] {
  return requests.map((r) => {
    try {
      return resolveSeason(catalogue.byId.get(r.competitionId), r.competitionId, r.season, now);
    } catch (error) {
      return error as ApiError;
    }
  });
}

const seasonKey = (r: { competition: CompetitionSummary; season: number }) => ({
  competitionId: r.competition.id,
  year: r.season,
  labels: r.competition.seasons.find((s) => s.year === r.season)?.labels ?? [],
});

export function createStandingsService({
  seasons,
  competitions,
  now,
}: {
  seasons: SeasonMatchesSource;
  competitions: CompetitionsService;
  now: () => Date;
}) {
  /** Resolves every request first: one unknown competition or season fails only its own answer. */
  async function standingsFor(
    requests: readonly StandingsRequest[],
    fresh = false,
  ): Promise<(StandingsAnswer | ApiError)[]> {
    const resolved = resolveRequests(await competitions.catalogue(), requests, now());
    const ok = resolved.filter((r): r is Exclude<typeof r, ApiError> => !(r instanceof ApiError));
    const data = await seasons.seasons(ok.map(seasonKey), fresh);
    return resolved.map((r, i) => {
      if (r instanceof ApiError) {
        return r;
      }
      const season = data[ok.indexOf(r)] as SeasonMatches;
      const live = (requests[i] as StandingsRequest).live;
      return {
        competition: r.competition,
        season: r.season,
        live,
        standings: computeStandings({
          type: r.competition.type,
          matches: season.matches,
          teams: season.teams,
          deductions: season.deductions,
          rules: r.competition.tieBreaks,
          live,
        }),
      };
    });
  }

  return {
    standingsFor,
    /** One table set: its problem thrown (REST); `fresh`: its matches read now (push). */
    async standings(request: StandingsRequest, fresh = false): Promise<StandingsAnswer> {
      const [answer] = await standingsFor([request], fresh);
      if (answer instanceof ApiError || !answer) {
        throw answer ?? new ApiError('not_found', `No competition ${request.competitionId}`);
      }
      return answer;
    },
    /**
     * `Last-Modified` of a competition's standings: its season's last match or deduction
     * change, or reference data's (names). Null where the competition or season is unknown.
     */
    async lastModified(
      competitionId: number,
      season: number | undefined,
    ): Promise<LastModified | null> {
      const c = await competitions.catalogue();
      let resolved: ReturnType<typeof resolveSeason>;
      try {
        resolved = resolveSeason(c.byId.get(competitionId), competitionId, season, now());
      } catch {
        return null;
      }
      const [data] = await seasons.seasons([seasonKey(resolved)]);
      return lastModifiedOf(data?.changedAt, c.referenceAt);
    },
  };
}

export type StandingsService = ReturnType<typeof createStandingsService>;
