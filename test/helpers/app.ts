import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/database.js';
import { type Clock, depsFromDatabase } from '../../src/deps.js';
import { seedPlans } from '../../src/services/plans-seed.js';

export const TEST_BASE_URL = 'http://touchline.test';

/** The real app over a test database, driven in process with `app.inject`. */
export async function buildTestApp(database: Database, clock?: Clock): Promise<FastifyInstance> {
  await seedPlans(database.prisma);
  const config = loadConfig({ LOG_LEVEL: 'silent', BASE_URL: TEST_BASE_URL });
  const deps = depsFromDatabase(database, clock);
  return buildApp(config, { ...deps, close: async () => {} });
}
