import { afterEach, describe, expect, it } from 'vitest';
import {
  type PassScope,
  SourceConfigError,
  SourceRefusal,
  SourceUnavailable,
} from '../../../src/ingest/sync/adapter.js';
import type { SourceFacts } from '../../../src/ingest/sync/facts.js';
import { betfairSource } from '../../../src/ingest/sync/sources/betfair/index.js';
import { plainProviderHttp } from '../../helpers/provider-http.js';
import {
  loadSession,
  type ProviderStandIn,
  type RecordedAnswer,
  startStandIn,
} from '../../helpers/provider-stand-in.js';

const APP_KEY = 'test-app-key-7Qx';
const TOKEN = 'test-session-token';
const EPL = '10932509';
const BRIGHTON_UNITED = '33502181';
const VILLA_ARSENAL = '33502186';
const CHELSEA_ARSENAL = '33745286';
const EVERTON_LIVERPOOL = '33848192';

let standIn: ProviderStandIn | undefined;
afterEach(async () => {
  await standIn?.stop();
  standIn = undefined;
});

async function open(scenario: string, token = TOKEN) {
  standIn = await startStandIn(loadSession('betfair', scenario));
  const credentials = betfairSource.credentials({
    BETFAIR_APP_KEY: APP_KEY,
    BETFAIR_SESSION_TOKEN: token,
  });
  return { standIn, http: plainProviderHttp('betfair', standIn.url, credentials) };
}

function scope(now: string, more: Partial<PassScope> = {}): PassScope {
  return { kind: 'full', now: new Date(now), live: [], paths: [], competitions: [EPL], ...more };
}

const live = (now: string) => scope(now, { kind: 'live', live: [CHELSEA_ARSENAL] });

const price = (facts: SourceFacts, match: string, market: string) =>
  facts.prices?.find((p) => p.match === match && p.market === market);

function exchangeOf(facts: SourceFacts, match: string) {
  const payload = facts.exchange?.find((e) => e.match === match)?.payload;
  return payload === undefined ? undefined : (JSON.parse(payload) as Record<string, unknown>);
}

