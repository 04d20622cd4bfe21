import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { errorCodes, graphql } from '../../helpers/graphql.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

/**
 * DECISIONS.md "Access" and "GraphQL", docs/access.md: a 429 (`rate_limited`, `quota_exceeded`)
 * writes no counter at all; a 403 `tier_insufficient` counts on the minute over REST (it is a
 * request with a valid, allowed key) and never on the day. Over GraphQL a Free key's analysis
 * fields are left out of the cost, so they move neither the minute nor the day. Checked on both
 * databases and both counter stores, Free tier limits as seeded (30/min, 30/day, 50 free list).
 */

const DATE = '2026-11-22';
const MATCH_ID = 910_001;
const UNKNOWN_ID = 2_147_483_000;
const REST = {
  bookmakers: '/v1/football/odds/bookmakers',
  matches: `/v1/football/matches?date=${DATE}&pageSize=1`,
  corners: `/v1/football/matches/${MATCH_ID}/analysis/corners`,
  handicap: `/v1/football/matches/${MATCH_ID}/analysis/handicap`,
};
const GQL = {
  bookmakers: '{ bookmakers { id } }',
  matches: `{ matches(date: "${DATE}", pageSize: 1) { pageInfo { total } } }`,
  analysis: `{ match(id: ${MATCH_ID}) { id analysis { corners handicap } } }`,
  bookmakersAndAnalysis: `{ bookmakers { id } match(id: ${MATCH_ID}) { id analysis { corners } } }`,
  unknownAnalysis: `{ match(id: ${UNKNOWN_ID}) { id analysis { corners } } }`,
};

/** One match (and its competition and teams) for the analysis routes to be about. */
async function ensureMatch(database: Database): Promise<void> {
  const prisma = database.prisma;
  await prisma.competition.upsert({
    where: { id: 910_001 },
    update: {},
    create: { id: 910_001, code: 'NOCHARGE', nameEn: 'No Charge League', region: 'Europe' },
  });
  for (const id of [910_001, 910_002]) {
    await prisma.team.upsert({
      where: { id },
      update: {},
      create: { id, nameOriginal: `Team ${id}`, nameEn: `Team ${id}` },
    });
  }
  await prisma.match.upsert({
    where: { id: MATCH_ID },
    update: {},
    create: {
      id: MATCH_ID,
      competitionId: 910_001,
      homeTeamId: 910_001,
      awayTeamId: 910_002,
      status: 'scheduled',
      kickoffUtc: new Date(`${DATE}T12:00:00Z`),
    },
  });
}

type App = FastifyInstance & { deps: Deps };

