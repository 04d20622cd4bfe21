import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type PassScope,
  type ProviderHttp,
  SourceConfigError,
  SourceRefusal,
} from '../../../src/ingest/sync/adapter.js';
import type { MatchFact, SourceFacts } from '../../../src/ingest/sync/facts.js';
import { footballDataCoUkSource as source } from '../../../src/ingest/sync/sources/football-data-co-uk/index.js';
import { ukLocalToUtc } from '../../../src/ingest/sync/sources/football-data-co-uk/uk-time.js';
import { FOOTBALL_DATA_DIR, num, spotChecks } from '../../helpers/real-data.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/football-data-co-uk');
const at = (...parts: string[]) => resolve(FIXTURES, ...parts);

/** A file source never asks: any request is a mistake. */
const noHttp: ProviderHttp = {
  get: () => Promise.reject(new Error('a file source made a request')),
};

const NOW = new Date('2025-08-21T09:00:00.000Z');

function pass(paths: string[], scope: Partial<PassScope> = {}): Promise<SourceFacts> {
  return source.pass({ kind: 'full', now: NOW, live: [], paths, ...scope }, noHttp);
}

function match(facts: SourceFacts, id: string): MatchFact {
  const found = facts.matches?.find((m) => m.sourceId === id);
  expect(found, id).toBeDefined();
  return found as MatchFact;
}

const MU_FU = 'E0|2025-26|Man United|Fulham';
const LIV_EVE = 'E0|2025-26|Liverpool|Everton';
const BRI_WOL = 'E0|2025-26|Brighton|Wolves';

