import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/db/database.js';
import type { TestApp } from '../contract/rest/matches-fixture.js';
import { createAccountWithKey } from './access.js';
import { buildTestApp } from './app.js';
import { createFakeClock } from './clock.js';
import { loadDemo } from './demo-fixture.js';

/** What a describe block over the demo store uses: set in its beforeAll. */
export interface DemoApp {
  app: TestApp;
  /** A Pro key. */
  key: string;
}

/**
 * The demo store, an app over it with the clock at the demo's day, and a Pro key, for the
 * describe block that calls it (closed after it).
 */
export function withDemoApp(db: () => Database | { prisma: unknown }): DemoApp {
  const demo = {} as DemoApp;
  beforeAll(async () => {
    await loadDemo(db() as Database);
    demo.app = (await buildTestApp(db() as Database, {
      clock: createFakeClock('2026-11-22T10:00:00.000Z'),
    })) as TestApp;
    demo.key = (await createAccountWithKey(db() as Database, 'Pro')).key;
  }, 300_000);
  afterAll(() => demo.app?.close());
  return demo;
}
