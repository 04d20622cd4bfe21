import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { runFeed } from '../../../src/ingest/feed/run.js';
import { folderSource } from '../../../src/ingest/feed/sources.js';
import { importFolder } from '../../../src/ingest/import/index.js';
import { embeddedLease } from '../../../src/ingest/live/writer-lease.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { sampleFiles, writeFolder } from './sample-folder.js';

/** Counts whole-file reads: a feed batch file must be streamed, never read into one string. */
const wholeReads = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return {
    ...fs,
    readFile: ((path: Parameters<typeof fs.readFile>[0], ...rest: unknown[]) => {
      wholeReads.paths.push(String(path));
      return (fs.readFile as (...args: unknown[]) => unknown)(path, ...rest);
    }) as typeof fs.readFile,
  };
});

const AT = new Date('2026-11-25T19:17:00.000Z');
const line = (value: unknown) => JSON.stringify(value);
const corner = (seq: number, player?: string) => ({
  op: 'upsert',
  resource: 'events',
  record: { matchId: 1001, seq, minute: 30, type: 'corner', side: 'home', player },
});

/**
 * Issue 46 finding 6: a batch that passes validation but that the database refuses used to stop
 * `touchline feed` (exit 1, empty message) and stay in the folder, so every restart crashed on it.
 */
describeEachDatabase('touchline feed: poison batches are set aside', ({ db }) => {
  const prisma = () => db().prisma;
  let dir = '';

  beforeAll(async () => {
    await importFolder(prisma(), await writeFolder(sampleFiles()));
    // Stands for whatever else the database refuses that validation cannot know about.
    await prisma().$executeRawUnsafe(
      `ALTER TABLE match_events ADD CONSTRAINT feed_poison CHECK (player IS DISTINCT FROM 'Poison Pill')`,
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Writes the batches into a fresh folder and feeds it until each has been settled. */
  async function feedFolder(batches: Record<string, string>) {
    dir = await mkdtemp(join(tmpdir(), 'touchline-feed-poison-'));
    for (const [name, text] of Object.entries(batches)) {
      await writeFile(join(dir, name), text);
    }
    const stop = new AbortController();
    const reports: string[] = [];
    const summary = await runFeed({
      db: prisma(),
      source: folderSource(dir, 10),
      lease: embeddedLease(),
      leasePollMs: 10,
      signal: stop.signal,
      now: () => AT,
      onChanged: async () => {},
      report: (text) => {
        reports.push(text);
        if (reports.length === Object.keys(batches).length) {
          stop.abort();
        }
      },
    });
    return { summary, reports, files: (await readdir(dir)).sort() };
  }

  const stored = async (seqs: number[]) =>
    (
      await prisma().matchEvent.findMany({
        where: { matchId: 1001, seq: { in: seqs } },
        orderBy: { seq: 'asc' },
      })
    ).map((e) => e.seq);

  it('a batch the database refuses is renamed .rejected with its reason; the next batch applies', async () => {
    const { summary, reports, files } = await feedFolder({
      '001.ndjson': [line(corner(600)), line(corner(601, 'Poison Pill'))].join('\n'),
      '002.ndjson': line(corner(602)),
    });
    expect(summary).toMatchObject({ batches: 2, rejected: 1 });
    expect(files).toEqual(['001.ndjson.rejected', '001.ndjson.rejected.txt', '002.ndjson.done']);
    const reason = await readFile(join(dir, '001.ndjson.rejected.txt'), 'utf8');
    expect(reason).toMatch(/^the database refused the batch: .+\n$/);
    expect(reason.trim().split('\n')).toHaveLength(1);
    expect(reports[0]).toContain('001.ndjson rejected, nothing of it written');
    // One transaction: the batch's good first record is not written either.
    expect(await stored([600, 601, 602])).toEqual([602]);
  });

  it('text with a NUL or a lone surrogate and a year 0000 are refused by validation, named by line and field', async () => {
    const { summary, files } = await feedFolder({
      '010.ndjson': [line(corner(610)), line(corner(611, 'Nul\u0000Player'))].join('\n'),
      '011.ndjson': line(corner(612, 'Lone \ud800 surrogate')),
      '012.ndjson': line({
        op: 'upsert',
        resource: 'tips',
        record: {
          matchId: 1001,
          seq: 9000,
          betType: 'had',
          selection: 'home',
          placedAt: '0000-01-01T00:00:00Z',
        },
      }),
      '013.ndjson': line(corner(613, 'Paired \ud83d\ude00 is fine')),
    });
    expect(summary).toMatchObject({ batches: 4, rejected: 3 });
    const reasons = await Promise.all(
      ['010', '011', '012'].map((n) => readFile(join(dir, `${n}.ndjson.rejected.txt`), 'utf8')),
    );
    expect(reasons[0]).toMatch(/010\.ndjson line 2, field \/record\/player: .*NUL/);
    expect(reasons[1]).toMatch(/011\.ndjson line 1, field \/record\/player: .*surrogate/);
    expect(reasons[2]).toMatch(/012\.ndjson line 1, field \/record\/placedAt: .*year/);
    expect(files).toContain('013.ndjson.done');
    expect(await stored([610, 611, 612, 613])).toEqual([613]);
  });

  it('a batch file is read as a stream, line by line, never whole', async () => {
    wholeReads.paths.length = 0;
    const many = Array.from({ length: 400 }, (_, i) => line(corner(700 + i)));
    const { summary, files } = await feedFolder({ '020.ndjson': many.join('\n') });
    expect(summary).toMatchObject({ batches: 1, rejected: 0, changes: 1 });
    expect(files).toEqual(['020.ndjson.done']);
    expect(wholeReads.paths.filter((p) => p.endsWith('.ndjson'))).toEqual([]);
    expect(await prisma().matchEvent.count({ where: { matchId: 1001, seq: { gte: 700 } } })).toBe(
      400,
    );
  });
});
