import { beforeAll, expect, it } from 'vitest';
import {
  appendChanges,
  type Change,
  changesAfter,
  LOG_KEEP_MS,
  pruneChangeLog,
} from '../../../src/changes/change-log.js';
import { analyzeAll } from '../../../src/ingest/analyze/analyze.js';
import { importFolder } from '../../../src/ingest/import/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { sampleFiles, writeFolder } from './sample-folder.js';

const AT = new Date('2026-11-25T12:00:00.000Z');

describeEachDatabase('the change log', ({ db, kind }) => {
  const prisma = () => db().prisma;

  beforeAll(async () => {
    // Matches 1000 and 1001 exist: versions are kept for existing matches only.
    await importFolder(prisma(), await writeFolder(sampleFiles()));
  });

  it('an import logs one upsert per match and resource it wrote, and the reference data once', async () => {
    const logged = await changesAfter(prisma(), 0n, 1_000);
    const keys = logged.map((c) => `${c.matchId ?? '-'}:${c.resource}:${c.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('-:reference:upsert');
    expect(keys).toEqual(
      expect.arrayContaining(['1000:detail:upsert', '1000:events:upsert', '1000:odds:upsert']),
    );
    // What follows starts from an empty log.
    await prisma().$executeRawUnsafe('DELETE FROM change_log');
    await prisma().$executeRawUnsafe('DELETE FROM match_versions');
  });

  const versions = () =>
    prisma().$queryRawUnsafe<{ match_id: number; resource: string; seq: string; at: Date }[]>(
      `SELECT match_id, resource::text AS resource, seq::text AS seq, changed_at AS at
         FROM match_versions ORDER BY match_id, resource`,
    );

  it('appends in order, once per match resource and kind, and moves each version', async () => {
    const changes: Change[] = [
      { matchId: 1000, resource: 'events', kind: 'upsert' },
      { matchId: 1000, resource: 'events', kind: 'upsert' },
      { matchId: 1000, resource: 'detail', kind: 'upsert' },
      { matchId: null, resource: 'reference', kind: 'upsert' },
    ];
    const first = await prisma().$transaction((tx) => appendChanges(tx, changes, AT));
    expect(first.map((c) => [c.matchId, c.resource])).toEqual([
      [1000, 'events'],
      [1000, 'detail'],
      [null, 'reference'],
    ]);
    const seqs = first.map((c) => c.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => (a < b ? -1 : 1)));
    const later = new Date(AT.getTime() + 5_000);
    const second = await prisma().$transaction((tx) =>
      appendChanges(tx, [{ matchId: 1000, resource: 'events', kind: 'delete' }], later),
    );
    expect(second[0]?.seq).toBeGreaterThan(seqs.at(-1) as bigint);
    expect(await versions()).toEqual([
      { match_id: 1000, resource: 'detail', seq: String(seqs[1]), at: AT },
      { match_id: 1000, resource: 'events', seq: String(second[0]?.seq), at: later },
    ]);
    const after = await changesAfter(prisma(), seqs[0] as bigint, 10);
    expect(after.map((c) => [c.resource, c.kind])).toEqual([
      ['detail', 'upsert'],
      ['reference', 'upsert'],
      ['events', 'delete'],
    ]);
  });

  it('analyze logs the matches whose analyses changed, and nothing when it changes nothing', async () => {
    const [last] = (await changesAfter(prisma(), 0n, 1_000_000)).slice(-1);
    const from = last?.seq ?? 0n;
    await analyzeAll(prisma());
    const first = await changesAfter(prisma(), from, 1_000);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((c) => c.resource === 'analysis' && c.kind === 'upsert')).toBe(true);
    const [after] = first.slice(-1);
    await analyzeAll(prisma());
    expect(await changesAfter(prisma(), after?.seq ?? 0n, 1_000)).toEqual([]);
  });

  it('logs the removal of a match that no longer exists, without a version for it', async () => {
    const [entry] = await prisma().$transaction((tx) =>
      appendChanges(tx, [{ matchId: 999_999, resource: 'detail', kind: 'delete' }], AT),
    );
    expect(entry?.matchId).toBe(999_999);
    expect((await versions()).some((v) => v.match_id === 999_999)).toBe(false);
  });

  it('a failed write leaves no entry: the log commits with the changes or not at all', async () => {
    const [before] = await changesAfter(prisma(), 0n, 1_000_000).then((all) => all.slice(-1));
    await expect(
      prisma().$transaction(async (tx) => {
        await appendChanges(tx, [{ matchId: 1001, resource: 'odds', kind: 'upsert' }], AT);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const rest = await changesAfter(prisma(), before?.seq ?? 0n, 10);
    expect(rest).toEqual([]);
  });

  it('prunes entries older than it keeps, never the newest', async () => {
    const old = new Date(AT.getTime() - LOG_KEEP_MS - 60_000);
    await prisma().$transaction((tx) =>
      appendChanges(tx, [{ matchId: 1001, resource: 'statistics', kind: 'upsert' }], old),
    );
    await prisma().$transaction((tx) =>
      appendChanges(tx, [{ matchId: 1001, resource: 'lineups', kind: 'upsert' }], AT),
    );
    const pruned = await pruneChangeLog(prisma(), AT);
    expect(pruned).toBe(1);
    const all = await changesAfter(prisma(), 0n, 1_000_000);
    expect(all.every((c) => c.at.getTime() >= AT.getTime() - LOG_KEEP_MS)).toBe(true);
    // Far in the future everything is old, but the newest entry stays. Far past the clock too:
    // analysis (an earlier test) logs its changes at the real time, which passed AT + 9 days
    // on 2026-12-04 and made this a test that failed from that day on.
    const farFuture = Math.max(Date.now(), AT.getTime()) + 10 * LOG_KEEP_MS;
    await pruneChangeLog(prisma(), new Date(farFuture));
    expect(await changesAfter(prisma(), 0n, 1_000_000)).toHaveLength(1);
  });

  if (kind === 'postgres') {
    it('a second writer waits for the first to commit: entries become visible in seq order', async () => {
      let releaseFirst!: () => void;
      const firstHolds = new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      let firstAppended!: () => void;
      const appended = new Promise<void>((resolve) => {
        firstAppended = resolve;
      });
      const first = prisma().$transaction(async (tx) => {
        const out = await appendChanges(
          tx,
          [{ matchId: 1000, resource: 'odds', kind: 'upsert' }],
          AT,
        );
        firstAppended();
        await firstHolds;
        return out;
      });
      await appended;
      let secondDone = false;
      const second = prisma()
        .$transaction((tx) =>
          appendChanges(tx, [{ matchId: 1001, resource: 'odds', kind: 'upsert' }], AT),
        )
        .then((out) => {
          secondDone = true;
          return out;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondDone).toBe(false);
      releaseFirst();
      const [a] = await first;
      const [b] = await second;
      expect((b?.seq ?? 0n) > (a?.seq ?? 0n)).toBe(true);
    });
  }
});
