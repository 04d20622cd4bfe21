/**
 * Every route of /v1/openapi.json, driven to each documented status the demo data and the access
 * policy can produce; each response is checked against the document (test/helpers/
 * openapi-validator.ts): status documented, content type (application/json vs
 * application/problem+json), body against the schema of that status and media type (ajv, JSON
 * Schema 2020-12 + formats), documented headers present and integer-valued.
 *
 * Reached (route, status) pairs, asserted exactly at the end (REACHED) so the set cannot shrink:
 * - meta/limits, meta/plans: 200; 429 past the per-address limit of keyless requests; 503 with
 *   the database down.
 * - matches/live, matches: 200; 400 (bad `status`/`tz`/`page`/`date`, a key in the query
 *   string); 401 (no key, bad key); 403 (key_expired, ip_not_allowed); 429 (rate_limited,
 *   quota_exceeded, Free key); 503 (the database unreachable, as on every keyed route).
 * - matches/{matchId} and its events, statistics, h2h, lineups; odds/bookmakers; the odds
 *   routes: 200, 400 (key in the query string; movement also a bad `market` or `matchId`), 401,
 *   403 (key_expired, ip_not_allowed), 404 (unknown match, malformed id on rows without 400,
 *   unpublished lineups, no exchange row, no regional board, unknown bookmaker) except on
 *   odds/bookmakers (not declared), 429 (both codes, Free key), 503; odds/exchange also 502
 *   (stored text that does not parse).
 * - analysis/*: 200, 400 (malformed matchId, key in the query string), 401, 403 (key_expired,
 *   ip_not_allowed, tier_insufficient with a Free key), 404 (unpublished report, unknown match),
 *   429 (rate_limited and quota_exceeded with a Plus key; a Free key stops at 403), 503.
 *
 * Declared but not producible from the data and the policy (NOT_PRODUCIBLE below):
 * - 500 internal_error on every route: only an unexpected failure (a bug) gives it.
 * - 400 on meta/limits and meta/plans: they take no parameter and no key, nothing is validated.
 * - 502 on matches/live, matches and the six analysis routes: nothing there parses upstream text
 *   (analysis documents are computed by `touchline analyze` and spliced in as stored).
 *
 * Headers: the document lists the rate and quota headers on every response of a keyed route, but
 * DECISIONS.md "Access" sends them only when the request carried a valid key. Responses decided
 * before the key is known (401, 403 key_expired, the 400 of a key in the query string, the 503
 * of a database that cannot look the key up) are checked with those headers allowed to be absent
 * (`NO_COUNTERS`); every other response must carry all of them.
 *
 */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { generateApiKey } from '../../../src/accounts/api-key-format.js';
import { openDatabase } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo, UNKNOWN_MATCH_ID } from '../../helpers/demo-fixture.js';
import {
  createOpenApiHarness,
  type OpenApiDocument,
  type OpenApiHarness,
} from '../../helpers/openapi-validator.js';
import { JACKSON, PALMER, seedPlayers } from '../../helpers/players-fixture.js';
import { QUOTA_HEADERS } from '../../helpers/quota-headers.js';

const V = '/v1/football';
const M = `${V}/matches/{matchId}`;
const ANALYSIS = ['ai-basic', 'ai-deep', 'tips-distribution', 'handicap', 'over-under', 'corners'];
const CHILD_ALL = [400, 401, 403, 404, 429, 503];

/** What this file reaches, per route (see the header comment). */
const REACHED: Record<string, number[]> = {
  [`${V}/meta/limits`]: [200, 429, 503],
  [`${V}/meta/plans`]: [200, 429, 503],
  [`${V}/matches/live`]: [200, 400, 401, 403, 429, 503],
  [`${V}/matches`]: [200, 400, 401, 403, 429, 503],
  [M]: [200, ...CHILD_ALL],
  [`${M}/events`]: [200, ...CHILD_ALL],
  [`${M}/statistics`]: [200, ...CHILD_ALL],
  [`${M}/h2h`]: [200, ...CHILD_ALL],
  [`${M}/lineups`]: [200, ...CHILD_ALL],
  [`${V}/odds/bookmakers`]: [200, 400, 401, 403, 429, 503],
  [`${M}/odds`]: [200, ...CHILD_ALL],
  [`${M}/odds/exchange`]: [200, 400, 401, 403, 404, 429, 502, 503],
  [`${M}/odds/kelly`]: [200, ...CHILD_ALL],
  [`${M}/odds/regional`]: [200, ...CHILD_ALL],
  [`${M}/odds/{market}/{bookmaker}`]: [200, ...CHILD_ALL],
  ...Object.fromEntries(ANALYSIS.map((a) => [`${M}/analysis/${a}`, [200, ...CHILD_ALL]])),
  [`${V}/players/{playerId}`]: [200, 400, 401, 403, 404, 429, 503],
  [`${V}/stream`]: [200, 400, 401, 403, 429, 503],
  [`${V}/teams/{teamId}`]: [200, ...CHILD_ALL],
  [`${V}/teams/{teamId}/matches`]: [200, ...CHILD_ALL],
  [`${V}/competitions`]: [200, 400, 401, 403, 429, 503],
  [`${V}/competitions/{competitionId}/standings`]: [200, ...CHILD_ALL],
  [`${V}/search`]: [200, 400, 401, 403, 429, 503],
  [`${V}/competitions/{competitionId}/scorers`]: [200, ...CHILD_ALL],
};

