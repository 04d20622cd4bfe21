import { expect, it } from 'vitest';
import { selectionMatchIds } from '../../../src/analysis/market-selection.js';
import type { HandicapAnalysis } from '../../../src/analysis/market-types.js';
import { createTipsService } from '../../../src/football/analysis/analysis-tips.js';
import {
  getCornerAnalysesForMatches,
  getCornerAnalysis,
  getCornerAnalysisText,
  getMarketAnalysesForMatches,
  getMarketAnalysis,
  getMarketAnalysisText,
  getMarketAnalysisTextsForMatches,
} from '../../../src/football/analysis/stored-analysis.js';
import { createKellyService } from '../../../src/football/odds/odds-kelly.js';
import { analyzeAll } from '../../../src/ingest/analyze/analyze.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { insertAnalysisFixture } from './fixture.js';

const zero = { '0-15': 0, '16-30': 0, '31-45+': 0, '46-60': 0, '61-75': 0, '76-90+': 0 };

describeEachDatabase('analysis', ({ db }) => {
  const prisma = () => db().prisma;

  it('analyzeAll stores market analyses for real bookmakers and a corner analysis per match', async () => {
    await insertAnalysisFixture(prisma());
    const result = await analyzeAll(prisma());
    // hdp at bookmaker 10 for 101, 102, 103, 104; hilo at 11 for 101, 104; the aggregate gets none.
    expect(result).toMatchObject({ matches: 5, marketAnalyses: 6, cornerAnalyses: 5 });
    expect(await prisma().marketAnalysis.count()).toBe(6);
    expect(await prisma().cornerAnalysis.count()).toBe(5);
  });

  it('the handicap analysis of match 104 is worked out from the earlier matches', async () => {
    const hdp = (await getMarketAnalysis(prisma(), 104, 'hdp')) as HandicapAnalysis;
    expect(hdp).toMatchObject({ matchId: 104, market: 'hdp', competitionId: 1, sampleLimit: 10 });
    // One document for the match: the aggregate (90) is left out.
    expect(hdp.bookmakers.map((b) => [b.bookmakerId, b.bookmakerName])).toEqual([[10, 'Bet A']]);
    expect(hdp.home.history).toEqual([
      {
        matchId: 102,
        kickoffUtc: '2024-01-08T15:00:00.000Z',
        competition: { id: 2, name: 'Cup B' },
        opponent: { id: 4, name: 'Delta' },
        venue: 'away',
        score: '0-0',
      },
      {
        matchId: 101,
        kickoffUtc: '2024-01-01T15:00:00.000Z',
        competition: { id: 1, name: 'League A' },
        opponent: { id: 3, name: 'Gamma' },
        venue: 'home',
        score: '2-1',
      },
    ]);
    const alpha = hdp.bookmakers[0]!.home;
    // 102: Alpha away at 0.25 (its own line -0.25), 0-0 -> half loss; 101: -0.75, 2-1 -> half win.
    expect(alpha.openingLines).toEqual([-0.25, -0.75]);
    expect(alpha.openingResults).toEqual(['halfLoss', 'halfWin']);
    expect(alpha.closingLines).toEqual([null, -1]);
    expect(alpha.closingResults).toEqual([null, 'push']);
    expect(alpha.all.openingOnly.opening.statistics).toMatchObject({
      matches: 2,
      halfWin: 1,
      halfLoss: 1,
      winRate: 50,
      lossRate: 50,
      net: 0,
    });
    expect(alpha.all.openingOnly.closing).toBeUndefined();
    expect(selectionMatchIds(hdp, 10, 'home', 'all', 'openingAndClosing')).toEqual([101]);
    expect(selectionMatchIds(hdp, 10, 'home', 'sameCompetition', 'openingOnly')).toEqual([101]);
    expect(hdp.away.history.map((r) => r.matchId)).toEqual([103]);
    expect(hdp.bookmakers[0]!.away.openingResults).toEqual(['push']);
  });

  it('stores compact JSON text that parses to the typed document', async () => {
    const text = await getMarketAnalysisText(prisma(), 104, 'hdp');
    expect(text).not.toBeNull();
    expect(text).not.toContain('\n');
    expect(JSON.parse(text!)).toEqual(await getMarketAnalysis(prisma(), 104, 'hdp'));
    const corner = await getCornerAnalysisText(prisma(), 104);
    expect(JSON.parse(corner!)).toEqual(await getCornerAnalysis(prisma(), 104));
    expect(await getMarketAnalysisText(prisma(), 103, 'hilo')).toBeNull();
    expect(await getMarketAnalysis(prisma(), 999, 'hdp')).toBeNull();
    const texts = await getMarketAnalysisTextsForMatches(prisma(), [101, 103, 104, 999], 'hilo');
    expect([...texts.keys()].sort()).toEqual([101, 104]);
    expect(texts.get(104)).toBe(await getMarketAnalysisText(prisma(), 104, 'hilo'));
    const parsed = await getMarketAnalysesForMatches(prisma(), [104], 'hilo');
    expect(parsed.get(104)?.bookmakers[0]?.bookmakerId).toBe(11);
    const corners = await getCornerAnalysesForMatches(prisma(), [101, 104, 999]);
    expect([...corners.keys()].sort()).toEqual([101, 104]);
  });

  it('the over-under analysis and the corner analysis are served as stored', async () => {
    const hilo = await getMarketAnalysis(prisma(), 104, 'hilo');
    expect(hilo!.home.history.map((r) => r.matchId)).toEqual([101]);
    expect(hilo!.bookmakers[0]!.home.openingLines).toEqual([2.5]);
    expect(hilo!.bookmakers[0]!.home.openingResults).toEqual(['over']);
    expect(hilo!.bookmakers[0]!.away.all.openingOnly.opening.statistics.matches).toBe(0);
    const corners = await getCornerAnalysis(prisma(), 104);
    expect(corners!.home.home).toEqual({
      matches: 1,
      firstCorners: { ...zero, '0-15': 1 },
      cornersFor: { ...zero, '0-15': 1, '31-45+': 1, '76-90+': 1 },
      cornersAgainst: { ...zero, '16-30': 1 },
      matchCornerDistributions: [{ ...zero, '0-15': 1, '16-30': 1, '31-45+': 1, '76-90+': 1 }],
    });
    // 102 has corner totals but no minutes: missing, not zero.
    expect(corners!.home.away.matches).toBeNull();
    expect(corners!.home.away.cornersFor).toBeNull();
    expect(corners!.home.totalCorners).toEqual({
      ...zero,
      '0-15': 1,
      '16-30': 1,
      '31-45+': 1,
      '76-90+': 1,
    });
    // Beta never played away before: a reported zero.
    expect(corners!.away.away).toEqual({
      matches: 0,
      firstCorners: zero,
      cornersFor: zero,
      cornersAgainst: zero,
      matchCornerDistributions: [],
    });
  });

  it('is idempotent: a second run rewrites no row; stale documents are dropped', async () => {
    // xmin is the row version: an UPDATE, even to the same text, would change it.
    const snapshot = (table: string, key: string) =>
      prisma().$queryRawUnsafe<{ key: string; xmin: string; payload: string }[]>(
        `SELECT ${key} AS key, xmin::text AS xmin, payload FROM ${table} ORDER BY 1`,
      );
    const all = async () => [
      await snapshot('market_analyses', `match_id || ':' || market`),
      await snapshot('corner_analyses', 'match_id::text'),
    ];
    const before = await all();
    expect(before[0]).toHaveLength(6);
    const progress: string[] = [];
    const again = await analyzeAll(prisma(), { onProgress: (m) => progress.push(m) });
    expect(again).toMatchObject({ matches: 5, marketAnalyses: 6, cornerAnalyses: 5 });
    // Same text, same row versions (xmin): nothing was updated.
    expect(await all()).toEqual(before);
    expect(progress.at(-1)).toContain('(0 rows written, 0 stale removed)');

    await prisma().odds.delete({
      where: { matchId_bookmakerId_market: { matchId: 104, bookmakerId: 11, market: 'hilo' } },
    });
    const one = await analyzeAll(prisma(), { matchIds: [104] });
    expect(one).toMatchObject({ matches: 1, marketAnalyses: 1, cornerAnalyses: 1 });
    // `touchline analyze --since`: the matches from that day on (20 and 22 January), no others.
    const since = await analyzeAll(prisma(), { since: new Date('2024-01-16T00:00:00Z') });
    expect(since).toMatchObject({ matches: 2, cornerAnalyses: 2 });
    expect(await getMarketAnalysis(prisma(), 104, 'hilo')).toBeNull();
    expect(await prisma().marketAnalysis.count()).toBe(5);
  });

  it('computes the tips distribution and the Kelly index on read', async () => {
    const tips = createTipsService({ db: prisma() });
    expect(await tips.getForMatch(104)).toEqual([
      {
        betType: 'hdp',
        line: -0.5,
        tips: 11,
        selections: [
          { selection: 'home', count: 8, percent: 72.73 },
          { selection: 'away', count: 3, percent: 27.27 },
        ],
      },
    ]);
    expect(await tips.getForMatch(101)).toEqual([]);
    const kelly = await createKellyService({ db: prisma() }).getForMatch(104);
    expect(kelly.bookmakers.map((b) => b.bookmaker.id)).toEqual([10, 11]);
    expect(kelly.average.opening?.bookmakers).toBe(2);
    expect(kelly.average.closing?.bookmakers).toBe(1);
    expect(kelly.bookmakers[1]?.closing).toBeUndefined();
  });
});
