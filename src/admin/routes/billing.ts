import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BillingConfirmBody, BillingUpgradeBody, IdParams } from '../schemas.js';
import type { AdminServices } from '../services.js';
import { adminActor } from './actor.js';

/** The payment side of plan changes (docs/accounts.md "Billing"), as `touchline billing`. */
export const billingRoutes: FastifyPluginAsyncTypebox<{ services: AdminServices }> = async (
  app,
  { services },
) => {
  app.get('/billing/pending', async () => ({ data: await services.billing.listPending() }));

  app.get('/accounts/:id/billing', { schema: { params: IdParams } }, async (request) => ({
    data: await services.billing.status(request.params.id),
  }));

  app.post(
    '/accounts/:id/billing/upgrade',
    { schema: { params: IdParams, body: BillingUpgradeBody } },
    async (request, reply) => {
      const { tier, period } = request.body;
      const options = period ? { period } : {};
      reply.code(201);
      return {
        data: await services.billing.requestUpgrade(
          request.params.id,
          tier,
          options,
          adminActor(request.ip),
        ),
      };
    },
  );

  app.post(
    '/accounts/:id/billing/confirm',
    { schema: { params: IdParams, body: BillingConfirmBody } },
    async (request) => {
      const { reference, renewal } = request.body;
      const options = { ...(reference ? { reference } : {}), renewal: renewal ?? false };
      return {
        data: await services.billing.confirmPayment(
          request.params.id,
          options,
          adminActor(request.ip),
        ),
      };
    },
  );

  app.post('/accounts/:id/billing/fail', { schema: { params: IdParams } }, async (request) => ({
    data: await services.billing.failRenewal(request.params.id, adminActor(request.ip)),
  }));
};
