import type { FastifyInstance } from 'fastify';
import type { Services } from '../src/deps.js';
import { registerEtag } from './etag.js';
import { metaRoutes } from './routes/football/meta.js';

/** The /v1 compatibility layer (spec part 4). */
export async function restPlugin(app: FastifyInstance, { services }: { services: Services }) {
  registerEtag(app);
  await app.register(metaRoutes, { prefix: '/v1/football', plans: services.plans });
}
