import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { tags } from '../../../src/changes/change-summary.js';
import type { Services } from '../../../src/deps.js';
import { negotiateLanguage } from '../../../src/http/language.js';
import { Envelope, envelope } from '../../../src/wire/envelope.js';
import { presentSearchResult } from '../../../src/wire/presenters/search.js';
import { SearchResult } from '../../../src/wire/schemas/search.js';
import { SearchQuery } from '../../schemas/search-query.js';

/**
 * Issue 49: competitions, teams and players by name (docs/rest/search.md); one plan unit, names
 * in the request's language, `Last-Modified` of the names (any reference change).
 */
export async function searchRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/search',
    {
      config: {
        access: 'plan',
        translated: true,
        lastModifiedOf: () => services.searchVersions.lastModified(0),
      },
      schema: { querystring: SearchQuery, response: { 200: Envelope(Type.Array(SearchResult)) } },
    },
    async (request) => {
      const language = negotiateLanguage(request);
      const results = await services.search.search(request.query.q, request.query.type);
      request.cacheTags = [tags.search];
      return envelope(results.map((r) => presentSearchResult(r, language)));
    },
  );
}
