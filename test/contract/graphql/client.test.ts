import { ClientError, GraphQLClient, gql } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { type GraphqlDemoServer, startGraphqlDemoServer } from '../../helpers/graphql-server.js';

/**
 * /graphql driven by a client nobody here wrote (graphql-request 7) over real HTTP, as a user
 * would: a nested page, the cost extension and the REST-style headers, the analysis fields of a
 * Free key (partial data), an operation refused for its cost bound, and a bad key.
 */

interface Cost {
  requested: number;
  actual: number;
  refunded: number;
  rate: { limit: number; used: number };
  quota: { limit: number; used: number };
  freeMatches: { limit: number; used: number };
}

const costOf = (extensions: unknown): Cost => {
  expect(extensions).toMatchObject({ cost: expect.any(Object) });
  return (extensions as { cost: Cost }).cost;
};

const PAGE = gql`
  query Page($date: String!) {
    matches(date: $date, pageSize: 5) {
      pageInfo { page pageSize total totalPages }
      items {
        id
        home { name logo }
        events { type clock }
        odds {
          bookmakers { bookmaker { name } }
          kelly { matchId }
        }
        lineups { home { formation } }
      }
    }
  }
`;

interface PageData {
  matches: {
    pageInfo: { page: number; pageSize: number; total: number; totalPages: number };
    items: Array<{
      id: number;
      home: { name: string; logo: string };
      events: Array<{ type: string; clock: string }>;
      odds: { bookmakers: Array<{ bookmaker: { name: string } }>; kelly: { matchId: number } };
      lineups: { home: { formation: string | null } } | null;
    }>;
  };
}

const WITH_ANALYSIS = gql`
  query WithAnalysis($date: String!) {
    matches(date: $date, pageSize: 3) {
      pageInfo { total }
      items {
        id
        home { name }
        analysis { corners handicap }
      }
    }
  }
`;

interface WithAnalysisData {
  matches: {
    pageInfo: { total: number };
    items: Array<{
      id: number;
      home: { name: string };
      analysis: { corners: unknown; handicap: unknown } | null;
    }>;
  };
}

/** 1 page + 100 matches x events: 101 units, over a Free key's 30 per minute. */
const TOO_DEAR = gql`
  query TooDear {
    matches(pageSize: 100) { items { events { type } } }
  }
`;

const USAGE = gql`
  query Usage {
    usage { rate { used } quota { used } freeMatches { used } }
  }
`;

interface UsageData {
  usage: { rate: { used: number }; quota: { used: number }; freeMatches: { used: number } };
}

const BOOKMAKERS = gql`
  query Bookmakers {
    bookmakers { id name }
  }
`;

/** What `client.request` rejects with, for the assertions on it. */
async function clientErrorOf(promise: Promise<unknown>): Promise<ClientError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientError);
  return error as ClientError;
}