describe('betfair: a round of the Premier League', () => {
  const round = scope('2024-08-23T12:00:00Z');

  it('links each event by its id, its teams by their selection ids', async () => {
    const { http } = await open('season');
    const facts = await betfairSource.pass(round, http);

    expect(facts.matches).toBeUndefined();
    expect(facts.links).toHaveLength(6);
    expect(facts.links?.find((l) => l.sourceId === VILLA_ARSENAL)).toEqual({
      sourceId: VILLA_ARSENAL,
      competition: EPL,
      home: '48756',
      away: '1096',
      kickoffUtc: '2024-08-24T16:30:00.000Z',
    });
    expect(facts.teams).toHaveLength(12);
    expect(facts.teams).toContainEqual({ sourceId: '1096', name: 'Arsenal', competition: EPL });
    expect(facts.teams).toContainEqual({ sourceId: '48351', name: 'Man Utd', competition: EPL });
    expect(facts.competitions).toEqual([{ sourceId: EPL, name: 'English Premier League' }]);
  });

  it('prices the best back offer of each market as the bookmaker Betfair Exchange', async () => {
    const { http } = await open('season');
    const facts = await betfairSource.pass(round, http);

    expect(price(facts, BRIGHTON_UNITED, 'had')).toEqual({
      match: BRIGHTON_UNITED,
      bookmaker: 'Betfair Exchange',
      market: 'had',
      home: 2.5,
      draw: 3.65,
      away: 2.92,
      observedAt: '2024-08-23T12:00:00.000Z',
    });
    expect(price(facts, BRIGHTON_UNITED, 'hilo')).toMatchObject({
      line: 2.5,
      over: 2.08,
      under: 1.9,
    });
    expect(facts.prices).toHaveLength(6 + 6 + 2);
    expect(facts.bookmakers).toEqual([
      { sourceId: 'Betfair Exchange', name: 'Betfair Exchange', nameEn: 'Betfair Exchange' },
    ]);
  });

  it('keeps the main Asian handicap line: the one with the closest prices', async () => {
    const { http } = await open('season');
    const facts = await betfairSource.pass(round, http);

    expect(price(facts, BRIGHTON_UNITED, 'hdp')).toMatchObject({
      line: -0.25,
      home: 1.98,
      away: 1.95,
    });
    expect(price(facts, VILLA_ARSENAL, 'hdp')).toMatchObject({ line: 0.5, home: 1.96, away: 1.98 });
  });

  it('serves the match odds book as received, with the catalogue names put in', async () => {
    const { http, standIn } = await open('season');
    const facts = await betfairSource.pass(round, http);

    const answers = standIn.session.steps[0]!.answers;
    const villaOdds = (answers[0]!.json as { marketId: string; event: { id: string } }[]).find(
      (m) => m.event.id === VILLA_ARSENAL,
    );
    const received = answers
      .slice(3)
      .flatMap((a) => a.json as Record<string, unknown>[])
      .find((b) => b['marketId'] === villaOdds?.marketId)!;
    const document = exchangeOf(facts, VILLA_ARSENAL);
    expect(Object.keys(document ?? {}).slice(0, 3)).toEqual([
      'marketId',
      'marketName',
      'eventName',
    ]);
    expect(document).toMatchObject({
      marketId: received['marketId'],
      marketName: 'Match Odds',
      eventName: 'Aston Villa v Arsenal',
      status: 'OPEN',
      inplay: false,
      totalMatched: received['totalMatched'],
      version: received['version'],
    });
    const runners = document?.['runners'] as Record<string, unknown>[];
    expect(runners.map((r) => r['runnerName'])).toEqual(['Aston Villa', 'Arsenal', 'The Draw']);
    // Everything Betfair sent stays: the traded volume ladder, the adjustment-free runner fields.
    const { runners: receivedRunners, ...receivedMarket } = received;
    expect(document).toMatchObject(receivedMarket);
    expect(runners).toMatchObject(receivedRunners as Record<string, unknown>[]);
    expect(facts.exchange).toHaveLength(6);
    expect(facts.exchange?.[0]?.receivedAt).toBe('2024-08-23T12:00:00.000Z');
  });

  it('asks the catalogue once per market type and the books 10 markets at a time', async () => {
    const { http, standIn } = await open('season');
    await betfairSource.pass(round, http);

    expect(standIn.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /listMarketCatalogue/',
      'POST /listMarketCatalogue/',
      'POST /listMarketCatalogue/',
      'POST /listMarketBook/',
      'POST /listMarketBook/',
    ]);
    expect(standIn.requests[0]?.headers['x-application']).toBe(APP_KEY);
    expect(standIn.requests[0]?.body).toMatchObject({
      filter: {
        eventTypeIds: ['1'],
        competitionIds: [EPL],
        marketTypeCodes: ['MATCH_ODDS'],
        marketStartTime: { from: '2024-08-23T09:00:00.000Z', to: '2024-08-30T12:00:00.000Z' },
      },
      marketProjection: ['COMPETITION', 'EVENT', 'MARKET_START_TIME', 'RUNNER_DESCRIPTION'],
      maxResults: 1000,
    });
    const books = standIn.requests.slice(3).map((r) => r.body as { marketIds: string[] });
    expect(books.map((b) => b.marketIds.length)).toEqual([10, 4]);
    expect(books[0]).toMatchObject({
      priceProjection: { priceData: ['EX_BEST_OFFERS', 'EX_TRADED'] },
    });
  });

  it('gives the same facts for the same answers', async () => {
    const { http } = await open('season');
    expect(await betfairSource.pass(round, http)).toEqual(await betfairSource.pass(round, http));
  });
});

