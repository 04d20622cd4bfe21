import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { presentTierLimits } from '../../accounts/plans.js';
import { presentSubscription } from '../../accounts/subscriptions/subscription-state.js';
import { CreateAccountBody, DaysQuery, IdParams, PlanActionBody } from '../schemas.js';
import type { AdminServices } from '../services.js';
import { adminActor } from './actor.js';
import { requireTier } from './tier.js';

export const accountRoutes: FastifyPluginAsyncTypebox<{ services: AdminServices }> = async (
  app,
  { services },
) => {
  app.post('/accounts', { schema: { body: CreateAccountBody } }, async (request, reply) => {
    const { tier, name } = request.body;
    reply.code(201);
    return { data: await services.accounts.createAccount(tier, name) };
  });

  /** The account, its subscription in force now, its tier's limits and its keys (no secrets). */
  app.get('/accounts/:id', { schema: { params: IdParams } }, async (request) => {
    const { id } = request.params;
    const account = await services.accounts.getAccount(id);
    const [access, keys] = await Promise.all([
      services.subscriptions.getAccountAccess(id),
      services.keys.listKeys(id),
    ]);
    return {
      data: {
        ...account,
        subscription: presentSubscription(access.subscription),
        limits: presentTierLimits(access.limits),
        keys,
      },
    };
  });

  app.post(
    '/accounts/:id/plan',
    { schema: { params: IdParams, body: PlanActionBody } },
    async (request) => {
      const { id } = request.params;
      const { action, tier } = request.body;
      const by = adminActor(request.ip);
      // An operator's upgrade stands for a confirmed payment; cancel, downgrade and resume go
      // through billing, which tells the payment provider.
      const data =
        action === 'upgrade'
          ? await services.subscriptions.upgrade(id, requireTier(tier), by)
          : action === 'downgrade'
            ? await services.billing.downgrade(id, requireTier(tier), by)
            : action === 'renew'
              ? await services.subscriptions.renew(id, by)
              : await services.billing[action](id, by);
      return { data };
    },
  );

  app.get('/accounts/:id/usage', { schema: { params: IdParams } }, async (request) => ({
    data: await services.usage.usage(request.params.id),
  }));

  /** Who changed what on the account (the dashboard, the CLI, billing), newest first. */
  app.get('/accounts/:id/audit', { schema: { params: IdParams } }, async (request) => ({
    data: await services.audit.list(request.params.id),
  }));

  /** Requests per Hong Kong day, the last `days` (default 30) up to today: `usage --days`. */
  app.get(
    '/accounts/:id/usage/daily',
    { schema: { params: IdParams, querystring: DaysQuery } },
    async (request) => ({
      data: await services.usage.dailySeries(request.params.id, {
        days: request.query.days ?? 30,
      }),
    }),
  );

  /** Today's minutes with requests and each hour's busiest minute: `usage --minutes`. */
  app.get('/accounts/:id/usage/minutes', { schema: { params: IdParams } }, async (request) => ({
    data: await services.usage.minuteSeries(request.params.id),
  }));
};
