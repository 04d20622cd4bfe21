import { resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { footballDataCoUkSource } from '../../../src/ingest/sync/sources/football-data-co-uk/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { FOOTBALL_DATA_DIR, num, spotChecks } from '../../helpers/real-data.js';
import {
  entityOf,
  matchBySourceId,
  storeSnapshot,
  syncRunner,
  truncateSyncTables,
} from '../../helpers/sync.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/football-data-co-uk');
const WEEK_1 = resolve(FIXTURES, 'week-1');
const WEEK_2 = resolve(FIXTURES, 'week-2');
const SOURCE = 'football-data-co-uk';
const MU_FU = 'E0|2025-26|Man United|Fulham';
const LIV_EVE = 'E0|2025-26|Liverpool|Everton';
const BRI_WOL = 'E0|2025-26|Brighton|Wolves';

describeEachDatabase('touchline sync football-data-co-uk over its files', ({ db }) => {
  const prisma = () => db().prisma;
  const runner = (paths: string[], now = '2025-08-21T09:00:00Z') =>
    syncRunner(prisma(), footballDataCoUkSource, {
      scope: { paths },
      now: () => new Date(now),
    });
  const match = (id: string) => matchBySourceId(prisma(), SOURCE, id);

  beforeEach(async () => {
    await truncateSyncTables(prisma());
  });

  it('fills a fresh store in one pass, and a second pass writes nothing', async () => {
    const first = await runner([WEEK_1]).pass('full');
    expect(first).toMatchObject({ ok: true, requests: 0 });
    expect(await prisma().match.count()).toBe(4);
    expect(await prisma().match.count({ where: { status: 'finished' } })).toBe(2);
    expect(await prisma().team.count()).toBe(8);
    const competition = await prisma().competition.findFirstOrThrow();
    expect([competition.code, competition.nameEn, competition.country]).toEqual([
      'E0',
      'Premier League',
      'England',
    ]);
    expect(await match(MU_FU)).toMatchObject({ status: 'finished', home: 2, away: 1, ht: 1 });
    const opener = await entityOf(prisma(), SOURCE, 'match', MU_FU);
    expect(await prisma().matchStatistic.count({ where: { matchId: opener } })).toBe(6);
    // Bet365 and Pinnacle price all three markets, Max and Avg the 1X2: opening and closing.
    expect(await prisma().odds.count({ where: { matchId: opener } })).toBe(8);
    expect(await prisma().oddsMovement.count({ where: { matchId: opener } })).toBe(16);
    expect(await prisma().exchangeOdds.count()).toBe(2);
    const again = await runner([WEEK_1]).pass('full');
    expect(again).toMatchObject({ ok: true, changes: 0 });
  });

  it('keeps a match id when the next files re-date it, and takes the result', async () => {
    await runner([WEEK_1]).pass('full');
    const before = await Promise.all([match(LIV_EVE), match(BRI_WOL)]);
    const report = await runner([WEEK_2], '2025-08-28T09:00:00Z').pass('full');
    expect(report.ok).toBe(true);
    const after = await Promise.all([match(LIV_EVE), match(BRI_WOL)]);
    expect(after.map((m) => m?.id)).toEqual(before.map((m) => m?.id));
    expect(after[0]).toMatchObject({ status: 'finished', home: 3, away: 1 });
    expect(after[1]?.kickoff.toISOString()).toBe('2025-09-16T18:45:00.000Z');
    expect(await prisma().match.count()).toBe(4);
  });

  it('refuses a broken file whole and writes nothing of the pass', async () => {
    await runner([WEEK_1]).pass('full');
    const before = await storeSnapshot(prisma());
    const report = await runner([WEEK_2, resolve(FIXTURES, 'broken')]).pass('full');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/broken\/E0\.csv/);
    expect(await storeSnapshot(prisma())).toEqual(before);
    const state = await prisma().sourceState.findUniqueOrThrow({ where: { source: SOURCE } });
    expect([state.refused, state.lastError]).toEqual([1, report.error]);
  });
});

describe.skipIf(!FOOTBALL_DATA_DIR)('football-data-co-uk on the real E0 2024-25 file', () => {
  const dir = FOOTBALL_DATA_DIR ?? '';
  const file = resolve(dir, 'england-E0/E0_2024-25.csv');
  describeEachDatabase('touchline sync football-data-co-uk, real E0 2024-25', ({ db }) => {
    const prisma = () => db().prisma;
    const runner = () =>
      syncRunner(prisma(), footballDataCoUkSource, {
        scope: { paths: [file] },
        now: () => new Date('2025-06-01T00:00:00Z'),
      });

    it('fills the season in one pass as published, and a second pass writes nothing', async () => {
      await truncateSyncTables(prisma());
      const first = await runner().pass('full');
      expect(first.ok, first.error).toBe(true);
      expect(await prisma().match.count({ where: { status: 'finished' } })).toBe(380);
      expect(await prisma().team.count()).toBe(20);
      for (const { row } of spotChecks(dir).filter((c) => c.file.endsWith('E0_2024-25.csv'))) {
        const id = `E0|2024-25|${row['HomeTeam']}|${row['AwayTeam']}`;
        const stored = await prisma().match.findUniqueOrThrow({
          where: { id: await entityOf(prisma(), SOURCE, 'match', id) },
        });
        expect(
          [stored.homeScore, stored.awayScore, stored.htHomeScore, stored.homeCorners],
          id,
        ).toEqual(['FTHG', 'FTAG', 'HTHG', 'HC'].map((c) => num(row[c])));
      }
      const again = await runner().pass('full');
      expect(again).toMatchObject({ ok: true, changes: 0 });
    }, 60_000);
  });
});
