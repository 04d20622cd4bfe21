import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../src/deps.js';

/** Spec 4.4: analysis routes (Plus and Pro). */
export async function analysisRoutes(_app: FastifyInstance, _options: { services: Services }) {}