describeEachDatabase('a 429 or a 403 tier_insufficient charges no daily counter', ({ db }) => {
  for (const store of ['memory', 'redis'] as const) {
    const missing = store === 'redis' && !TEST_REDIS_URL;
    const title = missing
      ? 'redis counters [redis: SKIPPED, REDIS_URL not set]'
      : `${store} counters`;
    (missing ? describe.skip : describe)(title, () => {
      // A fixed minute start: every step below knows which minute it is in.
      const clock = createFakeClock('2026-11-22T10:00:00.000Z');
      let app: App;

      beforeAll(async () => {
        await ensureMatch(db());
        app = await buildTestApp(db(), {
          clock,
          env: store === 'redis' ? { REDIS_URL: TEST_REDIS_URL ?? '' } : {},
        });
        expect(app.deps.access.store.kind).toBe(store);
      });
      afterAll(async () => {
        await app?.close();
      });

      const rest = async (key: string, url: string) => {
        const res = await app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
        return {
          status: res.statusCode,
          code: res.statusCode >= 400 ? (res.json() as { code?: string }).code : undefined,
          headers: res.headers,
        };
      };
      const gql = (key: string, query: string) => graphql(app, query, { key });

      /** The account's and key's counters now, from the store the app uses. */
      async function counters(ids: { accountId: number; keyId: number }) {
        const now = clock.now();
        const limits = { ratePerMinute: 0, dailyQuota: 0, freeMatchesDailyQuota: 0 };
        const snapshot = await app.deps.access.store.peek({ ...ids, limits, now });
        const perKey = (await app.deps.access.store.usageByKey(ids.accountId, now)).get(
          ids.keyId,
        ) ?? { plan: 0, free: 0 };
        return {
          minute: snapshot.minute.used,
          quota: snapshot.quota.used,
          free: snapshot.free.used,
          keyPlan: perKey.plan,
          keyFree: perKey.free,
        };
      }

      /** Sends `n` admitted requests, alternating REST and GraphQL, on the plan or the list. */
      async function spend(key: string, what: 'bookmakers' | 'matches', n: number) {
        for (let i = 0; i < n; i++) {
          const res = i % 2 === 0 ? await rest(key, REST[what]) : await gql(key, GQL[what]);
          expect(res.status).toBe(200);
        }
      }

      it('429 rate_limited over REST and GraphQL writes no counter', async () => {
        clock.set('2026-11-22T10:00:00.000Z');
        const ids = await createAccountWithKey(db(), 'Free');
        await spend(ids.key, 'matches', 20);
        await spend(ids.key, 'bookmakers', 10);
        const before = await counters(ids);
        expect(before).toEqual({ minute: 30, quota: 10, free: 20, keyPlan: 10, keyFree: 20 });

        for (const url of [REST.bookmakers, REST.matches, REST.bookmakers, REST.matches]) {
          const res = await rest(ids.key, url);
          expect({ status: res.status, code: res.code }).toEqual({
            status: 429,
            code: 'rate_limited',
          });
          // The headers report the counters as they stand: the refusal took nothing.
          expect(res.headers['x-ratelimit-remaining']).toBe('0');
          expect(res.headers['x-quota-remaining']).toBe('20');
        }
        for (const query of [GQL.bookmakers, GQL.matches, GQL.bookmakers, GQL.matches]) {
          const res = await gql(ids.key, query);
          expect(res.status).toBe(429);
          expect(errorCodes(res)).toEqual(['rate_limited']);
          expect(res.headers['x-quota-remaining']).toBe('20');
        }
        expect(await counters(ids)).toEqual(before);
      });

      it('429 quota_exceeded over REST and GraphQL writes no counter', async () => {
        clock.set('2026-11-22T10:10:00.000Z');
        const ids = await createAccountWithKey(db(), 'Free');
        // The free list allowance (50) and the plan quota (30), over three minutes (30/min).
        await spend(ids.key, 'matches', 25);
        clock.advance(60_000);
        await spend(ids.key, 'matches', 25);
        await spend(ids.key, 'bookmakers', 5);
        clock.advance(60_000);
        await spend(ids.key, 'bookmakers', 25);
        const before = await counters(ids);
        expect(before).toEqual({ minute: 25, quota: 30, free: 50, keyPlan: 30, keyFree: 50 });

        for (const url of [REST.bookmakers, REST.matches, REST.bookmakers, REST.matches]) {
          const res = await rest(ids.key, url);
          expect({ status: res.status, code: res.code }).toEqual({
            status: 429,
            code: 'quota_exceeded',
          });
          expect(res.headers['x-ratelimit-remaining']).toBe('5');
        }
        for (const query of [GQL.bookmakers, GQL.matches, GQL.bookmakers, GQL.matches]) {
          const res = await gql(ids.key, query);
          expect(res.status).toBe(429);
          expect(errorCodes(res)).toEqual(['quota_exceeded']);
          expect(res.headers['x-ratelimit-remaining']).toBe('5');
        }
        expect(await counters(ids)).toEqual(before);
      });

      it('403 tier_insufficient (REST route, GraphQL field) charges no daily counter', async () => {
        clock.set('2026-11-22T10:20:00.000Z');
        const ids = await createAccountWithKey(db(), 'Free');
        await spend(ids.key, 'matches', 2);
        await spend(ids.key, 'bookmakers', 2);
        const before = await counters(ids);
        expect(before).toEqual({ minute: 4, quota: 2, free: 2, keyPlan: 2, keyFree: 2 });

        // REST: a request with a valid, allowed key refused on tier counts on the minute only.
        for (const url of [REST.corners, REST.handicap]) {
          const res = await rest(ids.key, url);
          expect({ status: res.status, code: res.code }).toEqual({
            status: 403,
            code: 'tier_insufficient',
          });
        }
        const afterRest = await counters(ids);
        expect(afterRest).toEqual({ ...before, minute: before.minute + 2 });

        // GraphQL: the analysis fields are left out of the cost (data for the rest, 200).
        const res = await gql(ids.key, GQL.analysis);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({
          match: { id: MATCH_ID, analysis: { corners: null, handicap: null } },
        });
        expect(errorCodes(res)).toEqual(['tier_insufficient', 'tier_insufficient']);
        expect(res.body.extensions?.cost).toMatchObject({
          requested: 0,
          actual: 0,
          tierRefused: 2,
        });
        // Nothing on the day; the operation itself is one request on the minute (DECISIONS.md
        // "GraphQL"), as each REST 403 above was.
        expect(await counters(ids)).toEqual({ ...afterRest, minute: afterRest.minute + 1 });

        // Next to a billable field: only that field is charged (one unit, plan quota).
        const mixed = await gql(ids.key, GQL.bookmakersAndAnalysis);
        expect(mixed.status).toBe(200);
        expect(errorCodes(mixed)).toEqual(['tier_insufficient']);
        expect(mixed.body.extensions?.cost).toMatchObject({ requested: 1, actual: 1 });
        expect(await counters(ids)).toEqual({
          ...afterRest,
          minute: afterRest.minute + 2,
          quota: afterRest.quota + 1,
          keyPlan: afterRest.keyPlan + 1,
        });

        // An unknown match: REST answers 403 before any 404, so nothing is charged on the day
        // here either (the operation is one request on the minute).
        const afterMixed = await counters(ids);
        const unknown = await gql(ids.key, GQL.unknownAnalysis);
        expect(unknown.status).toBe(200);
        expect(errorCodes(unknown)).toEqual(['not_found']);
        expect(await counters(ids)).toEqual({ ...afterMixed, minute: afterMixed.minute + 1 });
      });

      // Regression: this was once planned at 0 but reported as actual 1 (refunded -1).
      it("a Free key's analysis of an unknown match reports no more than it requested", async () => {
        const ids = await createAccountWithKey(db(), 'Free');
        const res = await gql(ids.key, GQL.unknownAnalysis);
        const cost = res.body.extensions?.cost as { requested: number; actual: number };
        expect(cost.actual).toBeLessThanOrEqual(cost.requested);
      });
    });
  }
});