/** Declared statuses nothing in the data or the policy produces, besides 500 everywhere. */
const NOT_PRODUCIBLE: Record<string, number[]> = {
  [`${V}/meta/limits`]: [400],
  [`${V}/meta/plans`]: [400],
  [`${V}/matches/live`]: [502],
  [`${V}/matches`]: [502],
  [`${V}/teams/{teamId}/matches`]: [502],
  ...Object.fromEntries(ANALYSIS.map((a) => [`${M}/analysis/${a}`, [502]])),
};
const notProducible = (template: string) =>
  [...(NOT_PRODUCIBLE[template] ?? []), 500].sort((a, b) => a - b);

/** Decided before a valid key is known: no counters to report (header comment). */
const NO_COUNTERS = { mayLack: QUOTA_HEADERS } as const;

/** One request per keyed route, the URL that answers 200 with a good key. */
function okUrls(c: DemoCases): Record<string, string[]> {
  const mv = c.movement;
  const star = c.starredMovement;
  const analysis = (a: string) => {
    const id =
      a === 'ai-basic'
        ? c.aiReports.basic.publishedMatchId
        : a === 'ai-deep'
          ? c.aiReports.deep.publishedMatchId
          : a === 'tips-distribution'
            ? c.tipsMatchId
            : c.analysedMatchId;
    return [`${M}/analysis/${a}`, [`${V}/matches/${id}/analysis/${a}`]] as const;
  };
  const id = c.finishedMatchId;
  return {
    [`${V}/matches/live`]: [`${V}/matches/live`, `${V}/matches/live?status=live,finished`],
    [`${V}/matches`]: [
      `${V}/matches?date=${c.today.date}&tz=480`,
      `${V}/matches?date=${c.today.date}&tz=480&page=2&pageSize=3`,
      `${V}/matches?date=${c.today.date}&tz=-300&pageSize=500&status=finished`,
    ],
    [M]: [`${V}/matches/${c.liveMatchId}`, `${V}/matches/${id}`],
    [`${M}/events`]: [`${V}/matches/${id}/events`, `${V}/matches/${c.liveMatchId}/events`],
    [`${M}/statistics`]: [`${V}/matches/${id}/statistics`],
    [`${M}/h2h`]: [`${V}/matches/${id}/h2h`],
    [`${M}/lineups`]: [`${V}/matches/${c.lineups.publishedMatchId}/lineups`],
    [`${V}/odds/bookmakers`]: [`${V}/odds/bookmakers`],
    [`${M}/odds`]: [`${V}/matches/${id}/odds`],
    [`${M}/odds/exchange`]: [`${V}/matches/${c.exchange.goodMatchId}/odds/exchange`],
    [`${M}/odds/kelly`]: [`${V}/matches/${id}/odds/kelly`],
    [`${M}/odds/regional`]: [
      `${V}/matches/${c.regional.withPoolsMatchId}/odds/regional`,
      `${V}/matches/${c.regional.withoutPoolsMatchId}/odds/regional`,
    ],
    [`${M}/odds/{market}/{bookmaker}`]: [
      `${V}/matches/${mv.matchId}/odds/${mv.market}/${mv.bookmakerId}`,
      `${V}/matches/${star.matchId}/odds/${star.market}/${encodeURIComponent(star.bookmakerName)}`,
    ],
    ...Object.fromEntries(ANALYSIS.map(analysis)),
    [`${V}/players/{playerId}`]: [`${V}/players/${PALMER}`, `${V}/players/${JACKSON}`],
    // The test app's streams end after STREAM_MAX_MS (test/helpers/app.ts).
    [`${V}/stream`]: [`${V}/stream?matchId=${id}`, `${V}/stream`],
    [`${V}/teams/{teamId}`]: [`${V}/teams/${c.teamId}`],
    [`${V}/teams/{teamId}/matches`]: [
      `${V}/teams/${c.teamId}/matches?last=5`,
      `${V}/teams/${c.teamId}/matches?from=2026-11-01&to=2026-11-30&tz=Europe/London&pageSize=3`,
    ],
    [`${V}/competitions`]: [`${V}/competitions`],
    [`${V}/competitions/{competitionId}/standings`]: [
      `${V}/competitions/1/standings`,
      `${V}/competitions/1/standings?live=true`,
    ],
    [`${V}/search`]: [
      `${V}/search?q=united`,
      `${V}/search?q=%E8%BB%8A%E8%B7%AF%E5%A3%AB&type=team`,
    ],
    [`${V}/competitions/{competitionId}/scorers`]: [`${V}/competitions/1/scorers`],
  };
}

