import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../../app/build-app.js';
import { composeDeps } from '../../app/compose.js';
import { seedPlans } from '../../src/accounts/plans-seed.js';
import { loadConfig } from '../../src/config/config.js';
import type { Database } from '../../src/db/database.js';
import type { Clock, Deps } from '../../src/deps.js';
import { uniquePrefix } from './redis.js';

export const TEST_BASE_URL = 'http://touchline.test';

export interface TestAppOptions {
  clock?: Clock;
  /** Extra environment for loadConfig (e.g. REDIS_URL, ADMIN_TOKEN). */
  env?: Record<string, string>;
  /** Seed the plan tables first (default); off for a database that cannot be reached. */
  seed?: boolean;
  /** Where the app's log lines go (set LOG_LEVEL in `env` too: the default is silent). */
  logStream?: DestinationStream;
}

/**
 * The real app over a test database, driven in process with `app.inject`. Closing the app
 * releases its counters and event connections (the database belongs to the caller).
 */
export async function buildTestApp(
  database: Database,
  options: TestAppOptions = {},
): Promise<FastifyInstance & { deps: Deps }> {
  if (options.seed !== false) {
    await seedPlans(database.prisma);
  }
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    BASE_URL: TEST_BASE_URL,
    REDIS_PREFIX: uniquePrefix(),
    // Push streams end soon, so a test that injects GET /v1/football/stream gets its answer.
    STREAM_MAX_MS: '250',
    ...options.env,
  });
  const deps = await composeDeps(config, database, options.clock ? { clock: options.clock } : {});
  const app = await buildApp(
    config,
    { ...deps, close: async () => {} },
    options.logStream ? { logStream: options.logStream } : {},
  );
  app.addHook('onClose', () => deps.access.close());
  return Object.assign(app, { deps });
}
