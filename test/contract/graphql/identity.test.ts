import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo, UNKNOWN_MATCH_ID } from '../../helpers/demo-fixture.js';
import { errorCodes, type GraphqlResponse, graphql } from '../../helpers/graphql.js';
import { writeCorner } from '../../helpers/push.js';

/** A Relay global id as a client would write it: base64 of `Type:key`. */
const globalId = (type: string, key: string | number) =>
  Buffer.from(`${type}:${key}`).toString('base64');

type Data = Record<string, unknown>;

/** Issue 15: ids a normalised client cache can key on, `Node`, `matchesByIds`, `updatedAt`. */
describeEachDatabase('GraphQL identity: ids, nodes, matches by id, updatedAt', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: FastifyInstance & Awaited<ReturnType<typeof buildTestApp>>;
  let key: string;
  let cases: DemoCases;

  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
    app = await buildTestApp(db(), { clock });
    ({ key } = await createAccountWithKey(db(), 'Pro'));
  }, 300_000);
  afterAll(() => app?.close());
  beforeEach(() => clock.advance(60_000));

  async function query(text: string, variables?: Data): Promise<GraphqlResponse> {
    return graphql(app, text, { key, ...(variables ? { variables } : {}) });
  }
  async function data(text: string, variables?: Data): Promise<Data> {
    const response = await query(text, variables);
    expect(response.body.errors, text).toBeUndefined();
    return response.body.data as Data;
  }

  it('teams and competitions carry the data model ids the analyses and head-to-head name', async () => {
    const id = cases.analysedMatchId;
    const { match } = (await data(
      `{ match(id: ${id}) { competition { id } home { id } away { id }
          h2h { home { id } away { id } }
          analysis { handicapAnalysis { competitionId home { teamId } away { teamId } }
                     cornerAnalysis { home { teamId } away { teamId } } } } }`,
    )) as { match: Record<string, Record<string, Record<string, unknown>>> };
    const { competition, home, away, h2h, analysis } = match as unknown as {
      competition: { id: number };
      home: { id: number };
      away: { id: number };
      h2h: { home: { id: number }; away: { id: number } };
      analysis: {
        handicapAnalysis: {
          competitionId: number;
          home: { teamId: number };
          away: { teamId: number };
        };
        cornerAnalysis: { home: { teamId: number }; away: { teamId: number } };
      };
    };
    const stored = await db().prisma.match.findUniqueOrThrow({ where: { id } });
    expect([competition.id, home.id, away.id]).toEqual([
      stored.competitionId,
      stored.homeTeamId,
      stored.awayTeamId,
    ]);
    expect([h2h.home.id, h2h.away.id]).toEqual([home.id, away.id]);
    expect(analysis.handicapAnalysis).toEqual({
      competitionId: competition.id,
      home: { teamId: home.id },
      away: { teamId: away.id },
    });
    expect(analysis.cornerAnalysis).toEqual({
      home: { teamId: home.id },
      away: { teamId: away.id },
    });
  });

  it('an event id is its match and seq; every node id fetches the same object back', async () => {
    const id = cases.finishedMatchId;
    const { match } = (await data(
      `{ match(id: ${id}) { nodeId id status competition { nodeId id competitionName: name } home { nodeId id name logo }
          events { nodeId eventId: id seq minute type } odds { bookmakers { bookmaker { nodeId id name } } } } }`,
    )) as {
      match: {
        nodeId: string;
        id: number;
        status: string;
        competition: Data & { nodeId: string };
        home: Data & { nodeId: string };
        events: (Data & { nodeId: string; eventId: string; seq: number })[];
        odds: { bookmakers: { bookmaker: Data & { nodeId: string } }[] };
      };
    };
    const [event] = match.events;
    const [first] = match.odds.bookmakers;
    if (!event || !first) {
      throw new Error('the finished match has events and odds');
    }
    // ID! here, Int! elsewhere: a selection that mixes them aliases one (as GraphQL requires).
    expect(event.eventId).toBe(`${id}:${event.seq}`);
    expect(event.nodeId).toBe(globalId('MatchEvent', `${id}:${event.seq}`));
    expect(match.nodeId).toBe(globalId('Match', id));
    const objects = [
      { typename: 'Match', value: { nodeId: match.nodeId, id, status: match.status } },
      { typename: 'Competition', value: match.competition },
      { typename: 'Team', value: match.home },
      { typename: 'MatchEvent', value: event },
      { typename: 'Bookmaker', value: first.bookmaker },
    ];
    const fragments = `__typename
      ... on Match { nodeId id status }
      ... on Competition { nodeId id competitionName: name }
      ... on Team { nodeId id name logo }
      ... on MatchEvent { nodeId eventId: id seq minute type }
      ... on Bookmaker { nodeId id name }`;
    for (const { typename, value } of objects) {
      const { node } = await data(`query($id: ID!) { node(id: $id) { ${fragments} } }`, {
        id: value.nodeId,
      });
      expect(node).toEqual({ __typename: typename, ...value });
    }
    const { nodes } = await data(`query($ids: [ID!]!) { nodes(ids: $ids) { ${fragments} } }`, {
      ids: objects.map((o) => o.value.nodeId),
    });
    expect(nodes).toEqual(objects.map((o) => ({ __typename: o.typename, ...o.value })));
  });

  it('unknown and malformed node ids are null with their codes; more than 100 is a 400', async () => {
    const unknown = [
      globalId('Match', UNKNOWN_MATCH_ID),
      globalId('Team', 2_000_000_000),
      globalId('MatchEvent', `${cases.finishedMatchId}:99999`),
      globalId('Bookmaker', 2_000_000_000),
      globalId('Player', 2_000_000_000),
    ];
    const malformed = ['', 'bm90IGEgbm9kZQ==', globalId('Referee', 5), globalId('Match', '0x1')];
    const response = await query(
      'query($ids: [ID!]!) { nodes(ids: $ids) { nodeId ... on Match { status } } }',
      { ids: [...unknown, ...malformed] },
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ nodes: Array(9).fill(null) });
    const byIndex = new Map(
      (response.body.errors ?? []).map((e) => [e.path?.[1], e.extensions?.['code']]),
    );
    expect([...byIndex.entries()].sort(([a], [b]) => Number(a) - Number(b))).toEqual([
      ...unknown.map((_id, i) => [i, 'not_found']),
      ...malformed.map((_id, i) => [unknown.length + i, 'invalid_parameter']),
    ]);
    const tooMany = await query('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', {
      ids: Array.from({ length: 101 }, (_v, i) => globalId('Match', i + 1)),
    });
    expect(tooMany.status).toBe(400);
    expect(errorCodes(tooMany)).toEqual(['invalid_parameter']);
  });

  it('matchesByIds answers in the order asked, null with not_found for an unknown id', async () => {
    const [a, b] = cases.today.matchIds;
    const ids = [b, UNKNOWN_MATCH_ID, a, b];
    const response = await query(`{ matchesByIds(ids: [${ids.join(',')}]) { id status } }`);
    expect(response.status).toBe(200);
    const items = (response.body.data as { matchesByIds: (Data | null)[] }).matchesByIds;
    expect(items.map((m) => m?.['id'] ?? null)).toEqual([b, null, a, b]);
    expect(response.body.errors?.map((e) => [e.path, e.extensions?.['code']])).toEqual([
      [['matchesByIds', 1], 'not_found'],
    ]);
    // Two detail routes and the unknown id's 404: an id named twice counts once.
    expect(response.body.extensions?.cost).toMatchObject({ actual: 3 });
    const tooMany = await query(
      `{ matchesByIds(ids: [${Array.from({ length: 101 }, (_v, i) => i + 1).join(',')}]) { id } }`,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.message).toMatch(/at most 100/);
  });

  it('updatedAt is the last change of the match or a child; Last-Modified is it in seconds', async () => {
    const id = cases.liveMatchId;
    const updatedAt = async () =>
      Date.parse(
        ((await data(`{ match(id: ${id}) { updatedAt } }`)) as { match: { updatedAt: string } })
          .match.updatedAt,
      );
    const before = await updatedAt();
    const events = await app.inject({
      url: `/v1/football/matches/${id}/events`,
      headers: { 'x-api-key': key },
    });
    const lastModified = Date.parse(String(events.headers['last-modified']));
    expect(lastModified).toBeLessThanOrEqual(before);
    const seq = 9_000 + Math.floor(Math.random() * 1_000);
    const written = Date.now();
    await writeCorner(db(), app.deps.events, { matchId: id, seq, minute: 70, side: 'home' });
    const after = await updatedAt();
    expect(after).toBeGreaterThan(before);
    expect(after).toBeGreaterThanOrEqual(written - 1_000);
    const eventsAfter = await app.inject({
      url: `/v1/football/matches/${id}/events`,
      headers: { 'x-api-key': key },
    });
    expect(Date.parse(String(eventsAfter.headers['last-modified']))).toBe(
      Math.floor(after / 1000) * 1000,
    );
  });
});
