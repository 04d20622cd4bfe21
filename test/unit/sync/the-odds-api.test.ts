import { afterEach, describe, expect, it } from 'vitest';
import {
  type PassScope,
  SourceConfigError,
  SourceRefusal,
  SourceUnavailable,
} from '../../../src/ingest/sync/adapter.js';
import type { SourceFacts } from '../../../src/ingest/sync/facts.js';
import { theOddsApiSource } from '../../../src/ingest/sync/sources/the-odds-api/index.js';
import { plainProviderHttp } from '../../helpers/provider-http.js';
import {
  loadSession,
  type ProviderStandIn,
  type RecordedAnswer,
  startStandIn,
} from '../../helpers/provider-stand-in.js';

const KEY = 'test-odds-api-key';
const BRIGHTON_UNITED = '9b878684a95cdcd7b77ba588f916b483';
const CHELSEA_ARSENAL = 'eadae01d60f34642409df49c66f3c4ed';
const EVERTON_LIVERPOOL = '102c25391f903723d094ad38afb5d982';

let standIn: ProviderStandIn | undefined;
afterEach(async () => {
  await standIn?.stop();
  standIn = undefined;
});

async function open(scenario: string, key = KEY) {
  standIn = await startStandIn(loadSession('the-odds-api', scenario));
  const credentials = theOddsApiSource.credentials({ ODDS_API_KEY: key });
  return { standIn, http: plainProviderHttp('the-odds-api', standIn.url, credentials) };
}

function scope(now: string, more: Partial<PassScope> = {}): PassScope {
  return { kind: 'full', now: new Date(now), live: [], paths: [], ...more };
}

function price(facts: SourceFacts, match: string, bookmaker: string, market: string) {
  return facts.prices?.find(
    (p) => p.match === match && p.bookmaker === bookmaker && p.market === market,
  );
}

describe('the-odds-api: a round of the Premier League', () => {
  it('links every listed event by team names and kick-off, priced or not', async () => {
    const { http } = await open('season');
    const facts = await theOddsApiSource.pass(
      scope('2024-08-23T12:00:00Z', { competitions: ['soccer_epl'] }),
      http,
    );

    expect(facts.matches).toBeUndefined();
    expect(facts.links).toHaveLength(8);
    expect(facts.links?.find((l) => l.sourceId === BRIGHTON_UNITED)).toEqual({
      sourceId: BRIGHTON_UNITED,
      competition: 'soccer_epl',
      home: 'Brighton and Hove Albion',
      away: 'Manchester United',
      kickoffUtc: '2024-08-24T11:30:00.000Z',
    });
    const unpriced = facts.links?.find((l) => l.home === 'Liverpool');
    expect(unpriced?.away).toBe('Brentford');
    expect(facts.prices?.some((p) => p.match === unpriced?.sourceId)).toBe(false);
    expect(facts.teams).toHaveLength(16);
    expect(facts.teams).toContainEqual({
      sourceId: 'Brighton and Hove Albion',
      name: 'Brighton and Hove Albion',
      competition: 'soccer_epl',
    });
    expect(facts.competitions).toEqual([
      {
        sourceId: 'soccer_epl',
        name: 'Premier League',
        country: 'England',
        region: 'Europe',
        aliases: ['EPL'],
      },
    ]);
  });

  it('maps h2h by outcome name, spreads to the home line, totals to over/under', async () => {
    const { http } = await open('season');
    const facts = await theOddsApiSource.pass(
      scope('2024-08-23T12:00:00Z', { competitions: ['soccer_epl'] }),
      http,
    );

    // The answer lists the away team before the draw; the mapping goes by name, not position.
    expect(price(facts, BRIGHTON_UNITED, 'pinnacle', 'had')).toEqual({
      match: BRIGHTON_UNITED,
      bookmaker: 'pinnacle',
      market: 'had',
      home: 2.45,
      draw: 3.6,
      away: 2.85,
      observedAt: '2024-08-23T11:58:41.000Z',
    });
    expect(price(facts, BRIGHTON_UNITED, 'pinnacle', 'hdp')).toMatchObject({
      line: -0.25,
      home: 1.98,
      away: 1.92,
      observedAt: '2024-08-23T11:55:03.000Z',
    });
    expect(price(facts, BRIGHTON_UNITED, 'pinnacle', 'hilo')).toMatchObject({
      line: 2.75,
      over: 1.95,
      under: 1.95,
      observedAt: '2024-08-23T11:58:12.000Z',
    });
    const villaArsenal = facts.links?.find((l) => l.home === 'Aston Villa')?.sourceId ?? '';
    expect(price(facts, villaArsenal, 'pinnacle', 'hdp')).toMatchObject({ line: 0.5 });
    const saintsForest = facts.links?.find((l) => l.home === 'Southampton')?.sourceId ?? '';
    expect(price(facts, saintsForest, 'pinnacle', 'hdp')?.line).toBe(0);
  });

  it("falls back to the bookmaker's last_update and leaves lay prices out", async () => {
    const { http } = await open('season');
    const facts = await theOddsApiSource.pass(
      scope('2024-08-23T12:00:00Z', { competitions: ['soccer_epl'] }),
      http,
    );

    expect(price(facts, BRIGHTON_UNITED, 'williamhill', 'hilo')).toMatchObject({
      line: 2.5,
      over: 1.73,
      under: 2.1,
      observedAt: '2024-08-23T11:57:02.000Z',
    });
    expect(price(facts, BRIGHTON_UNITED, 'williamhill', 'hdp')).toBeUndefined();
    // Back prices of the exchange's h2h, not its h2h_lay.
    expect(price(facts, BRIGHTON_UNITED, 'betfair_ex_uk', 'had')).toMatchObject({
      home: 2.48,
      draw: 3.65,
      away: 2.9,
    });
    expect(facts.prices?.filter((p) => p.bookmaker === 'betfair_ex_uk')).toHaveLength(7);
    expect(facts.prices).toHaveLength(7 * 3 + 7 * 2 + 7);
    expect(facts.bookmakers).toEqual([
      {
        sourceId: 'betfair_ex_uk',
        name: 'Betfair',
        nameEn: 'Betfair Exchange',
        isAggregate: false,
      },
      { sourceId: 'pinnacle', name: 'Pinnacle', nameEn: 'Pinnacle', isAggregate: false },
      { sourceId: 'williamhill', name: 'William Hill', nameEn: 'William Hill', isAggregate: false },
    ]);
  });

  it('asks /events and /odds once per sport, with the documented parameters', async () => {
    const { http, standIn } = await open('season');
    await theOddsApiSource.pass(
      scope('2024-08-23T12:00:00Z', { competitions: ['soccer_epl'] }),
      http,
    );

    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/sports/soccer_epl/events',
      '/sports/soccer_epl/odds',
    ]);
    expect(standIn.requests[1]?.query).toEqual({
      regions: 'uk,eu',
      markets: 'h2h,spreads,totals',
      oddsFormat: 'decimal',
      dateFormat: 'iso',
    });
  });

  it('gives the same facts for the same answers', async () => {
    const { http } = await open('season');
    const at = scope('2024-08-23T12:00:00Z', { competitions: ['soccer_epl'] });
    expect(await theOddsApiSource.pass(at, http)).toEqual(await theOddsApiSource.pass(at, http));
  });
});

