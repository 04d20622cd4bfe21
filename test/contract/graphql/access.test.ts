import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../src/accounts/api-key-format.js';
import { createKeysService } from '../../../src/accounts/keys.js';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { errorCodes, type GraphqlResponse, graphql } from '../../helpers/graphql.js';
import { QUOTA_HEADER_NAMES, X_QUOTA_HEADER_NAMES } from '../../helpers/quota-headers.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

/**
 * The access policy at the GraphQL door (DECISIONS.md "Access" and "GraphQL"): whole-operation
 * refusals with the status REST would answer, keyless fields, rate and quota before execution,
 * the per-minute ceiling of one operation, GET and GraphiQL, request errors. Charges, headers,
 * windows and field errors: access.charges.test.ts.
 */

const REST = '/v1/football/odds/bookmakers';
/** One plan unit, as GET /odds/bookmakers. */
const BOOKMAKERS = '{ bookmakers { id } }';
/** A page whose bound is 1 + n (every item's events), whatever the day holds. */
const PAGE = 'query($n: Int) { matches(pageSize: $n) { items { id events { type } } } }';

type App = FastifyInstance & { deps: Deps };
type Account = Awaited<ReturnType<typeof createAccountWithKey>>;

describeEachDatabase('GraphQL access refusals', ({ db }) => {
  describe('memory counters', () => accessContract(db, 'memory'));
  if (TEST_REDIS_URL) {
    describe('redis counters', () => accessContract(db, 'redis'));
  } else {
    describe.skip('[redis: SKIPPED, REDIS_URL not set]', () => accessContract(db, 'redis'));
  }
});

/** The status, code and absence of data of a whole-operation refusal. */
function expectRefused(response: GraphqlResponse, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.data ?? null).toBeNull();
  expect(errorCodes(response)).toEqual([code]);
  expect(response.body.errors?.[0]?.extensions?.['status']).toBe(status);
}

/** A root field of the data, which must be there. */
function dataOf<T>(response: GraphqlResponse, name: string): T {
  const value = response.body.data?.[name];
  expect(value, JSON.stringify(response.body)).toBeTruthy();
  return value as T;
}

