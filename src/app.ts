import Fastify, { type FastifyInstance } from 'fastify';
import { restPlugin } from '../rest/plugin.js';
import { registerProblemHandlers } from '../rest/problem.js';
import type { Config } from './config.js';
import type { Deps } from './deps.js';
import { healthRoutes } from './health.js';

/** Keys and tokens never reach the logs (DECISIONS.md "Access"). */
const REDACTED_HEADERS = ['req.headers.authorization', 'req.headers["x-api-key"]'];

export async function buildApp(config: Config, deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACTED_HEADERS, censor: '[redacted]' } },
    // Query strings are logged without values, so a key pasted into a URL is never written down.
    disableRequestLogging: false,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } },
  });
  registerProblemHandlers(app, config.docsUrl);
  await app.register(healthRoutes, { deps });
  await app.register(restPlugin, { services: deps.services });
  return app;
}