describe('football-data-co-uk on synthetic files', () => {
  it('is a file source of fixtures without environment or budget', () => {
    expect(source).toMatchObject({ environment: null, defaultBudget: null, role: 'fixtures' });
    expect(source.credentials({})).toEqual({ headers: {}, query: {} });
  });

  it('maps a played row to a finished match with half-time score, corners and cards', async () => {
    const facts = await pass([at('week-1')]);
    expect(match(facts, MU_FU)).toEqual({
      sourceId: MU_FU,
      competition: 'E0',
      home: 'Man United',
      away: 'Fulham',
      status: 'finished',
      minute: null,
      kickoffUtc: '2025-08-15T19:00:00.000Z',
      season: '2025-26',
      homeScore: 2,
      awayScore: 1,
      htHomeScore: 1,
      htAwayScore: 0,
      homeCorners: 6,
      awayCorners: 4,
      homeYellow: 1,
      homeRed: 0,
      awayYellow: 3,
      awayRed: 1,
    });
    expect(facts.competitions).toEqual([
      {
        sourceId: 'E0',
        name: 'Premier League',
        code: 'E0',
        country: 'England',
        region: 'Europe',
        type: 'league',
      },
    ]);
    expect(facts.teams?.find((t) => t.sourceId === 'Man United')).toEqual({
      sourceId: 'Man United',
      name: 'Man United',
      country: 'England',
      competition: 'E0',
    });
  });

  it('maps a row without a score (fixtures.csv) to a scheduled match', async () => {
    const facts = await pass([at('week-1')]);
    expect(match(facts, LIV_EVE)).toMatchObject({
      status: 'scheduled',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
      kickoffUtc: '2025-08-23T11:30:00.000Z',
    });
    expect(match(facts, BRI_WOL).status).toBe('scheduled');
    expect(facts.statistics?.map((s) => s.match)).toEqual([MU_FU, 'E0|2025-26|Arsenal|Chelsea']);
  });

  it('keeps a match source id when its row is re-dated, and a score beats a stale fixture', async () => {
    const before = await pass([at('week-1')]);
    const after = await pass([at('week-2')]);
    expect(match(before, BRI_WOL).kickoffUtc).toBe('2025-08-24T13:00:00.000Z');
    expect(match(after, BRI_WOL)).toMatchObject({
      status: 'scheduled',
      kickoffUtc: '2025-09-16T18:45:00.000Z',
    });
    // week-2's fixtures.csv still lists Liverpool v Everton unplayed; E0.csv has the result.
    expect(match(after, LIV_EVE)).toMatchObject({ status: 'finished', homeScore: 3, awayScore: 1 });
    expect(after.matches?.map((m) => m.sourceId).sort()).toEqual(
      before.matches?.map((m) => m.sourceId).sort(),
    );
  });

  it('reads statistics under the demo names, leaving out what the row does not have', async () => {
    const facts = await pass([at('week-1')]);
    expect(facts.statistics?.find((s) => s.match === MU_FU)?.rows).toEqual([
      { type: 'shots', home: 15, away: 9, sort: 1 },
      { type: 'shotsOnTarget', home: 6, away: 3, sort: 2 },
      { type: 'fouls', home: 11, away: 13, sort: 3 },
      { type: 'corners', home: 6, away: 4, sort: 4 },
      { type: 'yellowCards', home: 1, away: 3, sort: 6 },
      { type: 'redCards', home: 0, away: 1, sort: 7 },
    ]);
  });

  it('gives opening prices 48 h before kick-off and closing prices at kick-off', async () => {
    const facts = await pass([at('week-1')]);
    const prices = (bookmaker: string, market: string) =>
      facts.prices?.filter(
        (p) => p.match === MU_FU && p.bookmaker === bookmaker && p.market === market,
      );
    expect(prices('B365', 'had')).toEqual([
      {
        match: MU_FU,
        bookmaker: 'B365',
        market: 'had',
        home: 1.72,
        draw: 4,
        away: 4.75,
        observedAt: '2025-08-13T19:00:00.000Z',
      },
      {
        match: MU_FU,
        bookmaker: 'B365',
        market: 'had',
        home: 1.67,
        draw: 4.2,
        away: 5,
        observedAt: '2025-08-15T19:00:00.000Z',
      },
    ]);
    // Pinnacle: 1X2 under `PS`, handicap and totals under `P`; the lines move (AHh -0.75, AHCh -1).
    expect(prices('PS', 'hdp')?.map((p) => [p.line, p.home, p.away])).toEqual([
      [-0.75, 1.97, 1.94],
      [-1, 2.1, 1.84],
    ]);
    expect(prices('PS', 'hilo')?.map((p) => [p.line, p.over, p.under])).toEqual([
      [2.5, 1.63, 2.35],
      [2.5, 1.6, 2.45],
    ]);
    expect(facts.bookmakers).toEqual([
      { sourceId: 'B365', name: 'Bet365', nameEn: 'Bet365', isAggregate: false },
      { sourceId: 'PS', name: 'Pinnacle', nameEn: 'Pinnacle', isAggregate: false },
      { sourceId: 'Max', name: 'Max', nameEn: 'Market maximum', isAggregate: true },
      { sourceId: 'Avg', name: 'Avg', nameEn: 'Market average', isAggregate: true },
    ]);
  });

  it('never stamps a fixture price later than the pass', async () => {
    const facts = await pass([at('week-1')]);
    const opening = facts.prices?.find((p) => p.match === LIV_EVE && p.bookmaker === 'B365');
    // Kick-off 23 Aug 11:30 UTC minus 48 h is after the pass's now (21 Aug 09:00).
    expect(opening?.observedAt).toBe(NOW.toISOString());
  });

  it('sends the Betfair Exchange columns to the exchange, not to a bookmaker', async () => {
    const facts = await pass([at('week-1')]);
    expect(facts.prices?.some((p) => p.bookmaker.startsWith('BFE'))).toBe(false);
    expect(facts.exchange?.map((e) => e.match)).toEqual([MU_FU, LIV_EVE]);
    const exchange = facts.exchange?.[0];
    expect(exchange?.receivedAt).toBe('2025-08-15T19:00:00.000Z');
    const payload = JSON.parse(exchange?.payload ?? '{}');
    expect(payload).toMatchObject({
      exchange: 'Betfair Exchange',
      source: 'football-data.co.uk',
      eventName: 'Man United v Fulham',
    });
    const book = (name: string, phase: string) =>
      payload.books.find(
        (b: { marketName: string; phase: string }) => b.marketName === name && b.phase === phase,
      );
    expect(book('Match Odds', 'opening')).toEqual({
      marketName: 'Match Odds',
      phase: 'opening',
      observedAt: '2025-08-13T19:00:00.000Z',
      runners: [
        { runnerName: 'Man United', price: 1.78 },
        { runnerName: 'Fulham', price: 5.2 },
        { runnerName: 'The Draw', price: 4.4 },
      ],
    });
    expect(book('Over/Under 2.5 Goals', 'closing').runners).toEqual([
      { runnerName: 'Under 2.5 Goals', price: 2.5 },
      { runnerName: 'Over 2.5 Goals', price: 1.62 },
    ]);
    expect(book('Asian Handicap', 'closing').runners).toEqual([
      { runnerName: 'Man United', handicap: -1, price: 2.14 },
      { runnerName: 'Fulham', handicap: 1, price: 1.87 },
    ]);
  });

  it('reads the all-seasons shape: trimmed league, its seasons, second meetings numbered', async () => {
    const facts = await pass([at('JPN.csv')]);
    expect(facts.competitions).toEqual([
      {
        sourceId: 'Japan|J1 League',
        name: 'J1 League',
        code: 'JPN-J1',
        country: 'Japan',
        region: 'Asia',
        type: 'league',
      },
    ]);
    expect(facts.matches?.map((m) => [m.sourceId, m.status, m.season, m.kickoffUtc])).toEqual([
      [
        'Japan|J1 League|2015|Urawa Reds|Gamba Osaka',
        'finished',
        '2015',
        '2015-03-07T06:00:00.000Z',
      ],
      [
        'Japan|J1 League|2015|Urawa Reds|Gamba Osaka|2',
        'finished',
        '2015',
        '2015-11-28T05:30:00.000Z',
      ],
      ['Japan|J1 League|2025|Verdy|Machida', 'finished', '2025', '2025-02-15T05:00:00.000Z'],
      ['Japan|J1 League|2025|Kyoto|Okayama', 'scheduled', '2025', '2025-02-16T06:00:00.000Z'],
    ]);
    // The file does not have half-time scores or cards: not said (undefined), not "none" (null).
    expect(facts.matches?.[0]?.htHomeScore).toBeUndefined();
    expect(facts.statistics).toEqual([]);
    const closing = facts.prices?.filter((p) => p.match === 'Japan|J1 League|2025|Verdy|Machida');
    expect(closing?.map((p) => [p.bookmaker, p.home, p.observedAt])).toEqual([
      ['PS', 3.4, '2025-02-15T05:00:00.000Z'],
      ['Max', 3.6, '2025-02-15T05:00:00.000Z'],
      ['Avg', 3.3, '2025-02-15T05:00:00.000Z'],
    ]);
    expect(facts.exchange?.map((e) => e.match)).toEqual(['Japan|J1 League|2025|Verdy|Machida']);
  });

  it('keeps what the scope asks for', async () => {
    const all = [at('week-1'), at('JPN.csv')];
    const ids = async (scope: Partial<PassScope>) =>
      (await pass(all, scope)).matches?.map((m) => m.sourceId);
    expect(await ids({ competitions: ['Japan|J1 League'], season: 2015 })).toHaveLength(2);
    expect(await ids({ from: '2025-08-16', to: '2025-08-23' })).toEqual([
      'E0|2025-26|Arsenal|Chelsea',
      LIV_EVE,
    ]);
    const live = await pass(all, { kind: 'live', live: [LIV_EVE] });
    expect(live.matches?.map((m) => m.sourceId)).toEqual([LIV_EVE]);
    expect(live.teams?.map((t) => t.sourceId)).toEqual(['Liverpool', 'Everton']);
  });

  it('refuses a file that breaks the documented shape, naming the file and the row', async () => {
    const refused = await pass([at('broken')]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SourceRefusal);
    expect(refused).toMatchObject({ source: 'football-data-co-uk', resource: 'matches' });
    expect((refused as SourceRefusal).address).toBe(at('broken', 'E0.csv'));
    expect((refused as SourceRefusal).reason).toMatch(/^row 2: \/Date/);
  });

  it('asks for paths that exist', async () => {
    await expect(pass([])).rejects.toBeInstanceOf(SourceConfigError);
    await expect(pass([at('nowhere')])).rejects.toThrow(/no such file or folder/);
  });
});