describe('/graphql through graphql-request [pglite]', () => {
  let server: GraphqlDemoServer;
  let date: string;

  const clientFor = (key: string, options: { errorPolicy?: 'none' | 'all' } = {}) =>
    new GraphQLClient(server.endpoint, {
      headers: { authorization: `Bearer ${key}` },
      ...options,
    });

  beforeAll(async () => {
    server = await startGraphqlDemoServer();
    date = server.cases.today.date;
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a nested page for a Pro key: sane data, REST-style headers and the cost extension', async () => {
    const { key } = await createAccountWithKey(server.database, 'Pro');
    const response = await clientFor(key).rawRequest<PageData, { date: string }>(PAGE, { date });

    expect(response.status).toBe(200);
    expect(response.errors).toBeUndefined();
    const { pageInfo, items } = response.data.matches;
    expect(pageInfo).toMatchObject({ page: 1, pageSize: 5 });
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(pageInfo.total).toBeGreaterThanOrEqual(items.length);
    expect(pageInfo.totalPages).toBe(Math.ceil(pageInfo.total / pageInfo.pageSize));
    expect(server.cases.today.matchIds).toEqual(expect.arrayContaining(items.map((m) => m.id)));
    for (const match of items) {
      expect(Number.isInteger(match.id)).toBe(true);
      expect(match.home.name).toEqual(expect.any(String));
      expect(match.home.name.length).toBeGreaterThan(0);
      expect(() => new URL(match.home.logo)).not.toThrow();
      for (const event of match.events) {
        expect(event.type).toMatch(/^[A-Z_]+$/);
        expect(event.clock).toMatch(/^\d+(\+\d+)?$/);
      }
      expect(match.odds.kelly.matchId).toBe(match.id);
      for (const row of match.odds.bookmakers) {
        expect(row.bookmaker.name.length).toBeGreaterThan(0);
      }
      if (match.lineups !== null) {
        expect(match.lineups.home).toHaveProperty('formation');
      }
    }
    // The demo day's page carries children: at least one match with events and with odds.
    expect(items.some((m) => m.events.length > 0)).toBe(true);
    expect(items.some((m) => m.odds.bookmakers.length > 0)).toBe(true);

    const remaining = response.headers.get('x-ratelimit-remaining');
    expect(remaining).toMatch(/^\d+$/);
    expect(response.headers.get('x-ratelimit-limit')).toBe('600');
    expect(response.headers.get('x-quota-remaining')).toMatch(/^\d+$/);
    // `matches` is selected: the free match-list allowance is reported too.
    expect(response.headers.get('x-matches-bonus-remaining')).toMatch(/^\d+$/);

    const cost = costOf(response.extensions);
    expect(cost.requested).toBeGreaterThan(0);
    expect(cost.actual).toBeGreaterThan(0);
    expect(cost.actual).toBeLessThanOrEqual(cost.requested);
    expect(cost.refunded).toBe(cost.requested - cost.actual);
    expect(cost.rate.limit).toBe(600);
    // A fresh key: this operation is all the minute has used, as the header says.
    expect(cost.rate.used).toBe(cost.actual);
    expect(Number(remaining)).toBe(cost.rate.limit - cost.rate.used);
  });

  it('a Free key asking for analysis: the rest answers, analysis is null with tier_insufficient', async () => {
    const { key } = await createAccountWithKey(server.database, 'Free');
    const client = clientFor(key, { errorPolicy: 'all' });
    const response = await client.rawRequest<WithAnalysisData, { date: string }>(WITH_ANALYSIS, {
      date,
    });

    expect(response.status).toBe(200);
    const { items, pageInfo } = response.data.matches;
    expect(items.length).toBeGreaterThan(0);
    expect(pageInfo.total).toBeGreaterThanOrEqual(items.length);
    for (const match of items) {
      expect(Number.isInteger(match.id)).toBe(true);
      expect(match.home.name.length).toBeGreaterThan(0);
      expect(match.analysis).toEqual({ corners: null, handicap: null });
    }

    const errors = response.errors ?? [];
    // One per match and analysis field, nothing else.
    expect(errors).toHaveLength(items.length * 2);
    for (const error of errors) {
      expect(error.extensions?.['code']).toBe('tier_insufficient');
      expect(error.path?.slice(0, 2)).toEqual(['matches', 'items']);
      expect(error.path?.[3]).toBe('analysis');
      expect(['corners', 'handicap']).toContain(error.path?.[4]);
    }
    const paths = errors.map((e) => e.path?.join('.'));
    expect(paths).toContain('matches.items.0.analysis.corners');
    expect(paths).toContain(`matches.items.${items.length - 1}.analysis.handicap`);

    const cost = costOf(response.extensions);
    expect(cost.refunded).toBe(cost.requested - cost.actual);

    // The default policy ('none') turns the same answer into a ClientError carrying the data.
    const error = await clientErrorOf(
      clientFor(key).request<WithAnalysisData, { date: string }>(WITH_ANALYSIS, { date }),
    );
    expect(error.response.status).toBe(200);
    expect(error.response.errors?.[0]?.extensions?.['code']).toBe('tier_insufficient');
  });

  it('an operation whose cost bound exceeds the minute is refused whole (400), nothing charged', async () => {
    const { key } = await createAccountWithKey(server.database, 'Free');
    const client = clientFor(key);
    const usage = async () => (await client.request<UsageData>(USAGE)).usage;

    // Something charged first, so "unchanged" is not just "still zero".
    await client.request(BOOKMAKERS);
    const before = await usage();
    expect(before.rate.used).toBeGreaterThan(0);
    // Reading the counters costs nothing on the day, one request on the minute (as any
    // operation with a valid key, DECISIONS.md "GraphQL").
    const again = await usage();
    expect(again).toEqual({ ...before, rate: { used: before.rate.used + 1 } });

    const error = await clientErrorOf(client.request(TOO_DEAR));
    expect(error.response.status).toBe(400);
    expect(error.response.data).toBeUndefined();
    const [first] = error.response.errors ?? [];
    expect(first?.extensions?.['code']).toBe('invalid_parameter');
    expect(first?.message).toMatch(/30 per minute/);

    // The refusal is a 400 after the key checks: one request on the minute, as on REST; the
    // day is untouched.
    expect(await usage()).toEqual({ ...before, rate: { used: before.rate.used + 3 } });
  });

  it('a bad key is refused with 401 key_invalid', async () => {
    const client = clientFor('svc_live_thisIsNotAKeyThisServerEverIssued0000');
    const error = await clientErrorOf(client.request(BOOKMAKERS));
    expect(error.response.status).toBe(401);
    expect(error.response.errors?.[0]?.extensions?.['code']).toBe('key_invalid');
    expect(error.response.data).toBeUndefined();
  });
});