describe('the-odds-api: one match from the first prices to the end', () => {
  const live = (now: string) => scope(now, { kind: 'live', live: [CHELSEA_ARSENAL] });
  const had = (facts: SourceFacts, bookmaker: string) =>
    price(facts, CHELSEA_ARSENAL, bookmaker, 'had');

  it('sees the prices open, move and close, each with its own time', async () => {
    const { http, standIn } = await open('live');
    const opened = await theOddsApiSource.pass(
      scope('2024-11-04T09:00:00Z', { competitions: ['soccer_epl'] }),
      http,
    );
    expect(had(opened, 'pinnacle')).toMatchObject({ home: 2.75, draw: 3.45, away: 2.6 });
    expect(price(opened, CHELSEA_ARSENAL, 'pinnacle', 'hdp')).toMatchObject({ line: 0 });

    standIn.step('moves');
    const moved = await theOddsApiSource.pass(live('2024-11-08T17:05:00Z'), http);
    expect(had(moved, 'pinnacle')).toMatchObject({
      home: 2.9,
      away: 2.5,
      observedAt: '2024-11-08T17:02:44.000Z',
    });
    expect(price(moved, CHELSEA_ARSENAL, 'pinnacle', 'hdp')).toMatchObject({
      line: 0.25,
      home: 1.86,
      away: 2.04,
    });
    expect(moved.links).toEqual([
      {
        sourceId: CHELSEA_ARSENAL,
        competition: 'soccer_epl',
        home: 'Chelsea',
        away: 'Arsenal',
        kickoffUtc: '2024-11-10T16:30:00.000Z',
      },
    ]);

    standIn.step('close');
    const closed = await theOddsApiSource.pass(live('2024-11-10T16:25:00Z'), http);
    expect(had(closed, 'pinnacle')).toMatchObject({
      home: 2.95,
      draw: 3.5,
      away: 2.42,
      observedAt: '2024-11-10T16:24:51.000Z',
    });
    expect(had(closed, 'williamhill')?.observedAt).toBe('2024-11-10T16:22:05.000Z');
  });

  it('asks only /odds for the live ids, in every default sport', async () => {
    const { http, standIn } = await open('live');
    standIn.step('moves');
    await theOddsApiSource.pass(live('2024-11-08T17:05:00Z'), http);

    expect(standIn.requests.map((r) => r.path)).toEqual([
      '/sports/soccer_epl/odds',
      '/sports/soccer_spain_la_liga/odds',
      '/sports/soccer_uefa_champs_league/odds',
      '/sports/soccer_japan_j_league/odds',
      '/sports/soccer_china_superleague/odds',
    ]);
    expect(standIn.requests.every((r) => r.query['eventIds'] === CHELSEA_ARSENAL)).toBe(true);
  });

  it('keeps in-play prices with their time and tells nothing once the match is over', async () => {
    const { http, standIn } = await open('live');
    standIn.step('in-play');
    const inPlay = await theOddsApiSource.pass(live('2024-11-10T17:05:00Z'), http);
    expect(inPlay.prices?.map((p) => `${p.bookmaker}/${p.market}`)).toEqual([
      'williamhill/had',
      'williamhill/hilo',
    ]);
    expect(had(inPlay, 'williamhill')).toMatchObject({
      home: 3.6,
      draw: 2.9,
      away: 2.5,
      observedAt: '2024-11-10T17:04:50.000Z',
    });

    standIn.step('ended');
    const ended = await theOddsApiSource.pass(live('2024-11-10T18:30:00Z'), http);
    expect(ended.links).toEqual([]);
    expect(ended.prices).toEqual([]);
  });

  it('makes no request when nothing is live', async () => {
    const { http, standIn } = await open('live');
    const facts = await theOddsApiSource.pass(
      scope('2024-11-08T17:05:00Z', { kind: 'live' }),
      http,
    );
    expect(facts).toEqual({});
    expect(standIn.requests).toEqual([]);
  });
});

