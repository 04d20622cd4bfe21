import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { tokenDigest, tokenMatches } from '../http/bearer-token.js';
import { accountRoutes } from './routes/accounts.js';
import { allowlistRoutes } from './routes/allowlist.js';
import { billingRoutes } from './routes/billing.js';
import { keyRoutes } from './routes/keys.js';
import { planRoutes } from './routes/plans.js';
import { sourceRoutes } from './routes/sources.js';
import type { AdminServices } from './services.js';

export type { AdminServices };

interface AdminOptions {
  /** ADMIN_TOKEN: the bearer token every admin request must carry. */
  token: string;
  services: AdminServices;
}

/**
 * The admin HTTP API (DECISIONS.md "Access": accounts, keys, allowlists and plans, managed by the
 * CLI and this API through one set of services). Mounted at /admin/v1 only when ADMIN_TOKEN is set.
 */
export async function adminPlugin(app: FastifyInstance, options: AdminOptions) {
  const expected = tokenDigest(options.token);
  // Operators' tooling, behind its own token: not keyless traffic (docs/access.md).
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, addressLimit: false };
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, expected)) {
      reply.header('www-authenticate', 'Bearer realm="touchline-admin"');
      throw new ApiError(
        'unauthorized',
        request.headers.authorization
          ? 'The admin token is not valid'
          : 'Send the admin token as Authorization: Bearer <ADMIN_TOKEN>',
      );
    }
  });
  // A POST without a body means "no options" (e.g. create a key with defaults): validate it as {}.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined) {
      request.body = {};
    }
  });
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const { services } = options;
  await typed.register(accountRoutes, { services });
  await typed.register(keyRoutes, { services });
  await typed.register(allowlistRoutes, { services });
  await typed.register(planRoutes, { services });
  await typed.register(billingRoutes, { services });
  await typed.register(sourceRoutes, { services });
}
