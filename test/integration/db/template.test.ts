import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/database.js';
import { diffDatabaseToSchema, ensureMigrated, readMigrations } from '../../../src/db/migrate.js';
import { readTemplate, TEMPLATE_PATH } from '../../../src/db/template.js';

/** The embedded database's template, built by `npm run build` (src/db/template.ts). */
describe('the embedded database template', () => {
  let dir = '';
  beforeAll(async () => {
    if (!existsSync(TEMPLATE_PATH)) {
      throw new Error(`${TEMPLATE_PATH} is missing: npm install (or npm run build) builds it`);
    }
    dir = await mkdtemp(join(tmpdir(), 'touchline-template-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts a new data folder migrated: every committed migration recorded, no drift', async () => {
    const database = await openDatabase({ dataDir: join(dir, 'new'), fromTemplate: true });
    try {
      const rows = await database.read<{ migration_name: string }>({
        text: 'SELECT migration_name FROM _prisma_migrations ORDER BY migration_name',
        values: [],
      });
      const committed = (await readMigrations()).migrationDirectories.map((d) => d.path);
      expect(
        rows.map((r) => r.migration_name),
        'dist/pglite-template.tar is older than prisma/migrations: npm run build',
      ).toEqual(committed);
      expect(await ensureMigrated(database)).toEqual([]);
      expect(await diffDatabaseToSchema(database.adapter)).toBe('');
    } finally {
      await database.close();
    }
  }, 60_000);

  it('never replaces a database the folder already holds', async () => {
    const dataDir = join(dir, 'kept');
    const first = await openDatabase({ dataDir, fromTemplate: true });
    await first.read({ text: 'CREATE TABLE kept (n int)', values: [] });
    await first.read({ text: 'INSERT INTO kept VALUES (7)', values: [] });
    await first.close();
    const again = await openDatabase({ dataDir, fromTemplate: true });
    try {
      expect(await again.read({ text: 'SELECT n FROM kept', values: [] })).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });

  it('is not used when it was built for another PGlite (its files would not match)', async () => {
    const path = join(dir, 'other.tar');
    await writeFile(path, 'not a data folder');
    await writeFile(`${path}.json`, JSON.stringify({ pglite: '0.0.1' }));
    expect(await readTemplate(path)).toBeUndefined();
    expect(await readTemplate(join(dir, 'absent.tar'))).toBeUndefined();
    expect(await readTemplate()).toBeInstanceOf(Blob);
  });

  it('without it, a new folder is created by initdb and the migrations', async () => {
    const database = await openDatabase({ dataDir: join(dir, 'plain') });
    try {
      const tables = await database.read({
        text: "SELECT 1 FROM pg_tables WHERE tablename = '_prisma_migrations'",
        values: [],
      });
      expect(tables).toEqual([]);
      expect((await ensureMigrated(database)).length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});
