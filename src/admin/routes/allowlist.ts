import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../errors/api-error.js';
import { EntryBody, IdParams, OptionalEntry } from '../schemas.js';
import type { AdminServices } from '../services.js';
import { adminActor } from './actor.js';

/** Spec 5.6: a key's IP allowlist. */
export const allowlistRoutes: FastifyPluginAsyncTypebox<{ services: AdminServices }> = async (
  app,
  { services },
) => {
  app.get('/keys/:id/allowlist', { schema: { params: IdParams } }, async (request) => ({
    data: await services.allowlist.list(request.params.id),
  }));

  app.post(
    '/keys/:id/allowlist',
    { schema: { params: IdParams, body: EntryBody } },
    async (request) => ({
      data: await services.allowlist.add(
        request.params.id,
        request.body.entry,
        adminActor(request.ip),
      ),
    }),
  );

  /** The entry comes in the query (`?entry=`) or a JSON body; DELETE bodies are often dropped. */
  app.delete(
    '/keys/:id/allowlist',
    { schema: { params: IdParams, querystring: OptionalEntry } },
    async (request) => {
      // No body schema: Fastify would refuse the bodiless DELETE that carries `?entry=`.
      const body = request.body as { entry?: unknown } | undefined;
      const entry = request.query.entry ?? body?.entry;
      if (typeof entry !== 'string' || entry === '') {
        throw new ApiError('invalid_parameter', "Parameter 'entry' is required", {
          parameter: 'entry',
        });
      }
      return {
        data: await services.allowlist.remove(request.params.id, entry, adminActor(request.ip)),
      };
    },
  );
};
