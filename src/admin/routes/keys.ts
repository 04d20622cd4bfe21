import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateKeyBody, IdParams, ReplaceKeyBody } from '../schemas.js';
import type { AdminServices } from '../services.js';
import { adminActor } from './actor.js';

/** Spec 3.2 key lifecycle. The full key is in the create and replace responses only. */
export const keyRoutes: FastifyPluginAsyncTypebox<{ services: AdminServices }> = async (
  app,
  { services },
) => {
  app.get('/accounts/:id/keys', { schema: { params: IdParams } }, async (request) => ({
    data: await services.keys.listKeys(request.params.id),
  }));

  app.post(
    '/accounts/:id/keys',
    { schema: { params: IdParams, body: CreateKeyBody } },
    async (request, reply) => {
      const { test, expires } = request.body ?? {};
      const created = await services.keys.createKey(
        request.params.id,
        { test: Boolean(test), expires },
        adminActor(request.ip),
      );
      reply.code(201).header('cache-control', 'no-store');
      return { data: created };
    },
  );

  app.post(
    '/accounts/:id/keys/replace',
    { schema: { params: IdParams, body: ReplaceKeyBody } },
    async (request, reply) => {
      const created = await services.keys.replaceKey(
        request.params.id,
        { expires: request.body?.expires },
        adminActor(request.ip),
      );
      reply.code(201).header('cache-control', 'no-store');
      return { data: created };
    },
  );

  app.post('/keys/:id/revoke', { schema: { params: IdParams } }, async (request) => ({
    data: await services.keys.revokeKey(request.params.id, adminActor(request.ip)),
  }));
};
