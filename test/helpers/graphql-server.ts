import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../src/deps.js';
import { buildTestApp } from './app.js';
import { createFakeClock } from './clock.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { type DemoCases, loadDemo } from './demo-fixture.js';

/** 18:00 in Hong Kong on the demo day: `cases.today.date` is "today", with demo matches. */
export const GRAPHQL_TEST_NOW = '2026-11-22T10:00:00.000Z';

export interface GraphqlDemoServer {
  database: TestDatabase;
  app: FastifyInstance & { deps: Deps };
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  base: string;
  /** `${base}/graphql`. */
  endpoint: string;
  cases: DemoCases;
  close(): Promise<void>;
}

export interface GraphqlDemoServerOptions {
  /** Extra environment for the app's configuration (e.g. TRUSTED_DOCUMENTS). */
  env?: Record<string, string>;
  /** Runs before the app listens (a hook that logs requests, say). */
  beforeListen?: (app: FastifyInstance) => void;
}

/**
 * A listening app (127.0.0.1, any free port) over a fresh PGlite database holding the analysed
 * demo data, its clock fixed at GRAPHQL_TEST_NOW. For clients that speak real HTTP (a browser,
 * graphql-request); `close` stops the app, then the database.
 */
export async function startGraphqlDemoServer(
  options: GraphqlDemoServerOptions = {},
): Promise<GraphqlDemoServer> {
  const database = await createTestDatabase('pglite');
  try {
    const { cases } = await loadDemo(database);
    const app = await buildTestApp(database, {
      clock: createFakeClock(GRAPHQL_TEST_NOW),
      ...(options.env ? { env: options.env } : {}),
    });
    options.beforeListen?.(app);
    const base = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
    return {
      database,
      app,
      base,
      endpoint: `${base}/graphql`,
      cases,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
