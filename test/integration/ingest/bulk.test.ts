import { expect, it } from 'vitest';
import { runDemo } from '../../../src/ingest/demo/index.js';
import {
  type FileSummary,
  ImportValidationError,
  importFolder,
} from '../../../src/ingest/import/index.js';
import { describeEachBulk, withoutImportTimes } from './bulk-db.js';
import { type Files, sampleFiles, writeFolder } from './sample-folder.js';
import { IMPORT_TABLES, snapshot } from './snapshot.js';

const NOW = new Date('2026-11-22T04:00:00Z');

const counts = (files: FileSummary[]) =>
  Object.fromEntries(files.map((f) => [f.file, [f.read, f.inserted, f.updated, f.unchanged]]));

/** The sample folder plus values COPY text must escape (tab, newline, CR, backslash). */
function trickyFiles() {
  const files = sampleFiles();
  files['events.ndjson'].push({
    matchId: 1000,
    seq: 2,
    minute: 12,
    type: 'var',
    side: 'home',
    detail: 'tab\there, back\\slash, new\nline, cr\rend, \\N literally',
  });
  files['exchange.ndjson'][1] = { matchId: 1001, payload: '{"a":"\\u00e9\\t"}\n\tnot json' };
  (files['teams.ndjson'][1] as Record<string, unknown>)['nameZhCn'] = '富勒姆\\足球俱乐部';
  (files['odds.ndjson'][0] as { open: Record<string, unknown> }).open['line'] = -0;
  // Issue 49: a cup with its own tie-breaks (a text[] column through COPY).
  files['competitions.ndjson'].push({
    id: 2,
    code: 'CUP',
    nameEn: 'A Cup',
    region: 'Asia',
    type: 'cup',
    tieBreaks: ['points', 'headToHead', 'goalDifference'],
  });
  return files;
}

