import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphqlPath } from '../../../src/metrics/metrics.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { setUpMatches, type TestApp } from '../rest/matches-fixture.js';

/**
 * The direct path (docs/graphql.md "The direct path"): a keyed POST of a query runs through
 * yoga's envelop without yoga's HTTP layer. Every answer must be the one yoga's HTTP layer gives:
 * the same request sent with an `Origin` header (which yoga answers, for its CORS headers) is
 * the reference. Requests the direct path does not take go to yoga untouched.
 */

const DETAIL =
  'query Detail($id: Int!) { match(id: $id) { id status home { name } away { name } } }';
const TWO_OPERATIONS = `query A { bookmakers { id } } query B($id: Int!) { match(id: $id) { id } }`;
const ANALYSIS = 'query($id: Int!) { match(id: $id) { id analysis { aiBasic { language } } } }';

interface Sent {
  status: number;
  contentType: string | undefined;
  body: Record<string, unknown>;
  quotaHeaders: string[];
}

describeEachDatabase('GraphQL direct path', ({ db }) => {
  let app: TestApp;
  let pro: string;
  let free: string;
  let matchId: number;

  beforeAll(async () => {
    // Both sends run the operation: none is answered from the operation cache.
    const setUp = await setUpMatches(db(), { RESPONSE_CACHE: 'off' });
    app = setUp.app;
    pro = setUp.key;
    free = (await createAccountWithKey(db(), 'Free')).key;
    const first = await db().prisma.match.findFirstOrThrow({ orderBy: { id: 'asc' } });
    matchId = first.id;
  });
  afterAll(() => app?.close());

  async function operations(): Promise<Record<GraphqlPath, number>> {
    const metric = await app.deps.metrics.registry
      .getSingleMetric('touchline_graphql_operations_total')
      ?.get();
    const count = (path: GraphqlPath) =>
      metric?.values.find((v) => v.labels['path'] === path)?.value ?? 0;
    return { direct: count('direct'), yoga: count('yoga') };
  }

  async function send(
    payload: unknown,
    headers: Record<string, string>,
    viaYoga: boolean,
  ): Promise<Sent> {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: {
        'content-type': 'application/json',
        ...headers,
        ...(viaYoga ? { origin: 'https://frontend.example' } : {}),
      },
      payload: JSON.stringify(payload),
    });
    const body = response.json() as Record<string, unknown>;
    // The cost extension reports the key's remaining units, which the first send spent.
    const { extensions, ...rest } = body as { extensions?: Record<string, unknown> };
    return {
      status: response.statusCode,
      contentType: response.headers['content-type'] as string | undefined,
      body: { ...rest, extensionNames: Object.keys(extensions ?? {}) },
      quotaHeaders: Object.keys(response.headers)
        .filter((name) => /ratelimit|quota/i.test(name))
        .sort(),
    };
  }

  /** Sends the request both ways; returns the direct answer after checking it is yoga's. */
  async function bothWays(payload: unknown, headers: Record<string, string>, direct: boolean) {
    const before = await operations();
    const first = await send(payload, headers, false);
    const after = await operations();
    expect(after.direct - before.direct).toBe(direct ? 1 : 0);
    const reference = await send(payload, headers, true);
    expect((await operations()).yoga - after.yoga).toBe(1);
    expect(first).toEqual(reference);
    return first;
  }

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  describe('answers exactly as yoga does', () => {
    it('a query with variables', async () => {
      const answer = await bothWays(
        { query: DETAIL, variables: { id: matchId } },
        bearer(pro),
        true,
      );
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('application/json; charset=utf-8');
      expect((answer.body['data'] as { match: { id: number } }).match.id).toBe(matchId);
      expect(answer.quotaHeaders.length).toBeGreaterThan(0);
    });

    it('the operation named by operationName', async () => {
      const answer = await bothWays(
        { query: TWO_OPERATIONS, operationName: 'B', variables: { id: matchId } },
        bearer(pro),
        true,
      );
      expect(answer.body['data']).toEqual({ match: { id: matchId } });
    });

    it('each operation of one document in turn (one parsed document, compiled per operation)', async () => {
      const ask = async (operationName: string) =>
        (
          await send(
            { query: TWO_OPERATIONS, operationName, variables: { id: matchId } },
            bearer(pro),
            false,
          )
        ).body['data'];
      const match = { match: { id: matchId } };
      expect(await ask('B')).toEqual(match);
      expect(await ask('A')).toHaveProperty('bookmakers');
      expect(await ask('B')).toEqual(match);
    });

    it('Accept: application/graphql-response+json', async () => {
      const answer = await bothWays(
        { query: DETAIL, variables: { id: matchId } },
        { ...bearer(pro), accept: 'application/graphql-response+json' },
        true,
      );
      expect(answer.contentType).toBe('application/graphql-response+json; charset=utf-8');
    });

    it('a field error: an unknown match is null with not_found', async () => {
      const answer = await bothWays(
        { query: DETAIL, variables: { id: 987_654_321 } },
        bearer(pro),
        true,
      );
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body['errors'])).toContain('not_found');
    });

    it('a field refused for the tier: analysis on a Free key', async () => {
      const answer = await bothWays(
        { query: ANALYSIS, variables: { id: matchId } },
        bearer(free),
        true,
      );
      expect(JSON.stringify(answer.body)).toMatch(/plan|tier|forbidden/i);
    });

    it('variables that do not fit: 400 invalid_parameter', async () => {
      const answer = await bothWays(
        { query: DETAIL, variables: { id: 'seven' } },
        bearer(pro),
        true,
      );
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body['errors'])).toContain('invalid_parameter');
    });

    it('a key that does not exist: 401 for the whole operation', async () => {
      const answer = await bothWays(
        { query: DETAIL, variables: { id: matchId } },
        bearer('svc_live_0000000000000000000000000000'),
        true,
      );
      expect(answer.status).toBe(401);
      expect(answer.quotaHeaders).toEqual([]);
    });
  });

  describe('leaves to yoga what it does not take', () => {
    it('a document that does not parse, and one that does not validate', async () => {
      const parse = await bothWays({ query: '{ match(id: ' }, bearer(pro), false);
      expect(parse.status).toBe(400);
      const unknown = await bothWays({ query: '{ nothing }' }, bearer(pro), false);
      expect(unknown.status).toBe(400);
    });

    it('a mutation, which the schema does not have', async () => {
      const answer = await bothWays({ query: 'mutation { x }' }, bearer(pro), false);
      expect(answer.status).toBe(400);
    });

    it('a body with extensions, an Accept it does not answer, a keyless request', async () => {
      await bothWays(
        { query: DETAIL, variables: { id: matchId }, extensions: {} },
        bearer(pro),
        false,
      );
      await bothWays(
        { query: DETAIL, variables: { id: matchId } },
        { ...bearer(pro), accept: 'application/json, multipart/mixed' },
        false,
      );
      await bothWays({ query: '{ limits { tier } }' }, {}, false);
    });
  });
});
