import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { AVAILABLE_KINDS, type AvailableKind } from '../../../src/football/match-availability.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, gatherOnOneDay, loadDemo } from '../../helpers/demo-fixture.js';
import { countingDatabase, graphql } from '../../helpers/graphql.js';

/**
 * Issue 49: `Match.available` (batched: one statement per kind for a whole page, whatever its
 * size; true exactly where the REST child route answers with data) and `Match.result` with a
 * shoot-out on both doors, `score.current` staying the contract's.
 */

const ALL = AVAILABLE_KINDS.join(' ');
const PAGE_DATE = '2026-11-20';

const ROUTE: Record<AvailableKind, string> = {
  events: '/events',
  lineups: '/lineups',
  statistics: '/statistics',
  odds: '/odds',
  exchange: '/odds/exchange',
  regional: '/odds/regional',
  aiBasic: '/analysis/ai-basic',
  aiDeep: '/analysis/ai-deep',
  tips: '/analysis/tips-distribution',
  handicap: '/analysis/handicap',
  overUnder: '/analysis/over-under',
  corners: '/analysis/corners',
};

const readsOf = (statements: string[]) =>
  statements.filter((sql) => !/\b(daily_usage|minute_usage)\b/i.test(sql));

describeEachDatabase('Match.available and Match.result', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance;
  let statements: string[];
  let closeCounting: () => Promise<void>;
  let key: string;
  let cases: DemoCases;

  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
    await seedPlans(db().prisma);
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

  const page = `query Page($date: String!, $size: Int!) {
    matches(date: $date, pageSize: $size) { items { id result { phase winner } available { ${ALL} } } }
  }`;

  async function statementsFor(size: number) {
    await graphql(app, '{ usage { rate { used } } }', { key });
    statements.length = 0;
    const response = await graphql(app, page, { key, variables: { date: PAGE_DATE, size } });
    expect(response.body.errors).toBeUndefined();
    const items =
      (response.body.data?.['matches'] as { items: unknown[] } | undefined)?.items ?? [];
    return { count: readsOf(statements).length, items: items.length, sql: readsOf(statements) };
  }

  it('available: one statement per kind for a page of 1, 10 or 100 matches', async () => {
    const one = await statementsFor(1);
    const ten = await statementsFor(10);
    const hundred = await statementsFor(100);
    expect([one.items, ten.items, hundred.items]).toEqual([1, 10, 100]);
    expect(ten.count).toBe(one.count);
    expect(hundred.count).toBe(one.count);
    // The list, and one per kind (result reads nothing: it is built from the match row).
    expect(one.count, one.sql.join('\n')).toBe(1 + AVAILABLE_KINDS.length);
  });

  it('available says true exactly where the REST child route answers with data', async () => {
    const ids = [...cases.today.matchIds.slice(0, 4), cases.finishedMatchId, cases.liveMatchId];
    const response = await graphql(
      app,
      `{ matchesByIds(ids: [${ids.join(',')}]) { id available { ${ALL} } } }`,
      { key },
    );
    expect(response.body.errors).toBeUndefined();
    const found = response.body.data?.['matchesByIds'] as {
      id: number;
      available: Record<AvailableKind, boolean>;
    }[];
    let trues = 0;
    for (const match of found) {
      for (const kind of AVAILABLE_KINDS) {
        const r = await app.inject({
          url: `/v1/football/matches/${match.id}${ROUTE[kind]}`,
          headers: { 'x-api-key': key },
        });
        if (r.statusCode >= 500) {
          // A stored but malformed exchange document (502): stored, so available.
          expect(match.available[kind], `${match.id} ${kind}`).toBe(true);
          continue;
        }
        const data = r.statusCode === 200 ? (r.json() as { data: unknown }).data : undefined;
        const hasData =
          r.statusCode === 200 &&
          (!Array.isArray(data) || data.length > 0) &&
          (kind !== 'regional' || data !== undefined);
        expect(match.available[kind], `${match.id} ${kind} (REST ${r.statusCode})`).toBe(hasData);
        trues += hasData ? 1 : 0;
      }
    }
    // The demo has children of every kind somewhere: the comparison is not all false.
    expect(trues).toBeGreaterThan(10);
  });

  it('a shoot-out: REST score.penalties and winner, GraphQL result, score.current unchanged', async () => {
    const id = cases.finishedMatchId;
    const before = await app.inject({
      url: `/v1/football/matches/${id}`,
      headers: { 'x-api-key': key },
    });
    const { score: contractScore } = (before.json() as { data: { score: object } }).data;
    // The contract's match (decided in 90 minutes) has no field beyond `current`/`halfTime`.
    expect(Object.keys(contractScore).sort()).toEqual(
      Object.keys(contractScore)
        .filter((k) => k === 'current' || k === 'halfTime')
        .sort(),
    );
    await db().prisma.match.update({
      where: { id },
      data: {
        homeScore: 2,
        awayScore: 2,
        etHomeScore: 1,
        etAwayScore: 0,
        penHomeScore: 3,
        penAwayScore: 5,
        decidedBy: 'penalties',
      },
    });
    const rest = await app.inject({
      url: `/v1/football/matches/${id}`,
      headers: { 'x-api-key': key },
    });
    expect(rest.statusCode).toBe(200);
    expect((rest.json() as { data: { score: object } }).data.score).toMatchObject({
      current: '2-2',
      regularTime: '1-2',
      extraTime: '1-0',
      penalties: '3-5',
      decidedBy: 'penalties',
      winner: 'away',
    });
    const gql = await graphql(
      app,
      `{ match(id: ${id}) { score { current } result { phase regularTime extraTime penalties decidedBy winner } } }`,
      { key },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data?.['match']).toEqual({
      score: { current: '2-2' },
      result: {
        phase: 'AFTER_PENALTIES',
        regularTime: '1-2',
        extraTime: '1-0',
        penalties: '3-5',
        decidedBy: 'PENALTIES',
        winner: 'AWAY',
      },
    });
    // Known by its winner only (a source without the shoot-out's score).
    await db().prisma.match.update({
      where: { id },
      data: {
        penHomeScore: null,
        penAwayScore: null,
        etHomeScore: null,
        etAwayScore: null,
        winner: 'home',
      },
    });
    const winnerOnly = await app.inject({
      url: `/v1/football/matches/${id}`,
      headers: { 'x-api-key': key },
    });
    expect((winnerOnly.json() as { data: { score: object } }).data.score).toEqual({
      current: '2-2',
      ...('halfTime' in contractScore ? { halfTime: contractScore.halfTime } : {}),
      decidedBy: 'penalties',
      winner: 'home',
    });
  });
});
