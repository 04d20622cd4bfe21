import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo } from '../../helpers/demo-fixture.js';
import { errorCodes, type GraphqlResponse, graphql } from '../../helpers/graphql.js';
import { QUOTA_HEADER_NAMES, X_QUOTA_HEADER_NAMES } from '../../helpers/quota-headers.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

/**
 * What a keyed operation is charged and told (DECISIONS.md "GraphQL"): the same headers as REST,
 * `extensions.cost` and `usage` agreeing with them, free `viewer`, dry runs, refunds landing in
 * the windows they were reserved in, a Free key's analysis fields, masked field errors.
 */

const BONUS_HEADERS = [
  'x-matches-bonus-limit',
  'x-matches-bonus-remaining',
  'x-matches-bonus-reset',
];
const START = '2026-11-22T10:00:00.000Z';

type App = FastifyInstance & { deps: Deps };
type Account = Awaited<ReturnType<typeof createAccountWithKey>>;
type Store = 'memory' | 'redis';

describeEachDatabase('GraphQL charges and headers', ({ db }) => {
  let cases: DemoCases | undefined;
  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
  }, 300_000);
  const demo = () => {
    if (!cases) {
      throw new Error('demo not loaded');
    }
    return cases;
  };
  describe('memory counters', () => chargesContract(db, demo, 'memory'));
  if (TEST_REDIS_URL) {
    describe('redis counters', () => chargesContract(db, demo, 'redis'));
  } else {
    describe.skip('[redis: SKIPPED, REDIS_URL not set]', () => chargesContract(db, demo, 'redis'));
  }
});

/** A root field of the data, which must be there. */
function dataOf<T>(response: GraphqlResponse, name: string): T {
  const value = response.body.data?.[name];
  expect(value, JSON.stringify(response.body)).toBeTruthy();
  return value as T;
}

