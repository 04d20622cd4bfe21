import { afterEach, describe, expect, it } from 'vitest';
import {
  type PassScope,
  SourceConfigError,
  SourceRefusal,
  SourceUnavailable,
} from '../../../src/ingest/sync/adapter.js';
import { apiFootballSource } from '../../../src/ingest/sync/sources/api-football/index.js';
import { plainProviderHttp } from '../../helpers/provider-http.js';
import {
  loadSession,
  type ProviderStandIn,
  startStandIn,
} from '../../helpers/provider-stand-in.js';

const source = apiFootballSource;
let standIn: ProviderStandIn | undefined;

async function open(name: string) {
  standIn = await startStandIn(loadSession('api-football', name));
  return standIn;
}

afterEach(async () => {
  await standIn?.stop();
  standIn = undefined;
});

const httpFor = (stand: ProviderStandIn, key = 'test-key') =>
  plainProviderHttp(source.name, stand.url, source.credentials({ API_FOOTBALL_KEY: key }));

const fullScope = (now: string, more: Partial<PassScope> = {}): PassScope => ({
  kind: 'full',
  now: new Date(now),
  season: 2024,
  competitions: ['39'],
  live: [],
  paths: [],
  ...more,
});

const asked = (stand: ProviderStandIn) =>
  stand.requests.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`);

describe('api-football full pass (season session)', () => {
  it('reads one competition in three requests: its fixtures and two pages of odds', async () => {
    const stand = await open('season');
    const facts = await source.pass(fullScope('2024-08-18T10:00:00Z'), httpFor(stand));

    expect(asked(stand)).toEqual([
      '/fixtures?league=39&season=2024',
      '/odds?league=39&season=2024',
      '/odds?league=39&season=2024&page=2',
    ]);
    expect(stand.requests[0]?.headers['x-apisports-key']).toBe('test-key');
    expect(facts.competitions).toEqual([
      {
        sourceId: '39',
        name: 'Premier League',
        code: 'PL',
        country: 'England',
        region: 'Europe',
      },
    ]);
    expect(facts.teams).toHaveLength(20);
    expect(facts.teams).toContainEqual({
      sourceId: '33',
      name: 'Manchester United',
      competition: '39',
    });
    expect(facts.events).toBeUndefined();
    expect(facts.lineups).toBeUndefined();
    expect(facts.statistics).toBeUndefined();
  });

  it('maps results and fixtures to matches keyed by the fixture id', async () => {
    const stand = await open('season');
    const { matches = [] } = await source.pass(fullScope('2024-08-18T10:00:00Z'), httpFor(stand));

    expect(matches).toHaveLength(10);
    expect(matches.filter((m) => m.status === 'finished')).toHaveLength(7);
    expect(matches[0]).toEqual({
      sourceId: '1208021',
      competition: '39',
      home: '33',
      away: '36',
      status: 'finished',
      minute: null,
      kickoffUtc: '2024-08-16T19:00:00.000Z',
      season: '2024-25',
      round: 'Regular Season - 1',
      venue: 'Old Trafford',
      homeScore: 1,
      awayScore: 0,
      htHomeScore: 0,
      htAwayScore: 0,
      etHomeScore: null,
      etAwayScore: null,
      penHomeScore: null,
      penAwayScore: null,
      decidedBy: null,
      winner: null,
    });
    expect(matches.find((m) => m.sourceId === '1208027')).toMatchObject({
      homeScore: 1,
      awayScore: 2,
      htHomeScore: 1,
      htAwayScore: 1,
    });
    expect(matches.find((m) => m.sourceId === '1208029')).toMatchObject({
      home: '49',
      away: '50',
      status: 'scheduled',
      kickoffUtc: '2024-08-18T15:30:00.000Z',
      homeScore: null,
      awayScore: null,
      htHomeScore: null,
    });
  });

  it('keeps one line per bookmaker and market: the most balanced one', async () => {
    const stand = await open('season');
    const { prices = [], bookmakers } = await source.pass(
      fullScope('2024-08-18T10:00:00Z'),
      httpFor(stand),
    );

    expect(bookmakers).toEqual([
      { sourceId: '8', name: 'Bet365' },
      { sourceId: '4', name: 'Pinnacle' },
    ]);
    const of = (match: string, bookmaker: string) =>
      prices.filter((p) => p.match === match && p.bookmaker === bookmaker);
    const observedAt = '2024-08-18T07:00:09.000Z';
    expect(of('1208029', '8')).toEqual([
      {
        match: '1208029',
        bookmaker: '8',
        market: 'had',
        home: 4.5,
        draw: 4.2,
        away: 1.7,
        observedAt,
      },
      {
        match: '1208029',
        bookmaker: '8',
        market: 'hdp',
        line: 0.75,
        home: 1.97,
        away: 1.9,
        observedAt,
      },
      {
        match: '1208029',
        bookmaker: '8',
        market: 'hilo',
        line: 3,
        over: 1.9,
        under: 1.92,
        observedAt,
      },
    ]);
    expect(of('1208029', '4').map((p) => [p.market, p.line ?? null])).toEqual([
      ['had', null],
      ['hdp', 0.75],
      ['hilo', 3],
    ]);
    expect(of('1208028', '8').find((p) => p.market === 'hdp')).toMatchObject({
      line: -0.25,
      home: 2.02,
      away: 1.85,
    });
    expect(of('1208030', '8').find((p) => p.market === 'had')).toMatchObject({
      home: 4.75,
      draw: 4.33,
      away: 1.65,
      observedAt: '2024-08-18T07:00:15.000Z',
    });
  });

  it('reads no odds for dates that ended before today or for an earlier season', async () => {
    const stand = await open('season');
    await source.pass(fullScope('2024-08-18T10:00:00Z', { to: '2024-08-17' }), httpFor(stand));
    await source.pass(fullScope('2025-09-01T10:00:00Z'), httpFor(stand));
    expect(asked(stand)).toEqual([
      '/fixtures?league=39&season=2024&to=2024-08-17',
      '/fixtures?league=39&season=2024',
    ]);
  });

  it('takes competition codes, and refuses what is neither an id nor a known code', async () => {
    const stand = await open('season');
    await source.pass(
      fullScope('2024-08-18T10:00:00Z', { to: '2024-08-17', competitions: ['PL'] }),
      httpFor(stand),
    );
    expect(asked(stand)[0]).toBe('/fixtures?league=39&season=2024&to=2024-08-17');
    await expect(
      source.pass(fullScope('2024-08-18T10:00:00Z', { competitions: ['Premier'] }), httpFor(stand)),
    ).rejects.toThrow(SourceConfigError);
  });
});

describe('api-football postponed match (postponed session)', () => {
  it('keeps the fixture id when the match is postponed, re-dated and played', async () => {
    const stand = await open('postponed');
    const derby = async (now: string) => {
      const { matches = [] } = await source.pass(fullScope(now), httpFor(stand));
      return matches.find((m) => m.sourceId === '1208156');
    };

    expect(await derby('2024-12-06T18:00:00Z')).toMatchObject({
      status: 'postponed',
      kickoffUtc: '2024-12-07T12:30:00.000Z',
      homeScore: null,
    });
    stand.step('re-dated');
    expect(await derby('2024-12-10T09:00:00Z')).toMatchObject({
      status: 'scheduled',
      kickoffUtc: '2025-02-12T19:30:00.000Z',
    });
    stand.step('played');
    expect(await derby('2025-02-13T09:00:00Z')).toMatchObject({
      status: 'finished',
      kickoffUtc: '2025-02-12T19:30:00.000Z',
      homeScore: 2,
      awayScore: 2,
      htHomeScore: 1,
      htAwayScore: 1,
    });
  });
});

describe('api-football refusals and errors', () => {
  const now = '2024-08-18T10:00:00Z';

  it('refuses the documented bad-key answer (HTTP 200, errors.token) and never shows the key', async () => {
    const stand = await open('season');
    const failure = await source
      .pass(fullScope(now), httpFor(stand, 'not-the-key-5f2c'))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SourceRefusal);
    expect((failure as SourceRefusal).resource).toBe('matches');
    expect((failure as SourceRefusal).reason).toContain('token: Error/Missing application key');
    expect(String((failure as Error).message)).not.toContain('not-the-key-5f2c');
    expect(stand.requests[0]?.status).toBe(200);
  });

  it('refuses the answer of a spent daily quota with the provider reason', async () => {
    const stand = await open('season');
    stand.step('daily-limit');
    await expect(source.pass(fullScope(now), httpFor(stand))).rejects.toMatchObject({
      resource: 'matches',
      reason: expect.stringContaining('requests: You have reached the request limit for the day'),
    });
  });

  it('refuses a plan limit answered in errors', async () => {
    const stand = await open('season');
    stand.queue({
      json: {
        get: 'fixtures',
        parameters: { league: '39', season: '2026' },
        errors: { plan: 'Free plans do not have access to this season, try from 2022 to 2024.' },
        results: 0,
        paging: { current: 1, total: 1 },
        response: [],
      },
    });
    await expect(source.pass(fullScope(now), httpFor(stand))).rejects.toMatchObject({
      reason: expect.stringContaining('Free plans do not have access to this season'),
    });
  });

  it('refuses answers that break the documented shape, naming the resource', async () => {
    const stand = await open('season');
    const fixtures = loadSession('api-football', 'season').steps[0]?.answers[0]?.json as {
      response: Array<{ fixture: { status: { short: string } } }>;
    };
    const unknownStatus = structuredClone(fixtures);
    if (unknownStatus.response[0]) {
      unknownStatus.response[0].fixture.status.short = 'XX';
    }
    stand.queue({ json: unknownStatus });
    await expect(source.pass(fullScope(now), httpFor(stand))).rejects.toMatchObject({
      resource: 'matches',
    });

    stand.queue(
      { json: fixtures },
      { json: { get: 'odds', errors: [], results: 1, response: [{}] } },
    );
    const odds = await source.pass(fullScope(now), httpFor(stand)).catch((e: unknown) => e);
    expect(odds).toBeInstanceOf(SourceRefusal);
    expect((odds as SourceRefusal).resource).toBe('odds');

    stand.queue({ text: '<html>Bad gateway</html>' });
    await expect(source.pass(fullScope(now), httpFor(stand))).rejects.toThrow('not valid JSON');
  });

  it('cannot read the provider past a 429 or a 500 (the kit retries; the plain client does not)', async () => {
    const stand = await open('season');
    stand.queue({
      status: 429,
      headers: { 'retry-after': '60' },
      json: { message: 'Too many requests' },
    });
    await expect(source.pass(fullScope(now), httpFor(stand))).rejects.toThrow(SourceUnavailable);
    stand.queue({ status: 500, json: { message: 'Internal Server Error' } });
    await expect(source.pass(fullScope(now), httpFor(stand))).rejects.toThrow(SourceUnavailable);
  });

  it('needs its key, and names the variable when it is missing', () => {
    expect(() => source.credentials({})).toThrow(SourceConfigError);
    expect(() => source.credentials({})).toThrow('API_FOOTBALL_KEY');
    expect(source.credentials({ API_FOOTBALL_KEY: 'k' })).toEqual({
      headers: { 'x-apisports-key': 'k' },
      query: {},
    });
  });
});
