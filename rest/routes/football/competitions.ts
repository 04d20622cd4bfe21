import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { tags } from '../../../src/changes/change-summary.js';
import type { Services } from '../../../src/deps.js';
import { currentSeasonOf } from '../../../src/football/competitions.js';
import { negotiateLanguage } from '../../../src/http/language.js';
import { Envelope, envelope } from '../../../src/wire/envelope.js';
import { presentCompetition, presentStandings } from '../../../src/wire/presenters/competitions.js';
import { Competition, CompetitionStandings } from '../../../src/wire/schemas/competitions.js';
import {
  CompetitionIdParams,
  rawSeasonOf,
  StandingsQuery,
} from '../../schemas/competition-query.js';

interface CompetitionsRouteOptions {
  services: Services;
  now: () => Date;
}

const today = (now: () => Date) => now().toISOString().slice(0, 10);

/**
 * Issue 49: the competitions list and a competition's standings (docs/rest/competitions.md).
 * One plan unit each, names in the request's language, `Last-Modified` from the catalogue.
 */
export async function competitionsRoutes(
  fastify: FastifyInstance,
  { services, now }: CompetitionsRouteOptions,
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/competitions',
    {
      config: {
        access: 'plan',
        translated: true,
        // `currentSeason` moves with the date: the cache must see which day it was.
        cacheVary: () => today(now),
        lastModifiedOf: () => services.competitions.listModified(),
      },
      schema: { response: { 200: Envelope(Type.Array(Competition)) } },
    },
    async (request) => {
      const language = negotiateLanguage(request);
      const catalogue = await services.competitions.catalogue();
      request.cacheTags = [tags.catalogue];
      const day = today(now);
      return envelope(
        catalogue.competitions.map((c) => presentCompetition(c, currentSeasonOf(c, day), language)),
      );
    },
  );

  app.get(
    '/competitions/:competitionId/standings',
    {
      config: {
        access: 'plan',
        translated: true,
        // Without `season` the answer is the current season's, which moves with the date.
        cacheVary: (request) =>
          (request.query as { season?: number }).season === undefined ? today(now) : '',
        lastModifiedOf: (request) => {
          const asked = rawSeasonOf(request);
          return asked && services.standings.lastModified(asked.competitionId, asked.season);
        },
      },
      schema: {
        params: CompetitionIdParams,
        querystring: StandingsQuery,
        response: { 200: Envelope(CompetitionStandings) },
      },
    },
    async (request) => {
      const { competitionId } = request.params;
      const answer = await services.standings.standings({
        competitionId,
        season: request.query.season,
        live: request.query.live ?? false,
      });
      request.cacheTags = [tags.competition(competitionId), tags.anyCompetition];
      return envelope(presentStandings(answer, negotiateLanguage(request)));
    },
  );
}