/** The 404s of the data: unknown ids, malformed ids where no 400 is declared, missing rows. */
function notFoundUrls(c: DemoCases): string[] {
  const u = UNKNOWN_MATCH_ID;
  const mv = c.movement;
  const children = ['', '/events', '/statistics', '/h2h', '/lineups', '/odds', '/odds/kelly'];
  return [
    ...children.flatMap((s) => [`${V}/matches/${u}${s}`, `${V}/matches/abc${s}`]),
    `${V}/matches/${c.lineups.unpublishedMatchId}/lineups`,
    `${V}/teams/2147483000`,
    `${V}/teams/2147483000/matches?next=3`,
    `${V}/matches/${u}/odds/exchange`,
    `${V}/matches/${c.exchange.missingMatchId}/odds/exchange`,
    `${V}/matches/${u}/odds/regional`,
    `${V}/matches/${c.regional.missingMatchId}/odds/regional`,
    `${V}/matches/${mv.matchId}/odds/${mv.market}/NoSuchBookmaker`,
    `${V}/competitions/999999/standings`,
    `${V}/competitions/1/standings?season=1900`,
    `${V}/matches/${mv.matchId}/odds/${mv.market}/999999`,
    `${V}/matches/${u}/odds/${mv.market}/${mv.bookmakerId}`,
    `${V}/matches/${c.aiReports.basic.unpublishedMatchId}/analysis/ai-basic`,
    `${V}/matches/${c.aiReports.deep.unpublishedMatchId}/analysis/ai-deep`,
    ...ANALYSIS.map((a) => `${V}/matches/${u}/analysis/${a}`),
    `${V}/players/999999`,
    `${V}/competitions/999999/scorers`,
    `${V}/competitions/1/scorers?season=1900`,
  ];
}

type TestApp = FastifyInstance & { deps: Deps };

interface Expectation {
  key?: string;
  status: number;
  code?: string;
  headers?: Record<string, string>;
  mayLack?: readonly string[];
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') {
    throw new Error('no port');
  }
  return address.port;
}

