import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { errorCodes, graphql } from '../../helpers/graphql.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

const STORES = TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

/** 50 aliases of `match(id){ id }`: reads nothing billable (DECISIONS.md "GraphQL"). */
const ALIASES = `{ ${Array.from({ length: 50 }, (_, i) => `m${i}: match(id: ${i + 1}) { id }`).join(' ')} }`;

describeEachDatabase('GraphQL: every operation with a valid key counts on the minute', ({ db }) => {
  describe.each(STORES)('counters in %s', (store) => counting(db, store));
});

function counting(db: () => Database, store: string) {
  const clock = createFakeClock('2026-11-22T10:00:10.000Z');
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    app = await buildTestApp(db(), {
      clock,
      env: store === 'redis' ? { REDIS_URL: TEST_REDIS_URL ?? '' } : {},
    });
  });
  afterAll(() => app?.close());
  beforeEach(() => clock.advance(60_000));

  /** Sends `query` `n` times with a Free key (30 a minute); the statuses, in order. */
  async function burst(query: string, n: number, key: string) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      statuses.push((await graphql(app, query, { key })).status);
    }
    return statuses;
  }

  it.each([
    ['usage', '{ usage { rate { used } } }'],
    ['viewer', '{ viewer { tier } }'],
    ['match(id){ id } with 50 aliases', ALIASES],
    ['a dry run', '{ usage(dryRun: true) { requested } bookmakers { id } }'],
  ])('%s: a Free key gets exactly 30 a minute, then 429 rate_limited', async (_name, query) => {
    const { key } = await createAccountWithKey(db(), 'Free');
    const statuses = await burst(query, 40, key);
    const admitted = statuses.filter((s) => s !== 429).length;
    expect(admitted, statuses.join(',')).toBe(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const refused = await graphql(app, '{ viewer { tier } }', { key });
    expect(errorCodes(refused)).toEqual(['rate_limited']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['does not parse', '{ match(id: 1) { id '],
    ['does not validate', '{ nosuchfield }'],
    ['has a wrong-typed variable', 'query($id: Int!) { match(id: $id) { id } }'],
  ])(
    'a document that %s is a 400 that counts on the minute, as a REST 400 does',
    async (_name, query) => {
      const { key } = await createAccountWithKey(db(), 'Free');
      for (let i = 0; i < 30; i++) {
        const refused = await graphql(app, query, { key, variables: { id: 'x' } });
        expect(refused.status).toBe(400);
        expect(errorCodes(refused)[0]).toBe('invalid_parameter');
        // A 400 after the key checks reports the counters (spec 8.2 rule 6).
        expect(refused.headers['x-ratelimit-remaining']).toBe(String(29 - i));
      }
      // Parameters are checked before the rate (DECISIONS.md "Access"): still 400, not 429 ...
      expect((await graphql(app, query, { key, variables: { id: 'x' } })).status).toBe(400);
      // ... but the minute is spent.
      const next = await graphql(app, '{ viewer { tier } }', { key });
      expect(errorCodes(next)).toEqual(['rate_limited']);
    },
  );

  it('nothing billable is charged on the day: usage still answers when the day is spent', async () => {
    const { key, accountId, keyId } = await createAccountWithKey(db(), 'Free');
    for (let minute = 0; minute < 2; minute++) {
      clock.advance(60_000);
      for (let i = 0; i < 15; i++) {
        expect((await graphql(app, '{ bookmakers { id } }', { key })).status).toBe(200);
      }
    }
    clock.advance(60_000);
    const spent = await graphql(app, '{ bookmakers { id } }', { key });
    expect(errorCodes(spent)).toEqual(['quota_exceeded']);
    const usage = await graphql(app, '{ usage { quota { used remaining } rate { used } } }', {
      key,
    });
    expect(usage.status).toBe(200);
    expect(usage.body.data).toEqual({
      usage: { quota: { used: 30, remaining: 0 }, rate: { used: 1 } },
    });
    const counters = await app.deps.access.store.peek({
      accountId,
      keyId,
      limits: { ratePerMinute: 30, dailyQuota: 30, freeMatchesDailyQuota: 50 },
      now: clock.now(),
    });
    expect(counters.quota.used).toBe(30);
  });

  it('600 cheap operations in a row from a Free key: exactly 30 admitted', async () => {
    const { key } = await createAccountWithKey(db(), 'Free');
    const queries = ['{ usage { rate { used } } }', '{ viewer { tier } }', ALIASES];
    const results = await Promise.all(
      Array.from({ length: 600 }, (_, i) => graphql(app, queries[i % 3] ?? '', { key })),
    );
    expect(results.filter((r) => r.status === 200).length).toBe(30);
    expect(results.filter((r) => r.status === 429).length).toBe(570);
  });
}
