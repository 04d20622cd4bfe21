import { resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { openfootballSource } from '../../../src/ingest/sync/sources/openfootball/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { OPENFOOTBALL_DIR } from '../../helpers/real-data.js';
import {
  matchBySourceId,
  storeSnapshot,
  syncRunner,
  truncateSyncTables,
} from '../../helpers/sync.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/openfootball');
const SOURCE = 'openfootball';
const POSTPONED = 'en.1|2025-26|Matchday 2|Manchester City FC|Crystal Palace FC';
const PLAYED_LATER = 'en.1|2025-26|Matchday 1|Manchester United FC|Arsenal FC';

describeEachDatabase('touchline sync openfootball over its files', ({ db }) => {
  const prisma = () => db().prisma;
  const runner = (paths: string[]) =>
    syncRunner(prisma(), openfootballSource, {
      scope: { paths },
      now: () => new Date('2025-08-20T09:00:00Z'),
    });
  const match = (id: string) => matchBySourceId(prisma(), SOURCE, id);

  beforeEach(async () => {
    await truncateSyncTables(prisma());
  });

  it('fills a fresh store in one pass, and a second pass writes nothing', async () => {
    const first = await runner([resolve(FIXTURES, 'v1')]).pass('full');
    expect(first).toMatchObject({ ok: true, requests: 0 });
    expect(await prisma().match.count()).toBe(6);
    expect(await prisma().match.count({ where: { status: 'finished' } })).toBe(2);
    expect(await prisma().team.count()).toBe(12);
    const competition = await prisma().competition.findFirstOrThrow();
    expect([competition.nameEn, competition.country]).toEqual([
      'English Premier League',
      'England',
    ]);
    expect(await match('en.1|2025-26|Matchday 1|Liverpool FC|AFC Bournemouth')).toMatchObject({
      status: 'finished',
      home: 3,
      away: 1,
      ht: 2,
      kickoff: new Date('2025-08-15T19:00:00Z'),
    });
    expect(await match(POSTPONED)).toMatchObject({ status: 'postponed' });
    const again = await runner([resolve(FIXTURES, 'v1')]).pass('full');
    expect(again).toMatchObject({ ok: true, changes: 0 });
  });

  it('keeps a match id when the next version re-dates it, and takes the result', async () => {
    await runner([resolve(FIXTURES, 'v1')]).pass('full');
    const before = await Promise.all([match(POSTPONED), match(PLAYED_LATER)]);
    expect((await runner([resolve(FIXTURES, 'v2')]).pass('full')).ok).toBe(true);
    const after = await Promise.all([match(POSTPONED), match(PLAYED_LATER)]);
    expect(after.map((m) => m?.id)).toEqual(before.map((m) => m?.id));
    expect(after[0]).toMatchObject({
      status: 'scheduled',
      kickoff: new Date('2025-11-04T19:45:00Z'),
    });
    expect(after[1]).toMatchObject({ status: 'finished', home: 0, away: 2 });
    expect(await prisma().match.count()).toBe(6);
  });

  it('refuses a broken file whole and writes nothing of the pass', async () => {
    await runner([resolve(FIXTURES, 'v1')]).pass('full');
    const before = await storeSnapshot(prisma());
    for (const broken of ['broken-status', 'broken-shape']) {
      const report = await runner([resolve(FIXTURES, 'v2'), resolve(FIXTURES, broken)]).pass(
        'full',
      );
      expect(report.ok).toBe(false);
      expect(report.error).toMatch(new RegExp(`${broken}/2025-26/en\\.1\\.json`));
      expect(await storeSnapshot(prisma())).toEqual(before);
    }
  });
});

describe.skipIf(!OPENFOOTBALL_DIR)('openfootball on the real EPL 2024-25 file', () => {
  const file = resolve(OPENFOOTBALL_DIR ?? '', '2024-25/en.1.json');
  describeEachDatabase('touchline sync openfootball, real en.1 2024-25', ({ db }) => {
    const prisma = () => db().prisma;
    const runner = () =>
      syncRunner(prisma(), openfootballSource, {
        scope: { paths: [file] },
        now: () => new Date('2025-06-01T00:00:00Z'),
      });

    it('fills the season in one pass, and a second pass writes nothing', async () => {
      await truncateSyncTables(prisma());
      const first = await runner().pass('full');
      expect(first.ok, first.error).toBe(true);
      expect(await prisma().match.count({ where: { status: 'finished' } })).toBe(380);
      expect(await prisma().team.count()).toBe(20);
      // The season opener, as the file has it: Manchester United 1-0 Fulham, 16 August 20:00 UK.
      const opener = await matchBySourceId(
        prisma(),
        SOURCE,
        'en.1|2024-25|Matchday 1|Manchester United FC|Fulham FC',
      );
      expect(opener).toMatchObject({
        status: 'finished',
        home: 1,
        away: 0,
        ht: 0,
        kickoff: new Date('2024-08-16T19:00:00Z'),
      });
      const again = await runner().pass('full');
      expect(again).toMatchObject({ ok: true, changes: 0 });
    }, 60_000);
  });
});