describeEachBulk('bulk write pass (COPY)', ({ db, bulk }) => {
  const prisma = () => db().prisma;

  async function emptyAll() {
    await prisma().$executeRawUnsafe(
      `TRUNCATE ${IMPORT_TABLES.map((t) => `"${t}"`).join(', ')} CASCADE`,
    );
  }

  /** Indexes and constraints of the database: must survive a failed direct load unchanged. */
  async function schemaObjects(): Promise<string[]> {
    const rows = await prisma().$queryRawUnsafe<{ d: string }[]>(
      `SELECT indexdef AS d FROM pg_indexes WHERE schemaname = 'public'
       UNION ALL SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`,
    );
    return rows.map((r) => r.d);
  }

  it('stores the same rows as the JSON write pass (empty tables, then staging tables)', async () => {
    const dir = await writeFolder(trickyFiles());
    await importFolder(prisma(), dir);
    const json = await snapshot(prisma());
    await emptyAll();
    const direct = await importFolder(prisma(), dir, { bulk: bulk() });
    for (const f of direct.files) {
      expect([f.inserted, f.updated, f.unchanged], f.file).toEqual([f.read, 0, 0]);
    }
    expect(withoutImportTimes(await snapshot(prisma()))).toEqual(withoutImportTimes(json));
    const detail = await prisma().matchEvent.findUnique({
      where: { matchId_seq: { matchId: 1000, seq: 2 } },
    });
    expect(detail?.detail).toBe('tab\there, back\\slash, new\nline, cr\rend, \\N literally');
    const competitions = await prisma().competition.findMany({ orderBy: { id: 'asc' } });
    expect(competitions.map((c) => [c.type, c.tieBreaks])).toEqual([
      ['league', []],
      ['cup', ['points', 'headToHead', 'goalDifference']],
    ]);
    // Staging path on the same rows: nothing changes.
    const before = await snapshot(prisma());
    const again = await importFolder(prisma(), dir, { bulk: bulk() });
    for (const f of again.files) {
      expect([f.inserted, f.updated, f.unchanged], f.file).toEqual([0, 0, f.read]);
    }
    expect(await snapshot(prisma())).toEqual(before);
  });

  it('staging tables: inserts and updates counted as the JSON pass counts them', async () => {
    await emptyAll();
    const base = await writeFolder(sampleFiles());
    await importFolder(prisma(), base);
    const changed = sampleFiles();
    (changed['matches.ndjson'][0] as Record<string, unknown>)['homeScore'] = 3;
    (changed['lineups.ndjson'][0] as { players: unknown[] }).players.pop();
    (changed['regional.ndjson'][1] as { pools: unknown[] }).pools.push({ pool: 'HAD', home: 2 });
    changed['tips.ndjson'].push({
      matchId: 1001,
      seq: 0,
      betType: 'had',
      selection: 'draw',
      placedAt: '2025-01-04T10:00:00Z',
    });
    changed['exchange.ndjson'][1] = { matchId: 1001, payload: 'changed' };
    const dir = await writeFolder(changed);
    const json = counts((await importFolder(prisma(), dir)).files);
    const jsonRows = withoutImportTimes(await snapshot(prisma()));
    await emptyAll();
    await importFolder(prisma(), base, { bulk: bulk() });
    const copied = counts((await importFolder(prisma(), dir, { bulk: bulk() })).files);
    expect(copied).toEqual(json);
    expect(copied['tips.ndjson']).toEqual([3, 1, 0, 2]);
    expect(copied['lineups.ndjson']).toEqual([2, 0, 1, 1]);
    expect(copied['regional.ndjson']).toEqual([2, 0, 1, 1]);
    expect(withoutImportTimes(await snapshot(prisma()))).toEqual(jsonRows);
  });

  it('all or nothing: a line PostgreSQL rejects mid-COPY leaves empty tables and the schema as they were', async () => {
    await emptyAll();
    // Valid JSON and schema, but the database refuses it: the COPY of ai_reports fails. (A NUL
    // in text did this until validation refused it, issue 46; a CHECK of the test's stands in.)
    await prisma().$executeRawUnsafe(
      `ALTER TABLE ai_reports ADD CONSTRAINT copy_poison CHECK (text <> 'poison pill')`,
    );
    try {
      const schema = await schemaObjects();
      const files: Files = sampleFiles();
      (files['ai-reports.ndjson'] as Record<string, unknown>[])[0] = {
        matchId: 1000,
        kind: 'basic',
        language: 'en',
        published: true,
        text: 'poison pill',
      };
      const progress: string[] = [];
      const failing = importFolder(prisma(), await writeFolder(files), {
        bulk: bulk(),
        onProgress: (m) => progress.push(m),
      });
      await expect(failing).rejects.toThrow(/copy_poison/);
      expect(progress).toContain('wrote odds.ndjson: 3 read, 3 inserted, 0 updated, 0 unchanged');
      const after = await snapshot(prisma());
      expect(Object.values(after).every((rows) => rows.length === 0)).toBe(true);
      expect(await schemaObjects()).toEqual(schema);
    } finally {
      await prisma().$executeRawUnsafe('ALTER TABLE ai_reports DROP CONSTRAINT copy_poison');
    }
  });

  it('all or nothing: a failure after some files, on tables that already hold rows', async () => {
    await emptyAll();
    await importFolder(prisma(), await writeFolder(sampleFiles()), { bulk: bulk() });
    const before = await snapshot(prisma());
    const files = sampleFiles();
    (files['matches.ndjson'][0] as Record<string, unknown>)['homeScore'] = 5;
    files['teams.ndjson'].push({ id: 12, nameOriginal: 'Arsenal', nameEn: 'Arsenal' });
    const failing = importFolder(prisma(), await writeFolder(files), {
      bulk: bulk(),
      onProgress: (msg) => {
        if (msg.startsWith('wrote odds.ndjson')) {
          throw new Error('disk on fire');
        }
      },
    });
    await expect(failing).rejects.toThrow('disk on fire');
    expect(await snapshot(prisma())).toEqual(before);
  });

  it('validates first: a bad line names file, line and field, and nothing is written', async () => {
    await emptyAll();
    const files = sampleFiles();
    (files['movements.ndjson'][2] as Record<string, unknown>)['home'] = 0.5;
    const error = await importFolder(prisma(), await writeFolder(files), { bulk: bulk() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportValidationError);
    expect((error as Error).message).toBe('movements.ndjson line 3, field /home: must be > 1');
    const after = await snapshot(prisma());
    expect(Object.values(after).every((rows) => rows.length === 0)).toBe(true);
  });

  it('the streamed demo stores what the demo folder imports, and a second run changes nothing', async () => {
    await emptyAll();
    const options = { matches: 60, seed: 5, now: NOW };
    const folder = await runDemo(prisma(), options);
    const json = withoutImportTimes(await snapshot(prisma()));
    await emptyAll();
    const progress: string[] = [];
    const streamed = await runDemo(prisma(), {
      ...options,
      bulk: bulk(),
      onProgress: (m) => progress.push(m),
    });
    expect(streamed.generated.dir).toBeNull();
    expect(streamed.generated.records).toEqual(folder.generated.records);
    expect(counts(streamed.imported.files)).toEqual(counts(folder.imported.files));
    expect(withoutImportTimes(await snapshot(prisma()))).toEqual(json);
    expect(progress.some((m) => m.startsWith('demo: 60/60 matches (100%)'))).toBe(true);
    const before = await snapshot(prisma());
    const again = await runDemo(prisma(), { ...options, bulk: bulk() });
    for (const f of again.imported.files) {
      expect([f.inserted, f.updated, f.unchanged], f.file).toEqual([0, 0, f.read]);
    }
    expect(await snapshot(prisma())).toEqual(before);
  }, 120_000);
});
