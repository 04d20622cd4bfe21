import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFolder } from '../../../src/ingest/import/index.js';
import { convertFootballData } from '../../../src/ingest/sources/football-data.js';
import { ukLocalToUtc } from '../../../src/ingest/sources/uk-time.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { HAS_REAL_DATA, num, REAL_DATA_DIR, spotChecks } from './real-data.js';

const E0 = 'england-E0/E0_2024-25.csv';

if (HAS_REAL_DATA) {
  describeEachDatabase('football-data.co.uk E0 2024-25: convert + import', ({ db }) => {
    it('stores the spot-check values', async () => {
      const out = await mkdtemp(join(tmpdir(), 'fd-e0-'));
      const converted = await convertFootballData([resolve(REAL_DATA_DIR, E0)], out);
      expect(converted.rows).toBe(380);
      const summary = await importFolder(db().prisma, out);
      expect(summary.files.find((f) => f.file === 'matches.ndjson')?.inserted).toBe(380);
      const checks = spotChecks().filter((c) => c.file === E0);
      expect(checks.length).toBeGreaterThan(0);
      for (const { row } of checks) {
        const match = await db().prisma.match.findFirstOrThrow({
          where: {
            homeTeam: { nameOriginal: row['HomeTeam'] ?? '' },
            awayTeam: { nameOriginal: row['AwayTeam'] ?? '' },
            kickoffUtc: new Date(ukLocalToUtc(row['Date'] ?? '', row['Time'] ?? '')),
          },
          include: { odds: { include: { bookmaker: true } }, statistics: true, competition: true },
        });
        expect(match.competition.nameEn).toBe('Premier League');
        expect([match.homeScore, match.awayScore, match.htHomeScore, match.htAwayScore]).toEqual(
          ['FTHG', 'FTAG', 'HTHG', 'HTAG'].map((c) => num(row[c])),
        );
        expect([match.homeCorners, match.awayCorners]).toEqual([num(row['HC']), num(row['AC'])]);
        expect([match.homeYellow, match.homeRed, match.awayYellow, match.awayRed]).toEqual(
          ['HY', 'HR', 'AY', 'AR'].map((c) => num(row[c])),
        );
        const odds = (name: string, market: string) =>
          match.odds.find((o) => o.bookmaker.name === name && o.market === market);
        const had = odds('Bet365', 'had');
        expect([had?.openHome, had?.openDraw, had?.closeAway]).toEqual(
          ['B365H', 'B365D', 'B365CA'].map((c) => num(row[c])),
        );
        const ah = odds('Pinnacle', 'hdp');
        expect([ah?.openLine, ah?.openHome, ah?.closeLine, ah?.closeHome]).toEqual(
          ['AHh', 'PAHH', 'AHCh', 'PCAHH'].map((c) => num(row[c])),
        );
        const ou = odds('Bet365', 'hilo');
        expect([ou?.openLine, ou?.openOver, ou?.closeUnder]).toEqual([
          2.5,
          num(row['B365>2.5']),
          num(row['B365C<2.5']),
        ]);
        const corners = match.statistics.find((s) => s.type === 'corners');
        expect([corners?.home, corners?.away]).toEqual([num(row['HC']), num(row['AC'])]);
        const movement = await db().prisma.oddsMovement.findMany({
          where: { matchId: match.id, market: 'had', bookmaker: { name: 'Bet365' } },
          orderBy: { seq: 'asc' },
        });
        expect(movement.map((m) => m.home)).toEqual([num(row['B365H']), num(row['B365CH'])]);
      }
    });
  });
} else {
  describe.skip('football-data.co.uk E0 2024-25 [SKIPPED: ../shared/data/real is absent]', () => {
    it('needs the real data', () => {});
  });
}
