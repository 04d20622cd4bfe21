import type { FastifyRequest } from 'fastify';
import Type from 'typebox';

/** Request schemas of the competition routes: they drive validation and the OpenAPI document. */

/** Path `{competitionId}`: a positive int32, as `data[].id` of the competitions list gives it. */
export const CompetitionIdParams = Type.Object(
  {
    competitionId: Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      description: 'The competition id, as `data[].id` of the competitions list gives it.',
    }),
  },
  { additionalProperties: false },
);

const SeasonParam = Type.Optional(
  Type.Integer({
    format: 'int32',
    minimum: 1800,
    maximum: 2999,
    description:
      "The season's start year (2024 for 2024-25; the calendar year for J1 and the CSL). Default: the current season (`currentSeason` of the competitions list).",
  }),
);

export const StandingsQuery = Type.Object({
  season: SeasonParam,
  live: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'true: matches in play count at their current score; false: finished matches only.',
    }),
  ),
});

/** The scorers' query: the standings' season alone. */
export const ScorersQuery = Type.Object({ season: SeasonParam });

/**
 * The competition and season a standings or scorers request names, read from the raw request
 * (the replay path asks for `Last-Modified` before validation, when both are strings); undefined
 * when either is not a number.
 */
export function rawSeasonOf(
  request: FastifyRequest,
): { competitionId: number; season: number | undefined } | undefined {
  const competitionId = Number((request.params as { competitionId?: unknown }).competitionId);
  const raw = (request.query as { season?: unknown }).season;
  const season = raw === undefined ? undefined : Number(raw);
  return Number.isSafeInteger(competitionId) &&
    (season === undefined || Number.isSafeInteger(season))
    ? { competitionId, season }
    : undefined;
}
