import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CodeParams, PriceBody } from '../schemas.js';
import type { AdminServices } from '../services.js';

/** Spec 9.3: a price change inserts a new plan version. */
export const planRoutes: FastifyPluginAsyncTypebox<{ services: AdminServices }> = async (
  app,
  { services },
) => {
  app.post(
    '/plans/:code/prices',
    { schema: { params: CodeParams, body: PriceBody } },
    async (request, reply) => {
      const { price, compareAtPrice } = request.body;
      reply.code(201);
      return {
        data: await services.planPrices.setPrice(request.params.code, price, compareAtPrice),
      };
    },
  );
};