function chargesContract(db: () => Database, demo: () => DemoCases, store: Store) {
  const clock = createFakeClock(START);
  let app: App;

  beforeAll(async () => {
    // The refund tests move the clock inside a loader's read, so reads must reach the services:
    // the shared read cache is off here (parity.cost.test.ts charges with it on).
    app = await buildTestApp(db(), {
      clock,
      env: {
        RESPONSE_CACHE: 'off',
        ...(store === 'redis' ? { REDIS_URL: TEST_REDIS_URL ?? '' } : {}),
      },
    });
  });
  afterAll(() => app?.close());
  beforeEach(() => clock.set(START));

  async function counters(account: Account, at = clock.now()) {
    const usage = await app.deps.access.store.peek({
      ...account,
      limits: { ratePerMinute: 1, dailyQuota: 1, freeMatchesDailyQuota: 1 },
      now: at,
    });
    return { minute: usage.minute.used, quota: usage.quota.used, free: usage.free.used };
  }

  const rest = (key: string, path: string) =>
    app.inject({ url: `/v1/football${path}`, headers: { 'x-api-key': key } });

  /** Today's matches on the demo day: a short day, so a page of 25 or 100 is far from full. */
  const today = () => {
    const { date, matchIds } = demo().today;
    expect(matchIds.length).toBeGreaterThan(1);
    expect(matchIds.length).toBeLessThan(25);
    return { date, n: matchIds.length };
  };

  describe('headers, extensions.cost and usage', () => {
    it('a plan-quota operation carries the headers REST sends after the same charge, no bonus headers', async () => {
      const viaGraphql = await createAccountWithKey(db(), 'Plus');
      const viaRest = await createAccountWithKey(db(), 'Plus');
      const response = await graphql(app, '{ bookmakers { id } }', { key: viaGraphql.key });
      const restResponse = await rest(viaRest.key, '/odds/bookmakers');
      expect(response.status).toBe(200);
      expect(response.headers).toMatchObject({
        'x-ratelimit-limit': '120',
        'x-ratelimit-remaining': '119',
        'x-quota-limit': '5000',
        'x-quota-remaining': '4999',
      });
      for (const header of QUOTA_HEADER_NAMES) {
        expect(response.headers[header], header).toBe(restResponse.headers[header]);
      }
      for (const header of BONUS_HEADERS) {
        expect(response.headers[header], header).toBeUndefined();
      }
    });

    it('selecting matches adds the X-Matches-Bonus-* headers, as GET /matches does', async () => {
      const { date } = today();
      const viaGraphql = await createAccountWithKey(db(), 'Plus');
      const viaRest = await createAccountWithKey(db(), 'Plus');
      const response = await graphql(
        app,
        `{ matches(date: "${date}", pageSize: 5) { items { id } } }`,
        { key: viaGraphql.key },
      );
      const restResponse = await rest(viaRest.key, `/matches?date=${date}&pageSize=5`);
      expect(restResponse.statusCode).toBe(200);
      expect(response.headers['x-matches-bonus-remaining']).toBe('499');
      for (const header of [...QUOTA_HEADER_NAMES, ...BONUS_HEADERS]) {
        expect(response.headers[header], header).toBe(restResponse.headers[header]);
      }
    });

    it('extensions.cost, usage { } and the headers agree; usage counts the reservation', async () => {
      const { date, n } = today();
      const account = await createAccountWithKey(db(), 'Plus');
      const response = await graphql(
        app,
        `{
          usage {
            requested dryRun
            rate { limit used remaining resetSeconds }
            quota { limit used remaining resetSeconds }
            freeMatches { limit used remaining resetSeconds }
          }
          matches(date: "${date}", pageSize: 25) { items { id events { type } } }
        }`,
        { key: account.key },
      );
      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      // Reserved: 1 page (free allowance) + 25 events; read: 1 page + n events.
      expect(dataOf(response, 'usage')).toEqual({
        requested: 26,
        dryRun: false,
        rate: { limit: 120, used: 26, remaining: 94, resetSeconds: 60 },
        quota: { limit: 5000, used: 25, remaining: 4975, resetSeconds: 6 * 3600 },
        freeMatches: { limit: 500, used: 1, remaining: 499, resetSeconds: 6 * 3600 },
      });
      expect(response.body.extensions?.cost).toEqual({
        requested: 26,
        actual: 1 + n,
        refunded: 25 - n,
        rate: { limit: 120, used: 1 + n },
        quota: { limit: 5000, used: n },
        freeMatches: { limit: 500, used: 1 },
      });
      expect(response.headers).toMatchObject({
        'x-ratelimit-limit': '120',
        'x-ratelimit-remaining': String(120 - 1 - n),
        'x-ratelimit-reset': '60',
        'x-quota-limit': '5000',
        'x-quota-remaining': String(5000 - n),
        'x-quota-reset': String(6 * 3600),
        'x-matches-bonus-limit': '500',
        'x-matches-bonus-remaining': '499',
        'x-matches-bonus-reset': String(6 * 3600),
      });
      expect(await counters(account)).toEqual({ minute: 1 + n, quota: n, free: 1 });

      // The same reads over REST leave the same counters behind.
      const viaRest = await createAccountWithKey(db(), 'Plus');
      const list = await rest(viaRest.key, `/matches?date=${date}&pageSize=25`);
      let last = list;
      for (const { id } of list.json().data as { id: number }[]) {
        last = await rest(viaRest.key, `/matches/${id}/events`);
        expect(last.statusCode).toBe(200);
      }
      expect(await counters(viaRest)).toEqual(await counters(account));
      // The IETF fields differ by design: the operation also read the match list, so they name
      // the free match-list policy too, as GET /matches's do.
      for (const header of X_QUOTA_HEADER_NAMES) {
        expect(response.headers[header], header).toBe(last.headers[header]);
      }

      // viewer is free of charge on the day, one request on the minute (every operation is), and
      // says what the headers say.
      const viewer = await graphql(
        app,
        '{ viewer { tier limits { ratePerMinute } usage { quota { used remaining } } } }',
        { key: account.key },
      );
      expect(viewer.status).toBe(200);
      expect(dataOf(viewer, 'viewer')).toEqual({
        tier: 'PLUS',
        limits: { ratePerMinute: 120 },
        usage: { quota: { used: n, remaining: 5000 - n } },
      });
      expect(viewer.body.extensions?.cost).toMatchObject({ requested: 0, actual: 0, refunded: 0 });
      expect(viewer.headers['x-quota-remaining']).toBe(String(5000 - n));
      expect(viewer.headers['x-ratelimit-remaining']).toBe(String(120 - 2 - n));
      expect(viewer.headers['x-matches-bonus-limit']).toBeUndefined();
      expect(await counters(account)).toEqual({ minute: 2 + n, quota: n, free: 1 });
    });

    it('a dry run reports the bound (page assumed full), runs nothing else, counts one request on the minute only', async () => {
      const { date } = today();
      const account = await createAccountWithKey(db(), 'Plus');
      const { matches, matchEvents } = app.deps.services;
      const list = matches.list;
      const events = matchEvents.eventsForMatches;
      let reads = 0;
      matches.list = (query) => {
        reads++;
        return list(query);
      };
      matchEvents.eventsForMatches = (ids) => {
        reads++;
        return events(ids);
      };
      let response: GraphqlResponse;
      try {
        response = await graphql(
          app,
          `{ usage(dryRun: true) { requested dryRun } matches(date: "${date}", pageSize: 10) { items { events { type } } } }`,
          { key: account.key },
        );
      } finally {
        matches.list = list;
        matchEvents.eventsForMatches = events;
      }
      expect(response.status).toBe(200);
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data).toEqual({ usage: { requested: 11, dryRun: true } });
      expect(response.body.data).not.toHaveProperty('matches');
      expect(response.body.extensions?.cost).toMatchObject({
        requested: 11,
        actual: 0,
        dryRun: true,
      });
      expect(reads).toBe(0);
      // DECISIONS.md "GraphQL": every operation with a valid key is one request on the minute.
      expect(await counters(account)).toEqual({ minute: 1, quota: 0, free: 0 });
      expect(response.headers['x-ratelimit-remaining']).toBe('119');
    });
  });

  describe('refunds land in the windows they were reserved in', () => {
    /**
     * A page of 100 (bound 1 + 100) on a day of n matches: the events loader moves the clock into
     * the next window while the operation runs, so the refund of 100 - n is made after the
     * boundary. With `competing`, a REST request of the same key lands in the new window first.
     */
    async function acrossBoundary(from: string, to: string, competing: boolean) {
      const { date, n } = today();
      clock.set(from);
      const account = await createAccountWithKey(db(), 'Plus');
      const { matchEvents } = app.deps.services;
      const original = matchEvents.eventsForMatches;
      let calls = 0;
      matchEvents.eventsForMatches = async (ids) => {
        calls++;
        clock.set(to);
        if (competing) {
          expect((await rest(account.key, '/odds/bookmakers')).statusCode).toBe(200);
        }
        return original(ids);
      };
      let response: GraphqlResponse;
      try {
        response = await graphql(
          app,
          `{ matches(date: "${date}", pageSize: 100) { items { id events { type } } } }`,
          { key: account.key },
        );
      } finally {
        matchEvents.eventsForMatches = original;
      }
      expect(calls).toBe(1);
      expect(response.status, JSON.stringify(response.body.errors)).toBe(200);
      expect(response.body.errors).toBeUndefined();
      expect(dataOf<{ items: unknown[] }>(response, 'matches').items).toHaveLength(n);
      expect(response.body.extensions?.cost).toMatchObject({
        requested: 101,
        actual: 1 + n,
        refunded: 100 - n,
      });
      return { account, n, old: new Date(from), now: new Date(to) };
    }

    it('across a minute: the old minute keeps exactly what was read, the new one nothing', async () => {
      const { account, n, old, now } = await acrossBoundary(
        '2026-11-22T10:00:30.000Z',
        '2026-11-22T10:01:05.000Z',
        false,
      );
      // The old window first: the memory store keeps only the current windows.
      expect(await counters(account, old)).toEqual({ minute: 1 + n, quota: n, free: 1 });
      expect(await counters(account, now)).toEqual({ minute: 0, quota: n, free: 1 });
    });

    it('across 16:00 UTC: the old day and minute keep exactly what was read, the new ones nothing', async () => {
      const { account, n, old, now } = await acrossBoundary(
        '2026-11-22T15:59:59.000Z',
        '2026-11-22T16:00:01.000Z',
        false,
      );
      expect(await counters(account, old)).toEqual({ minute: 1 + n, quota: n, free: 1 });
      expect(await counters(account, now)).toEqual({ minute: 0, quota: 0, free: 0 });
    });

    it('across a minute, with a request already in the new minute: the refund does not touch it', async () => {
      const { account, n, old, now } = await acrossBoundary(
        '2026-11-22T10:00:30.000Z',
        '2026-11-22T10:01:05.000Z',
        true,
      );
      // Same day: 101 reserved, 1 + n kept, plus the REST request.
      expect(await counters(account, now)).toEqual({ minute: 1, quota: n + 1, free: 1 });
      if (store === 'redis') {
        expect(await counters(account, old)).toEqual({ minute: 1 + n, quota: n + 1, free: 1 });
      }
    });

    it('across 16:00 UTC, with a request already in the new day: the refund does not touch it', async () => {
      const { account, n, old, now } = await acrossBoundary(
        '2026-11-22T15:59:59.000Z',
        '2026-11-22T16:00:01.000Z',
        true,
      );
      expect(await counters(account, now)).toEqual({ minute: 1, quota: 1, free: 0 });
      if (store === 'redis') {
        // The memory store dropped the old windows when the new day began.
        expect(await counters(account, old)).toEqual({ minute: 1 + n, quota: n, free: 1 });
      }
    });
  });

  describe('a Free key asking for analysis', () => {
    it('gets tier_insufficient on each analysis field, data for the rest, and the charge without them', async () => {
      const { date } = today();
      const withAnalysis = await createAccountWithKey(db(), 'Free');
      const without = await createAccountWithKey(db(), 'Free');
      const page = (fields: string) =>
        `{ matches(date: "${date}", pageSize: 3) { items { id status events { type } ${fields} } } }`;
      const asked = await graphql(
        app,
        page('analysis { handicap corners tipsDistribution { tips } }'),
        { key: withAnalysis.key },
      );
      const plain = await graphql(app, page(''), { key: without.key });
      expect(asked.status).toBe(200);
      expect(plain.body.errors).toBeUndefined();
      const items = dataOf<{ items: Record<string, unknown>[] }>(asked, 'matches').items;
      const plainItems = dataOf<{ items: Record<string, unknown>[] }>(plain, 'matches').items;
      expect(items).toHaveLength(3);
      expect(items.map(({ analysis, ...rest }) => rest)).toEqual(plainItems);
      for (const item of items) {
        expect(item['analysis']).toEqual({ handicap: null, corners: null, tipsDistribution: null });
      }
      expect(errorCodes(asked)).toEqual(Array(9).fill('tier_insufficient'));
      const paths = (asked.body.errors ?? []).map((e) => e.path?.join('.'));
      expect(new Set(paths)).toEqual(
        new Set(
          [0, 1, 2].flatMap((i) =>
            ['handicap', 'corners', 'tipsDistribution'].map(
              (f) => `matches.items.${i}.analysis.${f}`,
            ),
          ),
        ),
      );
      expect(asked.body.extensions?.cost).toMatchObject({ requested: 4, actual: 4 });
      expect(await counters(withAnalysis)).toEqual(await counters(without));
      expect(await counters(withAnalysis)).toEqual({ minute: 4, quota: 3, free: 1 });
    });
  });

  describe('field errors', () => {
    /** Runs `query` with the events loader's service throwing `error`. */
    async function withFailingEvents(error: Error, query: string, key: string) {
      const { matchEvents } = app.deps.services;
      const original = matchEvents.eventsForMatches;
      matchEvents.eventsForMatches = async () => {
        throw error;
      };
      try {
        return await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { authorization: `Bearer ${key}` },
          payload: { query },
        });
      } finally {
        matchEvents.eventsForMatches = original;
      }
    }

    const query = (id: number) =>
      `{ match(id: ${id}) { status events { type } } bookmakers { id } }`;

    it('an unexpected error is internal_error, "Unexpected error", nothing of it shown; the read is not charged', async () => {
      const account = await createAccountWithKey(db(), 'Plus');
      const raw = await withFailingEvents(
        new Error('secret detail /path/to/src/football/match-events.ts'),
        query(demo().finishedMatchId),
        account.key,
      );
      expect(raw.statusCode).toBe(200);
      expect(raw.body).not.toContain('secret detail');
      expect(raw.body).not.toContain('/path/to');
      expect(raw.body).not.toMatch(/\bat .+:\d+:\d+/);
      expect(raw.body).not.toContain('stack');
      const body = raw.json() as GraphqlResponse['body'];
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: 'Unexpected error',
          path: ['match', 'events'],
          extensions: { code: 'internal_error', status: 500 },
        }),
      ]);
      // events is non-null: the match goes null; the rest of the operation stands.
      expect(body.data?.['match']).toBeNull();
      expect(body.data?.['bookmakers']).toEqual(expect.any(Array));
      // Detail and bookmakers are charged; the failed read only on the minute, as a REST 500.
      expect(body.extensions?.cost).toMatchObject({ requested: 3, actual: 2, failedReads: 1 });
      expect(await counters(account)).toEqual({ minute: 3, quota: 2, free: 0 });
    });

    it('a database outage is upstream_unavailable with a retry hint', async () => {
      const account = await createAccountWithKey(db(), 'Plus');
      const outage = Object.assign(new Error('connect ECONNREFUSED 10.9.8.7:5432'), {
        code: 'ECONNREFUSED',
      });
      const raw = await withFailingEvents(outage, query(demo().finishedMatchId), account.key);
      expect(raw.body).not.toContain('10.9.8.7');
      const body = raw.json() as GraphqlResponse['body'];
      expect(body.errors).toHaveLength(1);
      expect(body.errors?.[0]?.path).toEqual(['match', 'events']);
      expect(body.errors?.[0]?.extensions).toMatchObject({
        code: 'upstream_unavailable',
        status: 503,
        retryAfter: expect.any(Number),
      });
      expect(body.data?.['bookmakers']).toEqual(expect.any(Array));
      expect(await counters(account)).toEqual({ minute: 3, quota: 2, free: 0 });
    });
  });
}