describe.skipIf(!FOOTBALL_DATA_DIR)('football-data-co-uk on the real files', () => {
  const dir = FOOTBALL_DATA_DIR ?? '';
  let facts: SourceFacts;
  const all = async () => {
    facts ??= await pass([dir]);
    return facts;
  };

  it('reads every row, all played, each match once', async () => {
    const { matches = [] } = await all();
    expect(matches).toHaveLength(5 * 380 + 380 * 2 + 306 * 2 + 4297 + 2662);
    expect(new Set(matches.map((m) => m.sourceId)).size).toBe(matches.length);
    expect(matches.every((m) => m.status === 'finished')).toBe(true);
    // J1 2015 (6 pairs met twice) and CSL 2020 (12): the second meeting is numbered.
    const second = matches.filter((m) => m.sourceId.endsWith('|2'));
    expect(second.map((m) => m.competition).sort()).toEqual([
      ...Array(12).fill('China|Super League'),
      ...Array(6).fill('Japan|J1 League'),
    ]);
  });

  it('maps every spot-check row as published', async () => {
    const { matches = [], prices = [], statistics = [] } = await all();
    for (const { row, file } of spotChecks(dir)) {
      const home = row['HomeTeam'] ?? row['Home'];
      const away = row['AwayTeam'] ?? row['Away'];
      const kickoff = ukLocalToUtc(row['Date'] ?? '', row['Time'] ?? '');
      const m = matches.find((x) => x.home === home && x.away === away && x.kickoffUtc === kickoff);
      expect(m, `${file} ${home}-${away}`).toBeDefined();
      if (!m) {
        continue;
      }
      expect([m.homeScore, m.awayScore]).toEqual([
        num(row['FTHG'] ?? row['HG']),
        num(row['FTAG'] ?? row['AG']),
      ]);
      const price = (bookmaker: string, market: string, closing: boolean) =>
        prices.find(
          (p) =>
            p.match === m.sourceId &&
            p.bookmaker === bookmaker &&
            p.market === market &&
            (p.observedAt === m.kickoffUtc) === closing,
        );
      expect(price('PS', 'had', true)?.home ?? null).toBe(num(row['PSCH']));
      if (!('HC' in row)) {
        continue;
      }
      expect([m.htHomeScore, m.homeCorners, m.awayCorners, m.homeYellow, m.awayRed]).toEqual(
        ['HTHG', 'HC', 'AC', 'HY', 'AR'].map((c) => num(row[c])),
      );
      const shots = statistics.find((s) => s.match === m.sourceId)?.rows[0];
      expect(shots ? [shots.home, shots.away] : [null, null]).toEqual([
        num(row['HS']),
        num(row['AS']),
      ]);
      const open = price('B365', 'hdp', false);
      const close = price('B365', 'hdp', true);
      expect([open?.line, open?.home, close?.line, close?.away]).toEqual(
        ['AHh', 'B365AHH', 'AHCh', 'B365CAHA'].map((c) => num(row[c])),
      );
    }
  });

  it('gives Betfair Exchange prices to the exchange only', async () => {
    const { exchange = [], bookmakers = [] } = await all();
    expect(bookmakers.map((b) => b.sourceId)).not.toContain('BFE');
    const checked = spotChecks(dir).filter((c) => (c.row['BFECH'] ?? '') !== '');
    expect(checked.length).toBeGreaterThan(0);
    for (const { row } of checked) {
      const kickoff = ukLocalToUtc(row['Date'] ?? '', row['Time'] ?? '');
      const id = `${row['Country']}|${row['League']}|${row['Season']}|${row['Home']}|${row['Away']}`;
      const books = JSON.parse(exchange.find((e) => e.match === id)?.payload ?? '{}').books;
      expect(books).toEqual([
        {
          marketName: 'Match Odds',
          phase: 'closing',
          observedAt: kickoff,
          runners: [
            { runnerName: row['Home'], price: num(row['BFECH']) },
            { runnerName: row['Away'], price: num(row['BFECA']) },
            { runnerName: 'The Draw', price: num(row['BFECD']) },
          ],
        },
      ]);
    }
  });
});
