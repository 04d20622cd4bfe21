import { beforeEach, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { type BulkTarget, importFolder } from '../../../src/ingest/import/index.js';
import { describeEachBulk } from './bulk-db.js';
import { sampleFiles, writeFolder } from './sample-folder.js';

/**
 * Issue 49: the import format carries how a match was decided (`decidedBy`, `winner`), through
 * the row-by-row path and COPY alike; a value outside the lists is refused.
 */
describeEachBulk('import: cup matches', ({ db, bulk }) => {
  const run = (database: Database, dir: string, target: BulkTarget | undefined) =>
    importFolder(database.prisma, dir, { bulk: target });

  beforeEach(async () => {
    await db().prisma.$executeRawUnsafe(
      'TRUNCATE matches, teams, competitions, bookmakers RESTART IDENTITY CASCADE',
    );
  });

  it('stores decidedBy and winner', async () => {
    const files = sampleFiles();
    const [first, ...others] = files['matches.ndjson'] as { id: number }[];
    const cup = {
      ...(first as { id: number }),
      homeScore: 1,
      awayScore: 1,
      etHomeScore: 0,
      etAwayScore: 0,
      decidedBy: 'penalties',
      winner: 'away',
    };
    const dir = await writeFolder({ ...files, 'matches.ndjson': [cup, ...others] });
    await run(db(), dir, bulk());
    const stored = await db().prisma.match.findUniqueOrThrow({ where: { id: cup.id } });
    expect(stored).toMatchObject({ decidedBy: 'penalties', winner: 'away', penHomeScore: null });
  });

  it('refuses a decision outside the list', async () => {
    const files = sampleFiles();
    const [first, ...others] = files['matches.ndjson'] as Record<string, unknown>[];
    const dir = await writeFolder({
      ...files,
      'matches.ndjson': [{ ...first, decidedBy: 'golden_goal' }, ...others],
    });
    await expect(run(db(), dir, bulk())).rejects.toThrow(/decidedBy/);
  });
});
