import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CORNER_BUCKETS } from '../../../src/analysis/corner-types.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo } from '../../helpers/demo-fixture.js';
import { errorCodes, graphql } from '../../helpers/graphql.js';
import {
  expectSameAsRest,
  fullSelection,
  MATCH_CHILDREN,
  restDocumentAsGraphql,
  restMatchAsGraphql,
} from '../../helpers/graphql-parity.js';

const MATCH = fullSelection('Match', MATCH_CHILDREN);
const LANGUAGES = ['en', 'zh-CN', 'zh-HK'] as const;

describeEachDatabase('GraphQL field values equal the REST payloads, route by route', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance;
  let key: string;
  let cases: DemoCases;

  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
    app = await buildTestApp(db(), { clock });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
  }, 300_000);
  afterAll(() => app?.close());
  // Keep every test inside a fresh minute of the Pro limit.
  beforeEach(() => clock.advance(60_000));

  async function rest(path: string, language = 'en') {
    const response = await app.inject({
      url: `/v1/football${path}`,
      headers: { authorization: `Bearer ${key}`, 'accept-language': language },
    });
    return { status: response.statusCode, body: response.json() as { data?: unknown } };
  }

  async function field(query: string, language = 'en', variables?: Record<string, unknown>) {
    const response = await graphql(app, query, {
      key,
      headers: { 'accept-language': language },
      ...(variables ? { variables } : {}),
    });
    expect(response.status).toBe(200);
    return response;
  }

  /** One match child: REST 200 data equals the field; REST 404 is null with no error. */
  async function compareChild(
    matchId: number,
    path: string,
    selection: string,
    pick: (d: Record<string, unknown>) => unknown,
    restAsGraphql: (rest: unknown) => unknown = (rest) => rest,
  ) {
    const expected = await rest(`/matches/${matchId}${path}`);
    const actual = await field(`{ match(id: ${matchId}) { ${selection} } }`);
    const value = pick((actual.body.data?.['match'] ?? {}) as Record<string, unknown>);
    if (expected.status === 502) {
      expect(errorCodes(actual), `${path} of ${matchId}: REST 502`).toEqual(['upstream_malformed']);
      expect(value).toBeNull();
      return;
    }
    expect(actual.body.errors, `${path} of ${matchId}`).toBeUndefined();
    if (expected.status === 404) {
      expect(value, `${path} of ${matchId}: REST 404`).toBeNull();
    } else {
      expect(expected.status).toBe(200);
      expectSameAsRest(
        restAsGraphql(path.endsWith('/exchange') ? expected.body : expected.body.data),
        value,
        path,
      );
    }
  }

  const matchIds = () => [
    cases.finishedMatchId,
    cases.liveMatchId,
    cases.lineups.unpublishedMatchId,
    cases.regional.withPoolsMatchId,
    cases.regional.withoutPoolsMatchId,
    cases.regional.missingMatchId,
    cases.exchange.goodMatchId,
    cases.exchange.missingMatchId,
    cases.tipsMatchId,
    cases.analysedMatchId,
    ...cases.today.matchIds.slice(0, 3),
  ];

  it('match(id) equals GET /matches/{id}, in every language', async () => {
    for (const language of LANGUAGES) {
      for (const id of matchIds()) {
        const expected = await rest(`/matches/${id}`, language);
        const actual = await field(`{ match(id: ${id}) { ${MATCH} } }`, language);
        expectSameAsRest(
          restMatchAsGraphql(expected.body.data as Record<string, unknown>),
          actual.body.data?.['match'],
          `match ${id} ${language}`,
        );
      }
    }
  });

  it('events, statistics, h2h and lineups equal their routes', async () => {
    for (const id of matchIds()) {
      const pick = (name: string) => (m: Record<string, unknown>) => m[name];
      await compareChild(
        id,
        '/events',
        `events { ${fullSelection('MatchEvent')} }`,
        pick('events'),
      );
      await compareChild(
        id,
        '/statistics',
        `statistics { ${fullSelection('MatchStatistic')} }`,
        pick('statistics'),
      );
      await compareChild(id, '/h2h', `h2h { ${fullSelection('HeadToHead')} }`, pick('h2h'));
      await compareChild(
        id,
        '/lineups',
        `lineups { ${fullSelection('Lineups')} }`,
        pick('lineups'),
      );
    }
  });

  it('odds, exchange, kelly and regional equal their routes', async () => {
    const odds = (name: string) => (m: Record<string, unknown>) =>
      (m['odds'] as Record<string, unknown>)[name];
    for (const id of matchIds()) {
      await compareChild(
        id,
        '/odds',
        `odds { bookmakers { ${fullSelection('BookmakerOdds')} } }`,
        odds('bookmakers'),
      );
      await compareChild(
        id,
        '/odds/kelly',
        `odds { kelly { ${fullSelection('KellyIndex')} } }`,
        odds('kelly'),
      );
      await compareChild(
        id,
        '/odds/regional',
        `odds { regional { ${fullSelection('RegionalBoard')} } }`,
        odds('regional'),
      );
      await compareChild(id, '/odds/exchange', 'odds { exchange }', odds('exchange'));
    }
  });

  it('stored exchange text that is not JSON: REST 502, GraphQL upstream_malformed on the field', async () => {
    const id = cases.exchange.malformedMatchId;
    expect((await rest(`/matches/${id}/odds/exchange`)).status).toBe(502);
    const actual = await field(`{ match(id: ${id}) { id odds { exchange } } }`);
    expect(errorCodes(actual)).toEqual(['upstream_malformed']);
    expect(actual.body.data).toEqual({ match: { id, odds: { exchange: null } } });
  });

  it('movement by bookmaker id and by a starred raw name equals its route', async () => {
    const selection = fullSelection('OddsMovement');
    const { movement, starredMovement } = cases;
    for (const [matchId, market, bookmaker] of [
      [movement.matchId, movement.market, String(movement.bookmakerId)],
      [starredMovement.matchId, starredMovement.market, starredMovement.bookmakerName],
    ] as const) {
      const expected = await rest(
        `/matches/${matchId}/odds/${market}/${encodeURIComponent(bookmaker)}`,
      );
      expect(expected.status).toBe(200);
      const actual = await field(
        `query M($market: OddsMarket!, $bookmaker: String!) { match(id: ${matchId}) { odds { movement(market: $market, bookmaker: $bookmaker) { ${selection} } } } }`,
        'en',
        { market: market.toUpperCase(), bookmaker },
      );
      const match = actual.body.data?.['match'] as { odds: { movement: unknown } };
      expectSameAsRest(expected.body.data, match.odds.movement, `movement ${bookmaker}`);
    }
  });

  it('analysis fields equal their routes; AI reports follow Accept-Language or the argument', async () => {
    const analysis = (name: string) => (m: Record<string, unknown>) =>
      (m['analysis'] as Record<string, unknown>)[name];
    for (const id of matchIds()) {
      await compareChild(
        id,
        '/analysis/tips-distribution',
        `analysis { tipsDistribution { ${fullSelection('TipsDistributionEntry')} } }`,
        analysis('tipsDistribution'),
      );
      await compareChild(id, '/analysis/handicap', 'analysis { handicap }', analysis('handicap'));
      await compareChild(
        id,
        '/analysis/over-under',
        'analysis { overUnder }',
        analysis('overUnder'),
      );
      await compareChild(id, '/analysis/corners', 'analysis { corners }', analysis('corners'));
      await compareChild(
        id,
        '/analysis/handicap',
        `analysis { handicapAnalysis { ${fullSelection('HandicapAnalysis')} } }`,
        analysis('handicapAnalysis'),
      );
      await compareChild(
        id,
        '/analysis/over-under',
        `analysis { overUnderAnalysis { ${fullSelection('OverUnderAnalysis')} } }`,
        analysis('overUnderAnalysis'),
      );
      await compareChild(
        id,
        '/analysis/corners',
        `analysis { cornerAnalysis { ${fullSelection('CornerAnalysis')} } }`,
        analysis('cornerAnalysis'),
        (rest) => restDocumentAsGraphql(rest, CORNER_BUCKETS),
      );
    }
    const report = fullSelection('AiReport');
    for (const kind of ['basic', 'deep'] as const) {
      const name = kind === 'basic' ? 'aiBasic' : 'aiDeep';
      for (const id of [
        cases.aiReports[kind].publishedMatchId,
        cases.aiReports[kind].unpublishedMatchId,
      ]) {
        for (const language of LANGUAGES) {
          const expected = await rest(`/matches/${id}/analysis/ai-${kind}`, language);
          const byHeader = await field(
            `{ match(id: ${id}) { analysis { ${name} { ${report} } } } }`,
            language,
          );
          const byArgument = await field(
            `{ match(id: ${id}) { analysis { ${name}(language: ${language.replace('-', '_').toUpperCase()}) { ${report} } } } }`,
          );
          for (const actual of [byHeader, byArgument]) {
            const match = actual.body.data?.['match'] as Record<string, Record<string, unknown>>;
            const value = match['analysis']?.[name];
            if (expected.status === 404) {
              expect(value).toBeNull();
            } else {
              expectSameAsRest(expected.body.data, value, `${name} ${id} ${language}`);
            }
          }
        }
      }
    }
  });

  it('matches(...) equals GET /matches page by page, filters included; liveMatches equals GET /matches/live', async () => {
    const items = `pageInfo { page pageSize total totalPages } items { ${MATCH} }`;
    const date = cases.today.date;
    for (const [query, args] of [
      [`date=${date}&pageSize=5`, `date: "${date}", pageSize: 5`],
      [`date=${date}&pageSize=5&page=2`, `date: "${date}", pageSize: 5, page: 2`],
      [`date=${date}&status=finished,live`, `date: "${date}", status: [FINISHED, LIVE]`],
      [`date=${date}&tz=-300`, `date: "${date}", tz: -300`],
      [`date=${date}&page=99`, `date: "${date}", page: 99`],
      ['pageSize=500', 'pageSize: 500'],
    ] as const) {
      const expected = (await rest(`/matches?${query}`)).body as {
        data: Record<string, unknown>[];
        meta: unknown;
      };
      const actual = await field(`{ matches(${args}) { ${items} } }`);
      const page = actual.body.data?.['matches'] as { items: unknown; pageInfo: unknown };
      expectSameAsRest(expected.meta, page.pageInfo, `meta ${query}`);
      expectSameAsRest(expected.data.map(restMatchAsGraphql), page.items, `items ${query}`);
    }
    const live = (await rest('/matches/live')).body.data as Record<string, unknown>[];
    expect(live.length).toBeGreaterThan(0);
    const actual = await field(`{ liveMatches { ${MATCH} } }`);
    expectSameAsRest(live.map(restMatchAsGraphql), actual.body.data?.['liveMatches'], 'live');
  });

  it('bookmakers, plans and limits equal their routes', async () => {
    const actual = await field(
      `{ bookmakers { ${fullSelection('Bookmaker')} } plans { ${fullSelection('Pricing')} } limits { ${fullSelection('TierLimits')} } }`,
    );
    const data = actual.body.data as Record<string, unknown>;
    expectSameAsRest((await rest('/odds/bookmakers')).body.data, data['bookmakers']);
    const { freeMatchesDailyQuota: _deprecated, ...plans } = (await rest('/meta/plans')).body
      .data as Record<string, unknown>;
    const withFlatFeatures = (limits: Record<string, unknown>) => {
      const { features, ...rest } = limits as { features: { analysis: boolean } };
      return { ...rest, analysis: features.analysis };
    };
    const tiers = (plans['tiers'] as Record<string, unknown>[]).map((t) => ({
      ...t,
      limits: withFlatFeatures(t['limits'] as Record<string, unknown>),
    }));
    expectSameAsRest({ ...plans, tiers }, data['plans'], 'plans');
    const limits = (await rest('/meta/limits')).body.data as Record<string, unknown>[];
    expectSameAsRest(limits.map(withFlatFeatures), data['limits'], 'limits');
  });
});