describe('betfair: one match on the exchange, into play and out', () => {
  it('follows the book from before kick-off to the reopened market after a goal', async () => {
    const { http, standIn } = await open('live');
    const before = await betfairSource.pass(scope('2024-11-10T16:00:00Z'), http);
    expect(before.links).toEqual([
      {
        sourceId: CHELSEA_ARSENAL,
        competition: EPL,
        home: '25422',
        away: '1096',
        kickoffUtc: '2024-11-10T16:30:00.000Z',
      },
    ]);
    expect(price(before, CHELSEA_ARSENAL, 'had')).toMatchObject({
      home: 2.98,
      draw: 3.5,
      away: 2.46,
    });
    expect(exchangeOf(before, CHELSEA_ARSENAL)).toMatchObject({ status: 'OPEN', inplay: false });

    standIn.step('kick-off');
    const kickedOff = await betfairSource.pass(live('2024-11-10T16:31:00Z'), http);
    expect(price(kickedOff, CHELSEA_ARSENAL, 'had')).toMatchObject({
      home: 3.05,
      draw: 3.4,
      away: 2.44,
      observedAt: '2024-11-10T16:31:00.000Z',
    });
    expect(exchangeOf(kickedOff, CHELSEA_ARSENAL)).toMatchObject({ inplay: true, betDelay: 5 });

    standIn.step('half-time');
    const halfTime = await betfairSource.pass(live('2024-11-10T17:20:00Z'), http);
    expect(price(halfTime, CHELSEA_ARSENAL, 'hilo')).toMatchObject({ over: 2.74, under: 1.52 });

    standIn.step('goal');
    const suspended = await betfairSource.pass(live('2024-11-10T17:46:00Z'), http);
    expect(suspended.prices).toEqual([]);
    expect(exchangeOf(suspended, CHELSEA_ARSENAL)).toMatchObject({ status: 'SUSPENDED' });

    standIn.step('reopened');
    const reopened = await betfairSource.pass(live('2024-11-10T17:47:00Z'), http);
    expect(price(reopened, CHELSEA_ARSENAL, 'had')).toMatchObject({
      home: 9.4,
      draw: 4.6,
      away: 1.5,
    });
  });

  it('asks by event id in play, and tells nothing once the markets are settled', async () => {
    const { http, standIn } = await open('live');
    standIn.step('full-time');
    const fullTime = await betfairSource.pass(live('2024-11-10T18:24:00Z'), http);
    expect(standIn.requests[0]?.body).toMatchObject({
      filter: { eventIds: [CHELSEA_ARSENAL], marketTypeCodes: ['MATCH_ODDS'] },
    });
    expect(fullTime.prices).toEqual([]);
    expect(exchangeOf(fullTime, CHELSEA_ARSENAL)).toMatchObject({ status: 'SUSPENDED' });

    standIn.step('settled');
    const settled = await betfairSource.pass(live('2024-11-10T18:40:00Z'), http);
    expect(settled.links).toEqual([]);
    expect(settled.exchange).toEqual([]);
    expect(standIn.requests.filter((r) => r.step === 'settled').map((r) => r.path)).toEqual([
      '/listMarketCatalogue/',
      '/listMarketCatalogue/',
      '/listMarketCatalogue/',
    ]);
  });

  it('makes no request when nothing is live', async () => {
    const { http, standIn } = await open('live');
    expect(await betfairSource.pass(scope('2024-11-10T16:00:00Z', { kind: 'live' }), http)).toEqual(
      {},
    );
    expect(standIn.requests).toEqual([]);
  });
});

describe('betfair: a postponed match re-dated', () => {
  it('keeps the event id across the new market and moves the kick-off', async () => {
    const { http, standIn } = await open('postponed');
    const listed = await betfairSource.pass(scope('2024-12-05T12:00:00Z'), http);
    expect(listed.links?.[0]).toMatchObject({
      sourceId: EVERTON_LIVERPOOL,
      kickoffUtc: '2024-12-07T12:30:00.000Z',
    });

    standIn.step('postponed');
    expect((await betfairSource.pass(scope('2024-12-07T10:00:00Z'), http)).links).toEqual([]);

    standIn.step('re-dated');
    const redated = await betfairSource.pass(scope('2025-01-20T10:00:00Z'), http);
    expect(redated.links).toEqual([
      {
        sourceId: EVERTON_LIVERPOOL,
        competition: EPL,
        home: listed.links?.[0]?.home,
        away: listed.links?.[0]?.away,
        kickoffUtc: '2025-02-12T19:30:00.000Z',
      },
    ]);
    expect(exchangeOf(redated, EVERTON_LIVERPOOL)?.['marketId']).toBe('1.238800001');
  });
});

