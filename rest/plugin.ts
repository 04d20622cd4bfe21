import type { FastifyInstance } from 'fastify';
import type { Deps } from '../src/deps.js';
import { registerAccess } from './access.js';
import { registerEtag } from './etag.js';
import { completeRouteSchema } from './openapi.js';
import { analysisRoutes } from './routes/football/analysis.js';
import { matchesRoutes } from './routes/football/matches.js';
import { metaRoutes } from './routes/football/meta.js';
import { oddsRoutes } from './routes/football/odds.js';

/** The /v1 compatibility layer (spec part 4). */
export async function restPlugin(app: FastifyInstance, { deps }: { deps: Deps }) {
  app.addHook('onRoute', completeRouteSchema);
  // Order matters: the ETag hook turns a 200 into a 304 before the access hook settles the charge.
  registerEtag(app);
  registerAccess(app, deps.access.policy, deps.clock.now);
  const prefix = '/v1/football';
  await app.register(metaRoutes, { prefix, plans: deps.services.plans });
  await app.register(matchesRoutes, { prefix, services: deps.services });
  await app.register(oddsRoutes, { prefix, services: deps.services });
  await app.register(analysisRoutes, { prefix, services: deps.services });
}