function accessContract(db: () => Database, store: 'memory' | 'redis') {
  const clock = createFakeClock();
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(db(), {
      clock,
      env: store === 'redis' ? { REDIS_URL: TEST_REDIS_URL ?? '' } : {},
    });
  });
  afterAll(() => app?.close());
  beforeEach(() => clock.set('2026-11-22T10:00:00.000Z'));

  async function counters(account: Account, at = clock.now()) {
    const usage = await app.deps.access.store.peek({
      ...account,
      limits: { ratePerMinute: 1, dailyQuota: 1, freeMatchesDailyQuota: 1 },
      now: at,
    });
    return { minute: usage.minute.used, quota: usage.quota.used, free: usage.free.used };
  }

  const rest = (key: string) => app.inject({ url: REST, headers: { 'x-api-key': key } });

  async function spendOverRest(key: string, times: number) {
    for (let i = 0; i < times; i++) {
      expect((await rest(key)).statusCode).toBe(200);
    }
  }

  describe('whole-operation refusals: the REST status, no data, extensions.code', () => {
    it('no key: 401 unauthorized, without quota headers', async () => {
      const response = await graphql(app, BOOKMAKERS);
      expectRefused(response, 401, 'unauthorized');
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('malformed and mistyped keys: 401 key_invalid', async () => {
      const { key } = await createAccountWithKey(db(), 'Free');
      const typo = key.slice(0, 15) + (key[15] === 'x' ? 'y' : 'x') + key.slice(16);
      for (const bad of ['nonsense', typo, `svc_live_${'a'.repeat(36)}`]) {
        expectRefused(await graphql(app, BOOKMAKERS, { key: bad }), 401, 'key_invalid');
      }
      // X-Api-Key is read like Authorization.
      const viaHeader = await graphql(app, BOOKMAKERS, { headers: { 'x-api-key': 'nonsense' } });
      expectRefused(viaHeader, 401, 'key_invalid');
    });

    it('a well-formed key nobody holds, and a revoked key: 401 key_invalid', async () => {
      const unknown = generateApiKey('svc_live_');
      expectRefused(await graphql(app, BOOKMAKERS, { key: unknown }), 401, 'key_invalid');
      const { key, keyId } = await createAccountWithKey(db(), 'Free');
      expect((await graphql(app, BOOKMAKERS, { key })).status).toBe(200);
      const keys = createKeysService({ db: db().prisma, events: app.deps.events, now: clock.now });
      await keys.revokeKey(keyId);
      const revoked = await graphql(app, BOOKMAKERS, { key });
      expectRefused(revoked, 401, 'key_invalid');
      expect(revoked.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('a document that does not parse or validate: the key is checked first', async () => {
      const expired = await createAccountWithKey(db(), 'Free', {
        expiresAt: new Date('2026-11-22T09:00:00Z'),
      });
      for (const document of ['{ bookmakers { id', '{ noSuchField }']) {
        expectRefused(await graphql(app, document, { key: 'nonsense' }), 401, 'key_invalid');
        expectRefused(await graphql(app, document, { key: expired.key }), 403, 'key_expired');
        // Without a key it is keyless traffic (meta fields need none): its parameters decide.
        const keyless = await graphql(app, document);
        expect(keyless.status).toBe(400);
        expect(errorCodes(keyless)).toEqual(['invalid_parameter']);
        const good = await createAccountWithKey(db(), 'Free');
        const refused = await graphql(app, document, { key: good.key });
        expect(refused.status).toBe(400);
        expect(await counters(good)).toEqual({ minute: 1, quota: 0, free: 0 });
      }
      expect(await counters(expired)).toEqual({ minute: 0, quota: 0, free: 0 });
    });

    it('an expired key: 403 key_expired', async () => {
      const account = await createAccountWithKey(db(), 'Free', {
        expiresAt: new Date('2026-11-22T09:00:00Z'),
      });
      const response = await graphql(app, BOOKMAKERS, { key: account.key });
      expectRefused(response, 403, 'key_expired');
      expect(await counters(account)).toEqual({ minute: 0, quota: 0, free: 0 });
    });

    it('an address outside the allowlist: 403 ip_not_allowed naming the address seen', async () => {
      const account = await createAccountWithKey(db(), 'Free', { allowlist: ['8.8.8.0/24'] });
      // app.inject comes from 127.0.0.1.
      const refused = await graphql(app, BOOKMAKERS, { key: account.key });
      expectRefused(refused, 403, 'ip_not_allowed');
      expect(refused.body.errors?.[0]?.extensions?.['address']).toBe('127.0.0.1');
      expect(refused.body.errors?.[0]?.message).toContain('127.0.0.1');
      expect(await counters(account)).toEqual({ minute: 0, quota: 0, free: 0 });
      const allowed = await app.inject({
        method: 'POST',
        url: '/graphql',
        remoteAddress: '8.8.8.8',
        headers: { authorization: `Bearer ${account.key}` },
        payload: { query: BOOKMAKERS },
      });
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.json().data.bookmakers).toEqual(expect.any(Array));
    });

    it('an API key in the query string: 400 naming it, for GET and POST', async () => {
      const { key } = await createAccountWithKey(db(), 'Free');
      for (const [method, url] of [
        ['GET', '/graphql?query={limits{tier}}&api_key=x'],
        ['GET', `/graphql?query=${encodeURIComponent(BOOKMAKERS)}&token=${key}`],
        ['POST', '/graphql?apikey=x'],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers: { 'x-api-key': key },
          ...(method === 'POST' ? { payload: { query: BOOKMAKERS } } : {}),
        });
        expect(response.statusCode, url).toBe(400);
        // The GraphQL door answers in GraphQL's shape, with REST's code and status.
        expect(response.headers['content-type']).toContain('application/json');
        const [error] = response.json().errors;
        expect(error.extensions).toMatchObject({ code: 'invalid_parameter', status: 400 });
        expect(error.extensions.parameter).toMatch(/^(api_key|token|apikey)$/);
        expect(response.json().data).toBeUndefined();
      }
    });
  });

  describe('keyless fields', () => {
    it('plans, limits, __typename and introspection need no key, carry no quota headers and cost nothing', async () => {
      const account = await createAccountWithKey(db(), 'Free');
      const queries = [
        '{ plans { currency tiers { tier } } }',
        '{ limits { tier ratePerMinute dailyQuota } }',
        '{ __typename }',
        '{ __schema { types { name } } }',
        '{ plans { currency } limits { tier } __typename }',
      ];
      for (const query of queries) {
        for (const key of [undefined, account.key]) {
          const response = await graphql(app, query, key ? { key } : {});
          expect(response.status, query).toBe(200);
          expect(response.body.errors, query).toBeUndefined();
          expect(response.body.data, query).toBeTruthy();
          expect(response.body.extensions?.cost ?? null).toBeNull();
          for (const header of QUOTA_HEADER_NAMES) {
            expect(response.headers[header], `${query} ${header}`).toBeUndefined();
          }
        }
      }
      const limits = await graphql(app, '{ limits { tier ratePerMinute dailyQuota } }');
      expect(limits.body.data?.['limits']).toEqual([
        { tier: 'FREE', ratePerMinute: 30, dailyQuota: 30 },
        { tier: 'PLUS', ratePerMinute: 120, dailyQuota: 5000 },
        { tier: 'PRO', ratePerMinute: 600, dailyQuota: 30000 },
      ]);
      const schema = await graphql(app, '{ __schema { types { name } } }');
      const { types } = dataOf<{ types: { name: string }[] }>(schema, '__schema');
      expect(types.map((t) => t.name)).toEqual(expect.arrayContaining(['Query', 'Match']));
      expect(await counters(account)).toEqual({ minute: 0, quota: 0, free: 0 });
    });
  });

  describe('rate and quota are checked before execution', () => {
    it('minute spent over REST: 429 rate_limited with Retry-After and every rate header, nothing charged', async () => {
      const account = await createAccountWithKey(db(), 'Free');
      await spendOverRest(account.key, 29);
      clock.set('2026-11-22T10:00:40.000Z');
      const last = await rest(account.key);
      expect(last.statusCode).toBe(200);
      const before = await counters(account);
      expect(before).toEqual({ minute: 30, quota: 30, free: 0 });
      for (const query of [BOOKMAKERS, '{ matches { items { id } } }']) {
        const limited = await graphql(app, query, { key: account.key });
        expectRefused(limited, 429, 'rate_limited');
        expect(limited.headers['retry-after']).toBe('20');
        expect(limited.body.errors?.[0]?.extensions?.['retryAfter']).toBe(20);
        expect(limited.headers).toMatchObject({
          'x-ratelimit-limit': '30',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': '20',
          'x-quota-limit': '30',
          'x-quota-remaining': '0',
          'x-quota-reset': String(6 * 3600 - 40),
        });
        // The same headers as the REST request refused at the same moment (the IETF fields of
        // an operation that reads the match list also name the free match-list policy).
        const restLimited = await rest(account.key);
        expect(restLimited.statusCode).toBe(429);
        const sameAsRest = query === BOOKMAKERS ? QUOTA_HEADER_NAMES : X_QUOTA_HEADER_NAMES;
        for (const header of [...sameAsRest, 'retry-after']) {
          expect(limited.headers[header], header).toBe(restLimited.headers[header]);
        }
        expect(await counters(account)).toEqual(before);
      }
    });

    it('daily quota spent over REST: 429 quota_exceeded with Retry-After to 16:00 UTC, nothing charged', async () => {
      const account = await createAccountWithKey(db(), 'Free');
      for (let i = 0; i < 30; i++) {
        clock.set(`2026-11-22T11:${String(i).padStart(2, '0')}:00.000Z`);
        expect((await rest(account.key)).statusCode).toBe(200);
      }
      clock.set('2026-11-22T15:59:30.000Z');
      const refused = await graphql(app, BOOKMAKERS, { key: account.key });
      expectRefused(refused, 429, 'quota_exceeded');
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.body.errors?.[0]?.extensions?.['retryAfter']).toBe(30);
      expect(refused.headers).toMatchObject({
        'x-quota-remaining': '0',
        'x-quota-reset': '30',
        'x-ratelimit-remaining': '30',
      });
      expect(await counters(account)).toEqual({ minute: 0, quota: 30, free: 0 });
      // The match list draws on the free allowance first, as GET /matches does: still served.
      const list = await graphql(app, '{ matches { items { id } } }', { key: account.key });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      expect(list.headers['x-matches-bonus-remaining']).toBe('49');
      expect(await counters(account)).toEqual({ minute: 1, quota: 30, free: 1 });
      // The Hong Kong day turns at 16:00 UTC.
      clock.set('2026-11-22T16:00:00.000Z');
      const nextDay = await graphql(app, BOOKMAKERS, { key: account.key });
      expect(nextDay.status).toBe(200);
      expect(nextDay.headers['x-quota-remaining']).toBe('29');
    });
  });

  describe('the bound of one operation against the per-minute limit', () => {
    it('a bound above the tier minute is 400 invalid_parameter, counted on the minute only', async () => {
      const account = await createAccountWithKey(db(), 'Free');
      // 1 + 30: more than the Free minute (30) could ever allow.
      const refused = await graphql(app, PAGE, { key: account.key, variables: { n: 30 } });
      expectRefused(refused, 400, 'invalid_parameter');
      expect(refused.body.errors?.[0]?.message).toContain('31');
      // A 400 after the key checks: one request on the minute (as on REST), nothing on the day.
      expect(await counters(account)).toEqual({ minute: 1, quota: 0, free: 0 });
    });

    it('a bound equal to what is left of the minute is admitted; one more is 429 rate_limited', async () => {
      const account = await createAccountWithKey(db(), 'Free');
      await spendOverRest(account.key, 5);
      // 1 + 25 = 26 > 25 left: affordable some minute, not this one.
      const tooMuch = await graphql(app, PAGE, { key: account.key, variables: { n: 25 } });
      expectRefused(tooMuch, 429, 'rate_limited');
      expect(await counters(account)).toEqual({ minute: 5, quota: 5, free: 0 });
      // 1 + 24 = 25: exactly the rest of the minute.
      const exact = await graphql(app, PAGE, { key: account.key, variables: { n: 24 } });
      expect(exact.status, JSON.stringify(exact.body)).toBe(200);
      expect(exact.body.errors).toBeUndefined();
      const { items } = dataOf<{ items: unknown[] }>(exact, 'matches');
      expect(exact.body.extensions?.cost).toMatchObject({
        requested: 25,
        actual: 1 + items.length,
        refunded: 24 - items.length,
      });
      expect(await counters(account)).toEqual({
        minute: 5 + 1 + items.length,
        quota: 5 + items.length,
        free: 1,
      });
    });

    it('the 400 for a bound above the minute carries the quota headers, as REST 400s do', async () => {
      // DECISIONS.md "Access": quota headers are on every response to a request with a valid key.
      const account = await createAccountWithKey(db(), 'Free');
      const refused = await graphql(app, PAGE, { key: account.key, variables: { n: 30 } });
      expect(refused.status).toBe(400);
      const restBad = await app.inject({
        url: '/v1/football/matches?pageSize=abc',
        headers: { 'x-api-key': account.key },
      });
      expect(restBad.statusCode).toBe(400);
      expect(restBad.headers['x-ratelimit-limit']).toBe('30');
      expect(refused.headers['x-ratelimit-limit']).toBe('30');
      expect(refused.headers['x-quota-remaining']).toBe('30');
    });

    it('a 403 ip_not_allowed carries the same quota headers as on REST', async () => {
      const account = await createAccountWithKey(db(), 'Free', { allowlist: ['8.8.8.0/24'] });
      const viaRest = await rest(account.key);
      expect(viaRest.statusCode).toBe(403);
      expect(viaRest.headers['x-ratelimit-limit']).toBe('30');
      const viaGraphql = await graphql(app, BOOKMAKERS, { key: account.key });
      expect(viaGraphql.status).toBe(403);
      for (const header of QUOTA_HEADER_NAMES) {
        expect(viaGraphql.headers[header], header).toBe(viaRest.headers[header]);
      }
    });
  });

  describe('GET and GraphiQL', () => {
    it('GET /graphql?query= runs a query', async () => {
      const response = await app.inject({
        method: 'GET',
        url: `/graphql?query=${encodeURIComponent('{ limits { tier } }')}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({
        data: { limits: [{ tier: 'FREE' }, { tier: 'PLUS' }, { tier: 'PRO' }] },
      });
    });

    it('GET with a key runs a keyed query and charges it', async () => {
      const account = await createAccountWithKey(db(), 'Free');
      const response = await app.inject({
        method: 'GET',
        url: `/graphql?query=${encodeURIComponent(BOOKMAKERS)}`,
        headers: { 'x-api-key': account.key },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-quota-remaining']).toBe('29');
      expect(await counters(account)).toEqual({ minute: 1, quota: 1, free: 0 });
    });

    it('a browser GET answers the GraphiQL page', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/graphql',
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>touchline GraphQL</title>');
      expect(response.body.toLowerCase()).toContain('graphiql');
    });
  });

  describe('request errors: 400 invalid_parameter, one request on the minute, nothing on the day', () => {
    const cases: [string, string, Record<string, unknown>?][] = [
      ['parse error', '{ bookmakers { id '],
      ['unknown field', '{ bookmakers { id nope } }'],
      ['unknown root field', '{ nope }'],
      ['unknown argument', '{ matches(size: 3) { items { id } } }'],
      ['argument literal of the wrong type', '{ matches(pageSize: "three") { items { id } } }'],
      [
        'variable of the wrong type',
        'query($d: String) { matches(date: $d) { items { id } } }',
        { d: 7 },
      ],
      [
        'wrong-typed variable of a match id',
        'query($id: Int!) { match(id: $id) { status } }',
        { id: 'x' },
      ],
      ['variable type undeclared in the schema', 'query($x: Nope) { bookmakers { id } }', { x: 1 }],
    ];
    it.each(cases)('%s', async (_name, query, variables) => {
      const account = await createAccountWithKey(db(), 'Free');
      const response = await graphql(app, query, {
        key: account.key,
        ...(variables ? { variables } : {}),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.data ?? null).toBeNull();
      expect(errorCodes(response).length).toBeGreaterThan(0);
      expect(new Set(errorCodes(response))).toEqual(new Set(['invalid_parameter']));
      // As a REST 400: after the key checks, so one request on the minute; nothing on the day.
      expect(await counters(account)).toEqual({ minute: 1, quota: 0, free: 0 });
    });

    it('a missing required variable is a 400, counted on the minute only', async () => {
      const account = await createAccountWithKey(db(), 'Free');
      const response = await graphql(app, 'query($id: Int!) { match(id: $id) { status } }', {
        key: account.key,
        variables: {},
      });
      expect(errorCodes(response)).toEqual(['invalid_parameter']);
      expect(await counters(account)).toEqual({ minute: 1, quota: 0, free: 0 });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
    });

    it('a wrong-typed variable that sizes a page is a 400 and leaves the counters exact', async () => {
      // Regression: the bound was once planned from the raw variables, and 'abc' made it NaN.
      const account = await createAccountWithKey(db(), 'Free');
      const response = await graphql(app, PAGE, { key: account.key, variables: { n: 'abc' } });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(errorCodes(response)).toEqual(['invalid_parameter']);
      expect(await counters(account)).toEqual({ minute: 1, quota: 0, free: 0 });
      // The key's limits still hold afterwards.
      const next = await rest(account.key);
      expect(next.headers['x-ratelimit-remaining']).toBe('28');
      expect(next.headers['x-quota-remaining']).toBe('29');
    });
  });
}
