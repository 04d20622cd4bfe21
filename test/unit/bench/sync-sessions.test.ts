import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOf, changeState, liveSession } from '../../../bench/sync/live-session.js';
import { ODDS_API_KEY, PRICES_PER_EVENT } from '../../../bench/sync/odds-api-session.js';
import { type RecordedSeason, recordedSeason } from '../../../bench/sync/season.js';
import { SPORTMONKS_TOKEN } from '../../../bench/sync/sportmonks-session.js';
import type { PassScope } from '../../../src/ingest/sync/adapter.js';
import type { SourceFacts } from '../../../src/ingest/sync/facts.js';
import { SportmonksSource } from '../../../src/ingest/sync/sources/sportmonks/index.js';
import { theOddsApiSource } from '../../../src/ingest/sync/sources/the-odds-api/index.js';
import { plainProviderHttp } from '../../helpers/provider-http.js';
import { type ProviderStandIn, startStandIn } from '../../helpers/provider-stand-in.js';

const scope = (over: Partial<PassScope>): PassScope => ({
  kind: 'full',
  now: new Date('2026-12-07T12:00:00Z'),
  live: [],
  paths: [],
  ...over,
});

/** A pass of the adapter against a stand-in of the session, through the schema and refusal checks. */
async function passOf(
  source: 'sportmonks' | 'the-odds-api',
  standIn: ProviderStandIn,
  passScope: PassScope,
  adapter = source === 'sportmonks' ? new SportmonksSource() : theOddsApiSource,
): Promise<SourceFacts> {
  const credentials = adapter.credentials({ SPORTMONKS_TOKEN, ODDS_API_KEY });
  return adapter.pass(passScope, plainProviderHttp(source, standIn.url, credentials));
}

describe('bench:sync recorded season (bench/sync/season.ts)', () => {
  let season: RecordedSeason;
  let fixtures: SourceFacts;
  let prices: SourceFacts;
  const standIns: ProviderStandIn[] = [];

  beforeAll(async () => {
    season = recordedSeason();
    const sportmonks = await startStandIn(season.sportmonks);
    const oddsApi = await startStandIn(season.oddsApi);
    standIns.push(sportmonks, oddsApi);
    fixtures = await passOf('sportmonks', sportmonks, scope({ season: 2024, competitions: ['8'] }));
    prices = await passOf('the-odds-api', oddsApi, scope({ competitions: ['soccer_epl'] }));
  });
  afterAll(async () => {
    await Promise.all(standIns.map((s) => s.stop()));
  });

  it('is the same every time it is built', () => {
    expect(JSON.stringify(recordedSeason())).toBe(JSON.stringify(season));
  });

  it('gives Sportmonks 380 finished fixtures of 20 clubs, each with events, both sheets and statistics', () => {
    const matches = fixtures.matches ?? [];
    expect(matches).toHaveLength(380);
    expect(new Set(matches.map((m) => m.status))).toEqual(new Set(['finished']));
    expect(fixtures.teams).toHaveLength(20);
    expect(new Set(matches.map((m) => m.season))).toEqual(new Set(['2024-25']));
    expect(fixtures.events).toHaveLength(380);
    expect(fixtures.lineups).toHaveLength(760);
    for (const sheet of fixtures.lineups ?? []) {
      expect(sheet.players.filter((p) => p.starter)).toHaveLength(11);
      expect(sheet.players.filter((p) => p.starter && p.x === null)).toHaveLength(0);
    }
    expect(fixtures.statistics?.every((s) => s.rows.length === 15)).toBe(true);
  });

  it("writes each fixture's goals as its events and its cards as its statistics", () => {
    for (const m of fixtures.matches ?? []) {
      const events = fixtures.events?.find((e) => e.match === m.sourceId)?.events ?? [];
      const goals = (side: string) =>
        events.filter((e) => e.side === side && ['goal', 'penalty', 'own_goal'].includes(e.type))
          .length;
      expect([goals('home'), goals('away')]).toEqual([m.homeScore, m.awayScore]);
      const yellows = events.filter((e) => e.side === 'home' && e.type === 'yellow').length;
      expect(m.homeYellow).toBe(yellows);
    }
  });

  it('gives The Odds API the same 380 matches, priced in three markets by eight bookmakers', () => {
    expect(prices.links).toHaveLength(380);
    expect(prices.bookmakers).toHaveLength(8);
    expect(prices.prices).toHaveLength(380 * PRICES_PER_EVENT);
    const linked = new Set(prices.links?.map((l) => l.sourceId));
    expect(prices.prices?.every((p) => linked.has(p.match))).toBe(true);
    const kickoffs = new Set(fixtures.matches?.map((m) => m.kickoffUtc));
    expect(prices.links?.every((l) => kickoffs.has(l.kickoffUtc))).toBe(true);
  });
});

describe('bench:sync live session (bench/sync/live-session.ts)', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  let standIn: ProviderStandIn;

  beforeAll(async () => {
    standIn = await startStandIn(liveSession(now, 200));
  });
  afterAll(async () => {
    await standIn.stop();
  });

  it("first full pass finds the match in play in the current season's window", async () => {
    const facts = await passOf('sportmonks', standIn, scope({ now, competitions: ['8'] }));
    expect(facts.matches).toHaveLength(1);
    expect(facts.matches?.[0]).toMatchObject({ status: 'live', minute: '1', homeScore: 0 });
  });

  it('serves change k as its clock and score, which the pushed match gives back', async () => {
    const adapter = new SportmonksSource();
    for (const k of [1, 44, 45, 89, 90, 137, 200]) {
      standIn.step(`change-${k}`);
      const live = scope({ kind: 'live', now, live: ['19200001'] });
      const [match] = (await passOf('sportmonks', standIn, live, adapter)).matches ?? [];
      const { minute, homeGoals } = changeState(k);
      expect(match).toMatchObject({ minute: String(minute), homeScore: homeGoals, awayScore: 0 });
      expect(changeOf({ minute: match?.minute, score: { current: `${homeGoals}-0` } })).toBe(k);
    }
  });
});
