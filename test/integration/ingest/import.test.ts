import { expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import {
  type BulkTarget,
  type FileSummary,
  type ImportOptions,
  importFolder as importWith,
} from '../../../src/ingest/import/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { describeEachBulk } from './bulk-db.js';
import { sampleFiles, writeFolder } from './sample-folder.js';
import { snapshot } from './snapshot.js';

const byFile = (files: FileSummary[]) =>
  Object.fromEntries(files.map((f) => [f.file, [f.inserted, f.updated, f.unchanged]]));

describeEachDatabase('importFolder', ({ db }) => importSuite(db, () => undefined));

// The same promises from the COPY write pass (PostgreSQL's pool, PGlite's /dev/blob): the first
// import loads empty tables directly, the later ones go through staging tables.
describeEachBulk('importFolder with COPY', ({ db, bulk }) => importSuite(db, bulk));

function importSuite(db: () => Database, bulk: () => BulkTarget | undefined) {
  const importFolder = (prisma: Database['prisma'], dir: string, options: ImportOptions = {}) =>
    importWith(prisma, dir, { ...options, bulk: bulk() });

  it('imports every file of a folder, then a second run changes nothing', async () => {
    const dir = await writeFolder(sampleFiles());
    const first = await importFolder(db().prisma, dir);
    expect(first.source).toBe('test');
    for (const f of first.files) {
      expect([f.read, f.inserted, f.updated, f.unchanged], f.file).toEqual([f.read, f.read, 0, 0]);
    }
    expect(first.files.map((f) => f.file)).toEqual(Object.keys(sampleFiles()));
    const before = await snapshot(db().prisma);
    const second = await importFolder(db().prisma, dir);
    for (const f of second.files) {
      expect([f.inserted, f.updated, f.unchanged], f.file).toEqual([0, 0, f.read]);
    }
    expect(await snapshot(db().prisma)).toEqual(before);
    expect(before['lineup_players']).toHaveLength(3);
  });

  it('stores the values as given (languages, defaults, nested prices)', async () => {
    const p = db().prisma;
    const report = await p.aiReport.findFirst({ where: { language: 'zh_HK' } });
    expect(report?.text).toBe('曼聯小勝。');
    const odds = await p.odds.findUnique({
      where: { matchId_bookmakerId_market: { matchId: 1000, bookmakerId: 1, market: 'hdp' } },
    });
    expect([odds?.openLine, odds?.openHome, odds?.closeLine, odds?.closeAway]).toEqual([
      -1, 2.05, -0.75, 2.07,
    ]);
    const captain = await p.lineupPlayer.findUnique({
      where: { matchId_side_seq: { matchId: 1000, side: 'home', seq: 1 } },
    });
    expect([captain?.name, captain?.captain, captain?.goals]).toEqual(['B. Fernandes', true, 0]);
    const pool = await p.regionalPool.findUnique({
      where: { matchId_pool: { matchId: 1000, pool: 'HAD' } },
    });
    expect(pool?.sellingStatus).toBe('selling');
    const bookmaker = await p.bookmaker.findUnique({ where: { id: 2 } });
    expect(bookmaker?.name).toBe('澳*');
  });

  it('updates exactly the changed records and deletes dropped children', async () => {
    const files = sampleFiles();
    (files['matches.ndjson'][0] as Record<string, unknown>)['homeScore'] = 2;
    const sheet = files['lineups.ndjson'][0] as { players: unknown[] };
    sheet.players.pop();
    const board = files['regional.ndjson'][0] as { pools: unknown[] };
    board.pools.pop();
    const summary = await importFolder(db().prisma, await writeFolder(files));
    const changed = byFile(summary.files);
    expect(changed['matches.ndjson']).toEqual([0, 1, 1]);
    expect(changed['lineups.ndjson']).toEqual([0, 1, 1]);
    expect(changed['regional.ndjson']).toEqual([0, 1, 1]);
    expect(changed['odds.ndjson']).toEqual([0, 0, 3]);
    const p = db().prisma;
    expect((await p.match.findUnique({ where: { id: 1000 } }))?.homeScore).toBe(2);
    expect(await p.lineupPlayer.count({ where: { matchId: 1000, side: 'home' } })).toBe(2);
    expect(await p.regionalPool.count({ where: { matchId: 1000 } })).toBe(1);
  });

  it('commits nothing when the write pass fails midway', async () => {
    const before = await snapshot(db().prisma);
    const files = sampleFiles();
    (files['matches.ndjson'][0] as Record<string, unknown>)['homeScore'] = 5;
    files['teams.ndjson'].push({ id: 12, nameOriginal: 'Arsenal', nameEn: 'Arsenal' });
    const dir = await writeFolder(files);
    const failing = importFolder(db().prisma, dir, {
      onProgress: (msg) => {
        if (msg.startsWith('wrote odds.ndjson')) {
          throw new Error('disk on fire');
        }
      },
    });
    await expect(failing).rejects.toThrow('disk on fire');
    expect(await snapshot(db().prisma)).toEqual(before);
  });

  it('accepts references to rows already in the database', async () => {
    const summary = await importFolder(
      db().prisma,
      await writeFolder({
        'tips.ndjson': [
          {
            matchId: 1001,
            seq: 0,
            betType: 'had',
            selection: 'draw',
            placedAt: '2025-01-04T10:00:00Z',
          },
        ],
      }),
    );
    expect(byFile(summary.files)).toEqual({ 'tips.ndjson': [1, 0, 0] });
  });
}
