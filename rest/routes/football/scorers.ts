import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tags } from '../../../src/changes/change-summary.js';
import type { Services } from '../../../src/deps.js';
import { negotiateLanguage } from '../../../src/http/language.js';
import { Envelope, envelope } from '../../../src/wire/envelope.js';
import { presentScorers } from '../../../src/wire/presenters/scorers.js';
import { CompetitionScorers } from '../../../src/wire/schemas/scorers.js';
import { CompetitionIdParams, rawSeasonOf, ScorersQuery } from '../../schemas/competition-query.js';

const today = (now: () => Date) => now().toISOString().slice(0, 10);

/**
 * Issue 49: a competition season's top scorers (docs/rest/competitions.md "Scorers"). One plan
 * unit, names in the request's language, `Last-Modified` from the season and its events.
 */
export async function scorersRoutes(
  fastify: FastifyInstance,
  { services, now }: { services: Services; now: () => Date },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const lastModifiedOf = (request: FastifyRequest) => {
    const asked = rawSeasonOf(request);
    return asked && services.scorers.lastModified(asked.competitionId, asked.season);
  };
  app.get(
    '/competitions/:competitionId/scorers',
    {
      config: {
        access: 'plan',
        translated: true,
        // Without `season` the answer is the current season's, which moves with the date.
        cacheVary: (request) =>
          (request.query as { season?: number }).season === undefined ? today(now) : '',
        lastModifiedOf,
      },
      schema: {
        params: CompetitionIdParams,
        querystring: ScorersQuery,
        response: { 200: Envelope(CompetitionScorers) },
      },
    },
    async (request) => {
      const { competitionId } = request.params;
      const answer = await services.scorers.scorers({
        competitionId,
        season: request.query.season,
      });
      request.cacheTags = [tags.competition(competitionId), tags.anyScorers];
      return envelope(presentScorers(answer, negotiateLanguage(request)));
    },
  );
}
