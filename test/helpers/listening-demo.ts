import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../src/db/database.js';
import type { Deps } from '../../src/deps.js';
import { createAccountWithKey } from './access.js';
import { buildTestApp } from './app.js';
import { createFakeClock } from './clock.js';
import { type DemoCases, loadDemo } from './demo-fixture.js';

export interface ListeningDemo {
  app: Awaited<ReturnType<typeof buildTestApp>> & { deps: Deps };
  cases: DemoCases;
  /** A Pro key. */
  key: string;
  /** A temporary folder outside the repository, for generated code. */
  dir: string;
  baseUrl: string;
}

/**
 * The demo data on `database`, served on a loopback port at the demo day's clock, with a Pro key
 * and a temporary folder: what a client generated from the served document runs against.
 */
export async function startListeningDemo(
  database: Database,
  folderPrefix: string,
): Promise<ListeningDemo> {
  const { cases } = await loadDemo(database);
  const app = await buildTestApp(database, { clock: createFakeClock('2026-11-22T10:00:00.000Z') });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const { key } = await createAccountWithKey(database, 'Pro');
  const dir = await mkdtemp(join(tmpdir(), folderPrefix));
  return { app, cases, key, dir, baseUrl };
}

export async function stopListeningDemo(demo: Partial<ListeningDemo>): Promise<void> {
  await demo.app?.close();
  if (demo.dir) {
    await rm(demo.dir, { recursive: true, force: true });
  }
}