describe('betfair: credentials and refusals', () => {
  const round = scope('2024-08-23T12:00:00Z');

  it('names every missing variable and sends the documented headers', () => {
    expect(() => betfairSource.credentials({})).toThrow(SourceConfigError);
    expect(() => betfairSource.credentials({})).toThrow(
      /BETFAIR_APP_KEY and BETFAIR_SESSION_TOKEN/,
    );
    expect(() => betfairSource.credentials({ BETFAIR_APP_KEY: 'a' })).toThrow(
      /set BETFAIR_SESSION_TOKEN /,
    );
    expect(betfairSource.credentials({ BETFAIR_APP_KEY: 'a', BETFAIR_SESSION_TOKEN: 't' })).toEqual(
      {
        headers: { 'X-Application': 'a', 'X-Authentication': 't' },
        query: {},
      },
    );
  });

  it('answers an expired session with the documented 400, and no secret is in the message', async () => {
    const expired = 'expired-session-token-Zk9';
    const { http } = await open('season', expired);
    const error = await betfairSource.pass(round, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceUnavailable);
    expect((error as Error).message).toContain('400');
    for (const secret of [expired, APP_KEY]) {
      expect((error as Error).message).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
    }
  });

  it('passes on TOO_MUCH_DATA as unavailable', async () => {
    const { http, standIn } = await open('season');
    const documented = (
      standIn.session as unknown as { documentedErrors: Record<string, RecordedAnswer> }
    ).documentedErrors;
    const catalogue = standIn.session.steps[0]!.answers.slice(0, 3).map((a) => ({ json: a.json }));
    standIn.queue(...catalogue, documented['tooMuchData']!);
    await expect(betfairSource.pass(round, http)).rejects.toBeInstanceOf(SourceUnavailable);
    expect(standIn.requests.at(-1)?.path).toBe('/listMarketBook/');
  });

  it('refuses a book of a market it did not ask for', async () => {
    const { http, standIn } = await open('season');
    const catalogue = standIn.session.steps[0]!.answers.slice(0, 3).map((a) => ({ json: a.json }));
    const books = standIn.session.steps[0]!.answers[4]!.json as Record<string, unknown>[];
    standIn.queue(...catalogue, { json: books });
    const error = await betfairSource.pass(round, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceRefusal);
    expect((error as SourceRefusal).resource).toBe('exchange');
    expect((error as Error).message).toMatch(/was not asked for/);
  });

  it('refuses a book whose status is not one Betfair documents', async () => {
    const { http, standIn } = await open('season');
    const catalogue = standIn.session.steps[0]!.answers.slice(0, 3).map((a) => ({ json: a.json }));
    const books = standIn.session.steps[0]!.answers[3]!.json as Record<string, unknown>[];
    standIn.queue(...catalogue, { json: [{ ...books[0], status: 'ACTIVE' }, ...books.slice(1)] });
    const error = await betfairSource.pass(round, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceRefusal);
    expect((error as SourceRefusal).resource).toBe('exchange');
  });

  it('refuses a catalogue that lists a market twice', async () => {
    const { http, standIn } = await open('season');
    const markets = standIn.session.steps[0]!.answers[0]!.json as unknown[];
    standIn.queue({ json: [...markets, markets[0]] });
    const error = await betfairSource.pass(round, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceRefusal);
    expect((error as SourceRefusal).resource).toBe('matches');
  });
});