describeEachDatabase('REST responses conform to /v1/openapi.json', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: TestApp;
  let harness: OpenApiHarness;
  let cases: DemoCases;
  let ok: Record<string, string[]>;
  const keys: Record<'pro' | 'plus' | 'free' | 'expired' | 'allowlisted', string> = {
    pro: '',
    plus: '',
    free: '',
    expired: '',
    allowlisted: '',
  };

  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
    await seedPlayers(db());
    ok = okUrls(cases);
    app = (await buildTestApp(db(), { clock })) as TestApp;
    const doc = (await app.inject('/v1/openapi.json')).json() as OpenApiDocument;
    harness = createOpenApiHarness(doc);
    keys.pro = (await createAccountWithKey(db(), 'Pro')).key;
    keys.plus = (await createAccountWithKey(db(), 'Plus')).key;
    keys.free = (await createAccountWithKey(db(), 'Free')).key;
    keys.expired = (
      await createAccountWithKey(db(), 'Pro', { expiresAt: new Date('2026-11-01T00:00:00Z') })
    ).key;
    keys.allowlisted = (
      await createAccountWithKey(db(), 'Pro', { allowlist: ['203.0.113.7'] })
    ).key;
  }, 300_000);
  afterAll(() => app?.close());
  // A fresh calendar minute per test: per-minute limits are reset unless a test means them.
  beforeEach(() => clock.advance(60_000));

  const keyedRoutes = () => Object.keys(ok);
  const isAnalysis = (template: string) => template.includes('/analysis/');
  const firstOk = (template: string) => ok[template]?.[0] ?? '';

  /** GET `url` on `on`, check it against the document, the status and the problem code. */
  async function send(url: string, want: Expectation, on: FastifyInstance = app) {
    const res = await on.inject({
      url,
      headers: { ...(want.key ? { authorization: `Bearer ${want.key}` } : {}), ...want.headers },
    });
    const context = `${url} -> ${res.statusCode} ${res.body.slice(0, 400)}`;
    expect(res.statusCode, context).toBe(want.status);
    const violations = harness.check(url, res, want.mayLack ? { mayLack: want.mayLack } : {});
    expect(violations, context).toEqual([]);
    if (want.code) {
      expect(res.json().code, context).toBe(want.code);
    }
    if (want.status === 429 || want.status === 503) {
      expect(Number(res.headers['retry-after']), context).toBeGreaterThan(0);
    }
    return res;
  }

  it('200: every route of the document, with the demo data', async () => {
    expect(cases.today.matchIds.length).toBeGreaterThan(0);
    await send(`${V}/meta/limits`, { status: 200 });
    await send(`${V}/meta/plans`, { status: 200 });
    for (const [template, urls] of Object.entries(ok)) {
      for (const url of urls) {
        const res = await send(url, { key: keys.pro, status: 200 });
        if (template === `${V}/matches`) {
          expect(res.headers['x-matches-bonus-remaining'], url).toMatch(/^\d+$/);
        }
      }
    }
    // The two shapes of the regional board (spec 4.3): a board, and a board without odds yet.
    const [withPools, withoutPools] = ok[`${M}/odds/regional`] ?? [];
    const board = await app.inject({ url: withPools ?? '', headers: auth(keys.pro) });
    expect(board.json().data.pools.length).toBeGreaterThan(0);
    const empty = await app.inject({ url: withoutPools ?? '', headers: auth(keys.pro) });
    expect(empty.json()).toEqual({ data: null });
    expect(Object.keys(harness.reachedStatuses()).sort()).toEqual(Object.keys(REACHED).sort());
  });

  it('400: bad query or path parameters, and a key in the query string', async () => {
    const c = cases;
    const mv = c.movement;
    const bad: [string, string][] = [
      [`${V}/matches/live?status=bogus`, 'status'],
      [`${V}/matches?status=live,bogus`, 'status'],
      [`${V}/matches?tz=9999`, 'tz'],
      [`${V}/matches?page=0`, 'page'],
      [`${V}/matches?pageSize=abc`, 'pageSize'],
      [`${V}/matches?date=2026-13-45`, 'date'],
      [`${V}/matches/${mv.matchId}/odds/xyz/${mv.bookmakerId}`, 'market'],
      [`${V}/matches/abc/odds/${mv.market}/${mv.bookmakerId}`, 'matchId'],
      [`${V}/players/abc`, 'playerId'],
      [`${V}/stream?matchId=1,x`, 'matchId'],
      [`${V}/matches?from=2026-11-01`, 'to'],
      [`${V}/matches?tz=Mars/Olympus`, 'tz'],
      [`${V}/teams/${c.teamId}/matches?last=1&next=1`, 'next'],
      [`${V}/stream?matchId=${UNKNOWN_MATCH_ID}`, 'matchId'],
      [`${V}/stream?competitionId=999999999`, 'competitionId'],
      [`${V}/competitions/1/standings?season=abc`, 'season'],
      [`${V}/competitions/0/standings`, 'competitionId'],
      [`${V}/teams/abc`, 'teamId'],
      [`${V}/teams/0/matches`, 'teamId'],
      [`${V}/search?q=%20`, 'q'],
      [`${V}/search?q=a&type=stadium`, 'type'],
      [`${V}/competitions/1/scorers?season=20x5`, 'season'],
      ...ANALYSIS.map((a): [string, string] => [`${V}/matches/0/analysis/${a}`, 'matchId']),
    ];
    for (const [url, parameter] of bad) {
      const res = await send(url, { key: keys.pro, status: 400, code: 'invalid_parameter' });
      expect(res.json().parameter, url).toBe(parameter);
    }
    // DECISIONS.md "Access": a key in the URL is refused before the key is even read.
    for (const template of keyedRoutes()) {
      const url = firstOk(template);
      const sep = url.includes('?') ? '&' : '?';
      const res = await send(`${url}${sep}api_key=${keys.pro}`, {
        key: keys.pro,
        status: 400,
        code: 'invalid_parameter',
        ...NO_COUNTERS,
      });
      expect(res.json().parameter, url).toBe('api_key');
    }
  });

  it('401: no key (unauthorized) and an unknown key (key_invalid) on every keyed route', async () => {
    for (const template of keyedRoutes()) {
      const url = firstOk(template);
      await send(url, { status: 401, code: 'unauthorized', ...NO_COUNTERS });
      await send(url, {
        status: 401,
        code: 'key_invalid',
        headers: { 'x-api-key': 'svc_live_not-a-real-key' },
        ...NO_COUNTERS,
      });
    }
  });

  it('403: key_expired, ip_not_allowed everywhere; tier_insufficient on analysis', async () => {
    for (const template of keyedRoutes()) {
      const url = firstOk(template);
      await send(url, { key: keys.expired, status: 403, code: 'key_expired', ...NO_COUNTERS });
      const res = await send(url, { key: keys.allowlisted, status: 403, code: 'ip_not_allowed' });
      expect(res.json().address, url).toBe('127.0.0.1');
      if (isAnalysis(template)) {
        await send(url, { key: keys.free, status: 403, code: 'tier_insufficient' });
      }
    }
  });

  it('404: unknown matches, malformed ids where no 400 is declared, missing rows', async () => {
    for (const url of notFoundUrls(cases)) {
      await send(url, { key: keys.pro, status: 404, code: 'not_found' });
    }
  });

  it('429 rate_limited: a Free key (a Plus key on analysis) past its per-minute limit', async () => {
    const free = (await createAccountWithKey(db(), 'Free')).key;
    const plus = (await createAccountWithKey(db(), 'Plus')).key;
    await burn(`${V}/odds/bookmakers`, free, 30);
    await burn(`${V}/odds/bookmakers`, plus, 120);
    for (const template of keyedRoutes()) {
      const key = isAnalysis(template) ? plus : free;
      await send(firstOk(template), { key, status: 429, code: 'rate_limited' });
    }
  });

  it('429 quota_exceeded: a Free key past its daily plan quota and match-list allowance', async () => {
    const free = (await createAccountWithKey(db(), 'Free')).key;
    await burn(`${V}/odds/bookmakers`, free, 30);
    clock.advance(60_000);
    await burn(firstOk(`${V}/matches`), free, 30);
    clock.advance(60_000);
    await burn(firstOk(`${V}/matches`), free, 20);
    clock.advance(60_000);
    // A Free key stops at tier_insufficient on analysis; a Plus account with its day used up
    // (reserved through the policy: 5,000 HTTP requests would be slow) stands in there.
    const plus = (await createAccountWithKey(db(), 'Plus')).key;
    await useUpDailyQuota(plus);
    for (const template of keyedRoutes()) {
      const key = isAnalysis(template) ? plus : free;
      await send(firstOk(template), { key, status: 429, code: 'quota_exceeded' });
    }
  });

  it('502: stored exchange odds that do not parse', async () => {
    await send(`${V}/matches/${cases.exchange.malformedMatchId}/odds/exchange`, {
      key: keys.pro,
      status: 502,
      code: 'upstream_malformed',
    });
  });

  /** An app over PostgreSQL on a port where nothing listens: every connection is refused. */
  async function withDatabaseDown(run: (down: TestApp) => Promise<void>) {
    const unreachable = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/none`,
      dataDir: '',
    });
    const down = (await buildTestApp(unreachable, { clock, seed: false })) as TestApp;
    try {
      await run(down);
    } finally {
      await down.close();
      await unreachable.close();
    }
  }

  it('503: the database unreachable, on every keyed route', async () => {
    await withDatabaseDown(async (down) => {
      const key = generateApiKey('svc_live_');
      for (const template of keyedRoutes()) {
        // The key cannot be looked up, so there are no counters to report.
        const want = { key, status: 503, code: 'upstream_unavailable', ...NO_COUNTERS };
        await send(firstOk(template), want, down);
      }
    });
  });

  // MISMATCH (owner: rest/declared-errors.ts): the meta routes read the database too, so they
  // answer 503 when it is down, but errorStatusesOf() leaves 503 out for /meta/*.
  it('503: the meta routes with the database unreachable answer a documented status', async () => {
    const violations: string[] = [];
    await withDatabaseDown(async (down) => {
      for (const url of [`${V}/meta/limits`, `${V}/meta/plans`]) {
        const res = await down.inject(url);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json().code).toBe('upstream_unavailable');
        violations.push(...harness.check(url, res));
      }
    });
    expect(violations).toEqual([]);
  });

  it('429: keyless routes past the per-address limit, with Retry-After and the RateLimit fields', async () => {
    const limited = await buildTestApp(db(), { clock, env: { ADDRESS_RATE_PER_MINUTE: '2' } });
    try {
      for (const url of [`${V}/meta/limits`, `${V}/meta/plans`]) {
        await send(url, { status: 200 }, limited);
      }
      for (const url of [`${V}/meta/limits`, `${V}/meta/plans`]) {
        const res = await send(url, { status: 429, code: 'rate_limited' }, limited);
        expect(res.headers['ratelimit-policy'], url).toBe('"address";q=2;w=60');
        expect(res.headers['ratelimit'], url).toMatch(/^"address";r=0;t=\d+$/);
      }
    } finally {
      await limited.close();
    }
  });

  it('the harness is not lenient: it reports what departs from the document (control)', () => {
    const control = createOpenApiHarness(harness.document);
    const url = `${V}/odds/bookmakers`;
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-limit': '30',
      'x-ratelimit-remaining': '29',
      'x-ratelimit-reset': '12',
      'x-quota-limit': '30',
      'x-quota-remaining': '29',
      'x-quota-reset': '600',
      'ratelimit-policy': '"minute";q=30;w=60, "day";q=30;w=86400',
      ratelimit: '"minute";r=29;t=12, "day";r=29;t=600',
      'x-request-id': '4f8c2a1e-7b3d-4e5f-9a0b-1c2d3e4f5a6b',
    };
    const bookmaker = { id: 1, name: 'A*', nameEn: 'A', isAggregate: false };
    const good = { statusCode: 200, headers, body: JSON.stringify({ data: [bookmaker] }) };
    expect(control.check(url, good)).toEqual([]);
    const departures = [
      { ...good, body: JSON.stringify({ data: [{ ...bookmaker, id: 'one' }] }) },
      { ...good, body: JSON.stringify({ data: [bookmaker], extra: true }) },
      { ...good, headers: { ...headers, 'content-type': 'text/plain' } },
      { ...good, headers: { ...headers, 'x-quota-remaining': 'many' } },
      { ...good, headers: { ...headers, 'x-quota-reset': undefined } },
      { ...good, headers: { ...headers, 'x-request-id': undefined } },
      { ...good, headers: { ...headers, 'x-request-id': 'two words' } },
      { ...good, statusCode: 404 },
      { ...good, statusCode: 401 },
    ];
    for (const res of departures) {
      expect(control.check(url, res), JSON.stringify(res)).not.toEqual([]);
    }
    expect(control.check(`${V}/nothing`, good)).not.toEqual([]);
  });

  it('reached exactly the expected (route, status) pairs; the rest is declared, not producible', () => {
    const reached = harness.reachedStatuses();
    expect(reached).toEqual(REACHED);
    for (const [template, statuses] of Object.entries(harness.documentedStatuses())) {
      const unreached = statuses.filter((s) => !reached[template]?.includes(s));
      expect(unreached, template).toEqual(notProducible(template));
    }
  });

  const auth = (key: string) => ({ authorization: `Bearer ${key}` });

  /** `n` admitted requests on `url` within the current minute. */
  async function burn(url: string, key: string, n: number) {
    for (let i = 0; i < n; i++) {
      const res = await app.inject({ url, headers: auth(key) });
      expect(res.statusCode, `${url} #${i + 1}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  }

  /** Reserves the account's whole day through the access policy, a minute's worth at a time. */
  async function useUpDailyQuota(key: string) {
    const { policy } = app.deps.access;
    const principal = await policy.authenticate(key);
    for (let minute = 0; minute < 100; minute++) {
      const usage = await policy.peek(principal);
      const left = usage.quota.limit - usage.quota.used;
      if (left === 0) {
        clock.advance(60_000);
        return;
      }
      const result = await policy.reserve(principal, Math.min(left, usage.minute.limit), 0);
      expect(result.admitted).toBe(true);
      clock.advance(60_000);
    }
    throw new Error('the daily quota was not used up');
  }
});