describe('the-odds-api: a postponed match re-dated', () => {
  it('keeps the event id and moves the kick-off', async () => {
    const { http, standIn } = await open('postponed');
    const epl = (now: string) => scope(now, { competitions: ['soccer_epl'] });
    const listed = await theOddsApiSource.pass(epl('2024-12-05T12:00:00Z'), http);
    expect(listed.links?.[0]).toMatchObject({
      sourceId: EVERTON_LIVERPOOL,
      kickoffUtc: '2024-12-07T12:30:00.000Z',
    });

    standIn.step('postponed');
    const withdrawn = await theOddsApiSource.pass(epl('2024-12-07T10:00:00Z'), http);
    expect(withdrawn.links).toEqual([]);

    standIn.step('re-dated');
    const redated = await theOddsApiSource.pass(epl('2025-01-20T10:00:00Z'), http);
    expect(redated.links).toEqual([
      {
        sourceId: EVERTON_LIVERPOOL,
        competition: 'soccer_epl',
        home: 'Everton',
        away: 'Liverpool',
        kickoffUtc: '2025-02-12T19:30:00.000Z',
      },
    ]);
    expect(price(redated, EVERTON_LIVERPOOL, 'pinnacle', 'hdp')).toMatchObject({ line: 1 });
  });
});

describe('the-odds-api: keys and refusals', () => {
  const epl = scope('2024-08-23T12:00:00Z', { competitions: ['soccer_epl'] });

  it('names the missing variable and sends the key only as apiKey', async () => {
    expect(() => theOddsApiSource.credentials({})).toThrow(SourceConfigError);
    expect(() => theOddsApiSource.credentials({})).toThrow(/ODDS_API_KEY/);
    expect(theOddsApiSource.credentials({ ODDS_API_KEY: 'k' })).toEqual({
      headers: {},
      query: { apiKey: 'k' },
    });
  });

  it('answers a wrong key with the documented 401, and the key is in no message', async () => {
    const wrong = 'wrong-key-0123456789abcdef';
    const { http } = await open('season', wrong);
    const error = await theOddsApiSource.pass(epl, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceUnavailable);
    expect((error as Error).message).toContain('401');
    expect((error as Error).message).not.toContain(wrong);
    expect(JSON.stringify(error)).not.toContain(wrong);
  });

  it('passes on the documented 429 as unavailable', async () => {
    const { http, standIn } = await open('season');
    const documented = (
      standIn.session as unknown as { documentedErrors: Record<string, RecordedAnswer> }
    ).documentedErrors;
    standIn.queue(documented['rateLimited']!);
    const error = await theOddsApiSource.pass(epl, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceUnavailable);
    expect((error as Error).message).not.toContain(KEY);
  });

  it('refuses an answer that is not the shape the provider documents', async () => {
    const { http, standIn } = await open('season');
    const odds = standIn.session.steps[0]!.answers[1]!.json as Record<string, unknown>[];
    standIn.queue({ json: [] }, { json: [{ ...odds[0], commence_time: 1724499000 }] });
    const error = await theOddsApiSource.pass(epl, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceRefusal);
    expect((error as SourceRefusal).resource).toBe('odds');
    expect((error as SourceRefusal).address).not.toContain(KEY);
  });

  it('refuses odds of another sport and outcomes that name neither team', async () => {
    const { http, standIn } = await open('season');
    const odds = standIn.session.steps[0]!.answers[1]!.json as Record<string, unknown>[];
    standIn.queue({ json: [] }, { json: [{ ...odds[0], sport_key: 'soccer_efl_champ' }] });
    await expect(theOddsApiSource.pass(epl, http)).rejects.toThrow(/soccer_efl_champ/);

    const renamed = JSON.parse(
      JSON.stringify(odds[0]).replaceAll('"Manchester United"', '"Man Utd"'),
    );
    standIn.queue({ json: [] }, { json: [{ ...renamed, away_team: 'Manchester United' }] });
    const error = await theOddsApiSource.pass(epl, http).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceRefusal);
    expect((error as Error).message).toMatch(/"Man Utd" is not one of/);
  });
});
