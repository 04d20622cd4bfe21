import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { gatherOnOneDay, loadDemo } from '../../helpers/demo-fixture.js';
import { countingDatabase, graphql } from '../../helpers/graphql.js';
import { graphqlPayloads, MULTIPART } from '../../helpers/graphql-incremental.js';

/** Every child relation of a match the issue names. */
const CHILDREN = `events { type }
      statistics { type }
      lineups { home { formation } }
      odds { bookmakers { bookmaker { id } } kelly { matchId } regional { operator } }
      analysis { tipsDistribution { tips } handicap overUnder corners }`;

/**
 * The statements an operation's reads sent: the usage history (`daily_usage`, `minute_usage`)
 * is written after a request settles, without waiting, and may land while the next operation is
 * counted.
 */
const readsOf = (statements: string[]) =>
  statements.filter((sql) => !/\b(daily_usage|minute_usage)\b/i.test(sql));

const pageOf = (items: string, children: string) => `query Page($date: String!, $size: Int!) {
  matches(date: $date, pageSize: $size) {
    items ${items}{
      id
      ${children}
    }
  }
}`;

/** Every child relation of a match the issue names, under one page. */
const PAGE = pageOf('', CHILDREN);

/** The same page read match by match, as plain resolvers would (for the comparison). */
const RELATIONS = 10;
const PAGE_DATE = '2026-11-20';

describeEachDatabase('GraphQL batching: SQL statements per page', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance;
  let statements: string[];
  let closeCounting: () => Promise<void>;
  let key: string;

  beforeAll(async () => {
    await loadDemo(db());
    await seedPlans(db().prisma);
    // A page of 100 with ten children is 1001 units: more than any tier's minute allows, so
    // this account's tier is widened (the limits are data) and so is the operation ceiling.
    await db().prisma.tierLimit.update({
      where: { tier: 'Pro' },
      data: { ratePerMinute: 100_000, dailyQuota: 1_000_000 },
    });
    const counting = countingDatabase(db());
    statements = counting.statements;
    closeCounting = counting.database.close;
    app = await buildTestApp(counting.database, {
      clock,
      env: { GRAPHQL_MAX_COST: '5000', RESPONSE_CACHE: 'off' },
    });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
    await gatherOnOneDay(db(), 120);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await closeCounting?.();
  });

  async function statementsFor(size: number) {
    // Warm the key and account caches: only the operation's own statements are counted.
    await graphql(app, '{ usage { rate { used } } }', { key });
    statements.length = 0;
    const response = await graphql(app, PAGE, { key, variables: { date: PAGE_DATE, size } });
    expect(response.body.errors).toBeUndefined();
    const page = response.body.data?.['matches'] as { items: unknown[] } | undefined;
    const items = page?.items ?? [];
    const reads = readsOf(statements);
    return { count: reads.length, items: items.length, sql: reads };
  }

  it('issues the same number of statements for 1, 10 and 100 matches: one per relation plus the list', async () => {
    const one = await statementsFor(1);
    const ten = await statementsFor(10);
    const hundred = await statementsFor(100);
    expect([one.items, ten.items, hundred.items]).toEqual([1, 10, 100]);
    console.info(
      `GraphQL page statements: 1 match -> ${one.count}, 10 -> ${ten.count}, 100 -> ${hundred.count}`,
    );
    expect(ten.count).toBe(one.count);
    expect(hundred.count).toBe(one.count);
    expect(one.count, one.sql.join('\n')).toBe(RELATIONS + 1);
  });

  it('a page whose children are deferred, or whose items are streamed, batches the same', async () => {
    const deferred = pageOf('', `... @defer { ${CHILDREN} }`);
    const streamed = pageOf('@stream(initialCount: 1) ', CHILDREN);
    for (const query of [deferred, streamed]) {
      for (const size of [10, 100]) {
        await graphql(app, '{ usage { rate { used } } }', { key });
        statements.length = 0;
        const response = await graphqlPayloads(app, query, {
          key,
          accept: MULTIPART,
          variables: { date: PAGE_DATE, size },
        });
        expect(response.status).toBe(200);
        expect(response.payloads.length).toBeGreaterThan(1);
        const reads = readsOf(statements);
        expect(reads.length, `${size}: ${reads.join('\n')}`).toBe(RELATIONS + 1);
      }
    }
  });

  it('runs no resolver and no SQL for an operation refused before execution', async () => {
    const { key: free } = await createAccountWithKey(db(), 'Free');
    const { key: spent } = await createAccountWithKey(db(), 'Free');
    await graphql(app, '{ usage { rate { used } } }', { key: free });
    // Spend the second key's minute (30 requests) over REST.
    for (let i = 0; i < 30; i += 1) {
      await app.inject({ url: '/v1/football/odds/bookmakers', headers: { 'x-api-key': spent } });
    }
    statements.length = 0;
    const page = (size: number) => ({ date: PAGE_DATE, size });
    const aliases = Array.from({ length: 60 }, (_, i) => `a${i}: matches { items { id } }`);
    const refusals = [
      // No key, a malformed key: 401.
      await graphql(app, PAGE, { variables: page(1) }),
      await graphql(app, PAGE, { key: 'svc_live_nope', variables: page(1) }),
      // 1 + 100 x 10 units: more than the Free minute could ever allow.
      await graphql(app, PAGE, { key: free, variables: page(100) }),
      // Shape limits: aliases, tokens.
      await graphql(app, `{ ${aliases.join(' ')} }`, { key: free }),
      await graphql(app, `{ ${'__typename '.repeat(6000)} }`, { key: free }),
      // The minute is spent: 429 before any resolver.
      await graphql(app, PAGE, { key: spent, variables: page(1) }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([401, 401, 400, 400, 400, 429]);
    expect(refusals.map((r) => r.body.data ?? null)).toEqual(refusals.map(() => null));
    expect(readsOf(statements)).toEqual([]);
  });
});
