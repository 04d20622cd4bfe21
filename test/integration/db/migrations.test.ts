import { expect, it } from 'vitest';
import { diffDatabaseToSchema, nextMigrationScript } from '../../../src/db/migrate.js';
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
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
  });
});

it('db:diff finds nothing to write when schema and migrations agree', async () => {
  expect(await nextMigrationScript()).toBe('');
}, 60_000);
