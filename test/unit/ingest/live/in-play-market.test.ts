import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../../src/ingest/demo/clock.js';
import { inPlayMarketAt } from '../../../../src/ingest/live/in-play-market.js';
import { MatchScripts, type StoredFixture } from '../../../../src/ingest/live/script.js';
import type { StoredMarket } from '../../../../src/ingest/live/stored-market.js';

const SEED = 5;
const KICKOFF = Date.parse('2026-11-25T12:00:00Z');
const fixture: StoredFixture = {
  id: 4242,
  competitionId: 6,
  homeTeamId: 601,
  awayTeamId: 602,
  kickoffMs: KICKOFF,
  season: '2026/27',
  round: 'Round 13',
};
const stored: StoredMarket = {
  tracked: (['had', 'hdp', 'hilo'] as const).map((market) => ({
    market,
    bookmakerId: 3,
    lastSeq: 6,
    open: { home: 2.1, draw: 3.3, away: 3.4, at: '2026-11-20T08:00:00.000Z' },
    close: { home: 2.05, draw: 3.35, away: 3.5 },
    margin: 0.05,
  })),
  inPlayRows: [],
  exchange: true,
  board: { reference: 'WED 3', pools: new Set(['HAD', 'HIL', 'CHL']) },
};
const scripts = new MatchScripts(SEED);

function marketAt(minute: number) {
  const now = KICKOFF + minute * MINUTE_MS;
  const view = scripts.stateAt(fixture, now);
  const found = scripts.fixtureAt(fixture, now);
  if (!view || !found) {
    throw new Error('not a demo match');
  }
  return inPlayMarketAt(SEED, found.m, found.xg, view.events, stored, now);
}

describe('the in-play market', () => {
  it('moves nothing before the first trading moment', () => {
    const first = marketAt(0);
    expect(first).toEqual({ movements: [], odds: [], exchange: [], regional: [] });
  });

  it('only grows with time: what a minute shows, every later minute shows too', () => {
    const series = (minute: number, market: string) =>
      marketAt(minute).movements.filter((row) => row.market === market);
    for (const market of ['had', 'hdp', 'hilo']) {
      let previous = series(1, market);
      for (let minute = 2; minute <= 113; minute++) {
        const now = series(minute, market);
        expect(now.slice(0, previous.length), `${market}, minute ${minute}`).toEqual(previous);
        previous = now;
      }
      expect(previous.length, market).toBeGreaterThan(6);
      expect(previous.every((row) => row.seq > 6 && row.liveScore && row.liveMinute)).toBe(true);
    }
  });

  it('closes each tracked market at its latest in-play price, and keeps its opening', () => {
    const market = marketAt(70);
    for (const odds of market.odds) {
      const rows = market.movements.filter((r) => r.market === odds.market);
      const last = rows[rows.length - 1];
      expect(odds.open).toEqual(stored.tracked[0]?.open);
      expect(odds.close?.at).toBe(last?.changedAt);
    }
  });

  it('trades the exchange in play and closes it at the end; the board sells 1X2 and goals only', () => {
    const live = marketAt(60);
    expect(JSON.parse(live.exchange[0]?.payload ?? '{}')).toMatchObject({
      inplay: true,
      status: 'OPEN',
    });
    const pools = live.regional[0]?.pools ?? [];
    expect(pools.map((p) => p.pool).sort()).toEqual(['CHL', 'HAD', 'HIL']);
    expect(pools.find((p) => p.pool === 'CHL')?.sellingStatus).toBe('closed');
    const ended = marketAt(113);
    expect(JSON.parse(ended.exchange[0]?.payload ?? '{}')).toMatchObject({ status: 'CLOSED' });
    expect(new Set((ended.regional[0]?.pools ?? []).map((p) => p.sellingStatus))).toEqual(
      new Set(['closed']),
    );
  });

  it('is the same under the same seed and time', () => {
    expect(marketAt(77)).toEqual(marketAt(77));
  });
});
