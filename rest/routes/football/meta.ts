import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { PlansService } from '../../../src/accounts/plans.js';
import { Envelope, envelope } from '../../../src/wire/envelope.js';
import { Pricing, TierLimits } from '../../../src/wire/schemas/meta.js';

/** DECISIONS.md "Access": meta consumes no allowance and may be cached by clients for a minute. */
const META_CACHE_CONTROL = 'public, max-age=60';

/**
 * Spec 4.1: keyless meta endpoints, answered from the response cache like the data routes (a
 * plan or price change clears it on every instance; it expires within `propagationSeconds`).
 */
export async function metaRoutes(app: FastifyInstance, { plans }: { plans: PlansService }) {
  app.get(
    '/meta/limits',
    {
      config: { cacheable: true, showsNoMatchData: true },
      schema: { response: { 200: Envelope(Type.Array(TierLimits)) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', META_CACHE_CONTROL);
      return envelope(await plans.listTierLimits());
    },
  );
  app.get(
    '/meta/plans',
    {
      config: { cacheable: true, showsNoMatchData: true },
      schema: { response: { 200: Envelope(Pricing) } },
    },
    async (_request, reply) => {
      reply.header('cache-control', META_CACHE_CONTROL);
      return envelope(await plans.getPricing());
    },
  );
}
