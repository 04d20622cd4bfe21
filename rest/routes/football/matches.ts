import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../src/deps.js';

/** Spec 4.2: match routes. */
export async function matchesRoutes(_app: FastifyInstance, _options: { services: Services }) {}
