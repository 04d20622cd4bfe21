import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { AdminServices } from '../services.js';

const SourceQuery = Type.Object({
  source: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,60}$' })),
});

/** The sync sources (docs/sources.md): what `touchline sources` and `touchline map` list. */
export const sourceRoutes: FastifyPluginAsyncTypebox<{ services: AdminServices }> = async (
  app,
  { services },
) => {
  app.get('/sources', async () => ({ data: await services.sources.list() }));
  app.get('/sources/unmatched', { schema: { querystring: SourceQuery } }, async (request) => ({
    data: await services.sources.unmatched(request.query.source),
  }));
};
