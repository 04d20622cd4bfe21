import { expect, it } from 'vitest';
import {
  diffDatabaseToSchema,
  nextMigrationScript,
  readMigrations,
} from '../../../src/db/migrate.js';
import { describeEachDatabase } from '../../helpers/db.js';

describeEachDatabase('migrations', ({ db }) => {
  it('produce exactly schema.prisma (the drift diff is empty)', async () => {
    expect(await diffDatabaseToSchema(db().adapter)).toBe('');
  });

  it('are recorded in _prisma_migrations like prisma migrate deploy does', async () => {
    const rows = await db().prisma.$queryRaw<
      { migration_name: string; finished_at: Date | null }[]
    >`
      SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
    const folders = (await readMigrations()).migrationDirectories.map((d) => d.path);
    // Named by folder, as `prisma migrate deploy` records them (not by absolute path).
    expect(rows.map((r) => r.migration_name)).toEqual(folders);
    expect(folders.every((name) => /^\d{14}_[a-z0-9_]+$/.test(name))).toBe(true);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
  });
});

it('db:diff finds nothing to write when schema and migrations agree', async () => {
  expect(await nextMigrationScript()).toBe('');
}, 60_000);
