import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/deps.js';
import { Rng } from '../../../src/ingest/demo/random.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo, UNKNOWN_MATCH_ID } from '../../helpers/demo-fixture.js';
import { graphql } from '../../helpers/graphql.js';
import { JACKSON, PALMER, seedPlayers } from '../../helpers/players-fixture.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

type Tier = 'Free' | 'Plus' | 'Pro';
type RestCall = (path: string, language?: string) => Promise<{ status: number; body: unknown }>;

interface Case {
  name: string;
  tier?: Tier;
  query: string;
  variables?: Record<string, unknown>;
  /** What a REST client does for the same data (the distinct requests it sends). */
  rest(call: RestCall): Promise<void>;
}

const M = '/matches';
/** A Relay global id, written as a client would (base64 of `Type:key`). */
const globalId = (type: string, key: string | number) =>
  Buffer.from(`${type}:${key}`).toString('base64');
const listIds = async (call: RestCall, path: string) =>
  ((await call(path)).body as { data: { id: number }[] }).data.map((m) => m.id);

/** The hand-written corpus: every billing rule of DECISIONS.md "GraphQL" at least once. */
function corpus(c: DemoCases): Case[] {
  const F = c.finishedMatchId;
  const date = c.today.date;
  const calls =
    (...paths: string[]) =>
    async (call: RestCall) => {
      for (const p of paths) {
        await call(p);
      }
    };
  const mv = c.movement;
  const starred = c.starredMovement;
  return [
    { name: 'plans (keyless, free)', query: '{ plans { currency } }', rest: calls() },
    { name: 'limits (free)', query: '{ limits { tier } }', rest: calls() },
    { name: 'viewer (free)', query: '{ viewer { tier usage { quota { used } } } }', rest: calls() },
    { name: 'bookmakers', query: '{ bookmakers { id } }', rest: calls('/odds/bookmakers') },
    {
      name: 'two players, one of them twice, and an unknown one (404, charged)',
      query: `{ a: player(id: ${PALMER}) { name team { name } } b: player(id: ${PALMER}) { id } c: player(id: ${JACKSON}) { position } d: player(id: 999999) { id } }`,
      rest: calls(`/players/${PALMER}`, `/players/${JACKSON}`, '/players/999999'),
    },
    {
      name: 'node of a player and player(id) of the same: its route once',
      query: `{ node(id: "${globalId('Player', PALMER)}") { nodeId ... on Player { name } } player(id: ${PALMER}) { nationality } }`,
      rest: calls(`/players/${PALMER}`),
    },
    {
      name: 'an event\u2019s player id: part of the events route',
      query: `{ match(id: ${F}) { events { playerId relatedPlayerId } lineups { home { starters { playerId } } } } }`,
      rest: calls(`${M}/${F}/events`, `${M}/${F}/lineups`),
    },
    // Issue 49: the competitions list and standings.
    {
      name: 'competitions',
      query: '{ competitions { id name seasons { year } } }',
      rest: calls('/competitions'),
    },
    {
      name: 'one competition: the list once, however often asked',
      query:
        '{ a: competition(id: 1) { code } b: competition(id: 2) { type } competitions { id } }',
      rest: calls('/competitions'),
    },
    {
      name: 'a competition and its standings',
      query: '{ competition(id: 1) { standings { season standings { table { points } } } } }',
      rest: calls('/competitions', '/competitions/1/standings'),
    },
    {
      name: 'standings of two competitions, live and not: one unit each distinct request',
      query:
        '{ a: competition(id: 1) { standings(live: true) { live } } b: competition(id: 1) { standings(live: true) { season } } c: competition(id: 2) { standings { season } } }',
      rest: calls(
        '/competitions',
        '/competitions/1/standings?live=true',
        '/competitions/2/standings',
      ),
    },
    {
      name: 'standings of a season without matches: charged as the 404',
      query: '{ competition(id: 1) { standings(season: 1900) { season } } }',
      rest: calls('/competitions', '/competitions/1/standings?season=1900'),
    },
    {
      name: 'scorers of two competitions and a season twice: one unit each distinct request',
      query:
        '{ a: competition(id: 1) { scorers { scorers { goals } } } b: competition(id: 1) { scorers { season } } c: competition(id: 2) { scorers(season: 1900) { season } } }',
      rest: calls(
        '/competitions',
        '/competitions/1/scorers',
        '/competitions/2/scorers?season=1900',
      ),
    },
    {
      name: "a competition's matches in a range: GET /matches with its competitionId",
      query:
        '{ competition(id: 1) { matches(from: "2026-11-01", to: "2026-11-30") { items { id } } } }',
      rest: calls('/competitions', '/matches?competitionId=1&from=2026-11-01&to=2026-11-30'),
    },
    {
      name: 'an unknown competition: charged as the list',
      query: '{ competition(id: 999999) { name } }',
      rest: calls('/competitions'),
    },
    { name: 'match id only', query: `{ match(id: ${F}) { id } }`, rest: calls() },
    { name: 'match detail', query: `{ match(id: ${F}) { status } }`, rest: calls(`${M}/${F}`) },
    {
      name: 'detail twice through aliases',
      query: `{ a: match(id: ${F}) { status home { name } } b: match(id: ${F}) { id venue } }`,
      rest: calls(`${M}/${F}`),
    },
    {
      name: 'node of a match: the detail route, as match(id)',
      query: `{ node(id: "${globalId('Match', F)}") { nodeId ... on Match { status } } }`,
      rest: calls(`${M}/${F}`),
    },
    {
      name: 'node of a match asking ids only (free), a team and a competition (free)',
      query: `{ a: node(id: "${globalId('Match', F)}") { nodeId ... on Match { id } } b: node(id: "${globalId('Team', 1)}") { ... on Team { name logo } } c: nodes(ids: ["${globalId('Competition', 1)}"]) { ... on Competition { name } } }`,
      rest: calls(),
    },
    {
      name: 'node of an event and its match\u2019s events: the events route once',
      query: `{ node(id: "${globalId('MatchEvent', `${F}:${c.finishedEventSeq}`)}") { ... on MatchEvent { minute type } } match(id: ${F}) { events { seq } } }`,
      rest: calls(`${M}/${F}/events`),
    },
    {
      name: 'nodes of two bookmakers and the bookmaker list: the list once',
      query: `{ nodes(ids: ["${globalId('Bookmaker', mv.bookmakerId)}", "${globalId('Bookmaker', 999_999)}"]) { ... on Bookmaker { name } } bookmakers { id } }`,
      rest: calls('/odds/bookmakers'),
    },
    {
      name: 'node of an unknown match (404, charged) and a malformed id (nothing)',
      query: `{ a: node(id: "${globalId('Match', UNKNOWN_MATCH_ID)}") { ... on Match { status } } b: node(id: "not-a-node-id") { nodeId } }`,
      rest: calls(`${M}/${UNKNOWN_MATCH_ID}`),
    },
    {
      name: 'matchesByIds: two known, one repeated, one unknown, with events',
      query: `{ matchesByIds(ids: [${F}, ${c.liveMatchId}, ${F}, ${UNKNOWN_MATCH_ID}]) { status events { type } } }`,
      rest: calls(
        `${M}/${F}`,
        `${M}/${F}/events`,
        `${M}/${c.liveMatchId}`,
        `${M}/${c.liveMatchId}/events`,
        `${M}/${UNKNOWN_MATCH_ID}`,
      ),
    },
    {
      name: 'matchesByIds asking ids only (free)',
      query: `{ matchesByIds(ids: [${F}, ${c.liveMatchId}]) { id nodeId } }`,
      rest: calls(),
    },
    {
      name: 'children without detail',
      query: `{ match(id: ${F}) { id events { type } } }`,
      rest: calls(`${M}/${F}/events`),
    },
    {
      name: 'detail and two children',
      query: `{ match(id: ${F}) { status events { type } statistics { type } } }`,
      rest: calls(`${M}/${F}`, `${M}/${F}/events`, `${M}/${F}/statistics`),
    },
    {
      name: 'h2h and lineups',
      query: `{ match(id: ${F}) { h2h { summary { played } } lineups { home { formation } } } }`,
      rest: calls(`${M}/${F}/h2h`, `${M}/${F}/lineups`),
    },
    {
      name: 'unpublished lineups (REST 404, charged)',
      query: `{ match(id: ${c.lineups.unpublishedMatchId}) { lineups { home { coach } } } }`,
      rest: calls(`${M}/${c.lineups.unpublishedMatchId}/lineups`),
    },
    {
      name: 'odds and kelly',
      query: `{ match(id: ${F}) { odds { bookmakers { bookmaker { id } } kelly { matchId } } } }`,
      rest: calls(`${M}/${F}/odds`, `${M}/${F}/odds/kelly`),
    },
    {
      name: 'exchange, good',
      query: `{ match(id: ${c.exchange.goodMatchId}) { odds { exchange } } }`,
      rest: calls(`${M}/${c.exchange.goodMatchId}/odds/exchange`),
    },
    {
      name: 'exchange, malformed (502, not charged)',
      query: `{ match(id: ${c.exchange.malformedMatchId}) { odds { exchange } } }`,
      rest: calls(`${M}/${c.exchange.malformedMatchId}/odds/exchange`),
    },
    {
      name: 'exchange, missing (404, charged)',
      query: `{ match(id: ${c.exchange.missingMatchId}) { odds { exchange } } }`,
      rest: calls(`${M}/${c.exchange.missingMatchId}/odds/exchange`),
    },
    {
      name: 'regional boards: pools, none yet, missing',
      query: `{ a: match(id: ${c.regional.withPoolsMatchId}) { odds { regional { operator } } } b: match(id: ${c.regional.withoutPoolsMatchId}) { odds { regional { operator } } } c: match(id: ${c.regional.missingMatchId}) { odds { regional { operator } } } }`,
      rest: calls(
        `${M}/${c.regional.withPoolsMatchId}/odds/regional`,
        `${M}/${c.regional.withoutPoolsMatchId}/odds/regional`,
        `${M}/${c.regional.missingMatchId}/odds/regional`,
      ),
    },
    {
      name: 'movement by id, twice through aliases',
      query: `{ match(id: ${mv.matchId}) { odds { a: movement(market: ${mv.market.toUpperCase()}, bookmaker: "${mv.bookmakerId}") { matchId } b: movement(market: ${mv.market.toUpperCase()}, bookmaker: "${mv.bookmakerId}") { market } } } }`,
      rest: calls(`${M}/${mv.matchId}/odds/${mv.market}/${mv.bookmakerId}`),
    },
    {
      name: 'movement of three markets, a starred name and an unknown bookmaker',
      query: `query($name: String!) { match(id: ${starred.matchId}) { odds { a: movement(market: HAD, bookmaker: $name) { matchId } b: movement(market: HDP, bookmaker: $name) { matchId } c: movement(market: HILO, bookmaker: $name) { matchId } d: movement(market: HAD, bookmaker: "no such bookmaker") { matchId } } } }`,
      variables: { name: starred.bookmakerName },
      rest: calls(
        ...['had', 'hdp', 'hilo'].map(
          (m) => `${M}/${starred.matchId}/odds/${m}/${encodeURIComponent(starred.bookmakerName)}`,
        ),
        `${M}/${starred.matchId}/odds/had/${encodeURIComponent('no such bookmaker')}`,
      ),
    },
    {
      name: 'all six analyses (Pro)',
      query: `{ match(id: ${c.analysedMatchId}) { analysis { aiBasic { text } aiDeep { text } tipsDistribution { tips } handicap overUnder corners } } }`,
      rest: calls(
        ...['ai-basic', 'ai-deep', 'tips-distribution', 'handicap', 'over-under', 'corners'].map(
          (a) => `${M}/${c.analysedMatchId}/analysis/${a}`,
        ),
      ),
    },
    {
      name: 'AI report in two languages, and the default language twice',
      tier: 'Plus',
      query: `{ match(id: ${c.aiReports.basic.publishedMatchId}) { analysis { a: aiBasic(language: ZH_HK) { text } b: aiBasic { text } c: aiBasic(language: EN) { text } } } }`,
      rest: async (call) => {
        await call(`${M}/${c.aiReports.basic.publishedMatchId}/analysis/ai-basic`, 'zh-HK');
        await call(`${M}/${c.aiReports.basic.publishedMatchId}/analysis/ai-basic`, 'en');
      },
    },
    {
      name: 'Free key: analysis left out of the cost, detail charged',
      tier: 'Free',
      query: `{ match(id: ${F}) { status analysis { handicap corners aiBasic { text } } } }`,
      rest: calls(`${M}/${F}`),
    },
    {
      name: 'Free key: only analysis, nothing charged',
      tier: 'Free',
      query: `{ match(id: ${F}) { analysis { corners } } }`,
      rest: calls(),
    },
    {
      name: 'match list (free allowance first)',
      query: `{ matches(date: "${date}", pageSize: 5) { items { id } } }`,
      rest: calls(`${M}?date=${date}&pageSize=5`),
    },
    {
      name: 'match list on a Free key',
      tier: 'Free',
      query: `{ matches(date: "${date}", pageSize: 5) { pageInfo { total } } }`,
      rest: calls(`${M}?date=${date}&pageSize=5`),
    },
    {
      name: 'page with events of every item',
      query: `{ matches(date: "${date}", pageSize: 5) { items { id events { type } } } }`,
      rest: async (call) => {
        for (const id of await listIds(call, `${M}?date=${date}&pageSize=5`)) {
          await call(`${M}/${id}/events`);
        }
      },
    },
    {
      name: 'the same page twice, and a second page',
      query: `{ a: matches(date: "${date}", pageSize: 4) { items { id } } b: matches(pageSize: 4, date: "${date}") { items { status } } c: matches(date: "${date}", pageSize: 4, page: 2) { items { id } } }`,
      rest: calls(`${M}?date=${date}&pageSize=4`, `${M}?date=${date}&pageSize=4&page=2`),
    },
    {
      name: 'a page of 100 on a short day (most of the bound refunded)',
      query: `{ matches(date: "${date}", pageSize: 100) { items { lineups { home { formation } } } } }`,
      rest: async (call) => {
        for (const id of await listIds(call, `${M}?date=${date}&pageSize=100`)) {
          await call(`${M}/${id}/lineups`);
        }
      },
    },
    {
      name: 'live list',
      query: '{ liveMatches { id minute } }',
      rest: calls(`${M}/live`),
    },
    {
      name: 'live list with odds of each match',
      query: '{ liveMatches { odds { bookmakers { bookmaker { id } } } } }',
      rest: async (call) => {
        for (const id of await listIds(call, `${M}/live`)) {
          await call(`${M}/${id}/odds`);
        }
      },
    },
    {
      name: 'page and match(id) reaching the same child',
      query: `{ matches(date: "${date}", pageSize: 3) { items { statistics { type } } } match(id: ${c.today.matchIds[0]}) { statistics { type } } }`,
      rest: async (call) => {
        const ids = await listIds(call, `${M}?date=${date}&pageSize=3`);
        for (const id of new Set([...ids, c.today.matchIds[0] as number])) {
          await call(`${M}/${id}/statistics`);
        }
      },
    },
    {
      name: 'team page (issue 49)',
      query: `{ team(id: ${c.teamId}) { name nameOriginal competitionIds } }`,
      rest: calls(`/teams/${c.teamId}`),
    },
    {
      name: 'team id and matches only: the list alone',
      query: `{ team(id: ${c.teamId}) { id matches(last: 5) { items { id } } } }`,
      rest: calls(`/teams/${c.teamId}/matches?last=5`),
    },
    {
      name: 'team page, two lists (one repeated through an alias) and events of the last',
      query: `{ team(id: ${c.teamId}) { logo a: matches(last: 2) { items { id events { type } } } b: matches(last: 2) { pageInfo { total } } c: matches(next: 3, tz: 0) { items { id } } } }`,
      rest: async (call) => {
        await call(`/teams/${c.teamId}`);
        for (const id of await listIds(call, `/teams/${c.teamId}/matches?last=2`)) {
          await call(`${M}/${id}/events`);
        }
        await call(`/teams/${c.teamId}/matches?next=3&tz=0`);
      },
    },
    {
      name: 'unknown team: page (404, charged) and its list alone (404, charged)',
      query: `{ a: team(id: 2147483000) { name } b: team(id: 2147483001) { matches { items { id } } } }`,
      rest: calls('/teams/2147483000', '/teams/2147483001/matches'),
    },
    {
      name: 'team with a non-positive id: nothing',
      query: `{ team(id: 0) { name matches { items { id } } } }`,
      rest: calls(),
    },
    {
      name: 'match list over a range of a competition in a named zone (issue 49)',
      query: `{ matches(from: "${date}", to: "${date}", timeZone: "Asia/Hong_Kong", competitionId: 1, pageSize: 5) { items { id } } }`,
      rest: calls(`${M}?from=${date}&to=${date}&tz=Asia/Hong_Kong&competitionId=1&pageSize=5`),
    },
    {
      name: 'match list of a team',
      query: `{ matches(date: "${date}", teamId: ${c.teamId}) { pageInfo { total } } }`,
      rest: calls(`${M}?date=${date}&teamId=${c.teamId}`),
    },
    {
      name: 'unknown match, detail asked (404, charged)',
      query: `{ match(id: ${UNKNOWN_MATCH_ID}) { status } }`,
      rest: calls(`${M}/${UNKNOWN_MATCH_ID}`),
    },
    {
      name: 'unknown match, children asked (the first REST call 404s)',
      query: `{ match(id: ${UNKNOWN_MATCH_ID}) { events { type } odds { kelly { matchId } } } }`,
      rest: calls(`${M}/${UNKNOWN_MATCH_ID}/events`),
    },
    {
      name: 'fragments, @skip and @include',
      query: `query($skip: Boolean!, $include: Boolean!) { match(id: ${F}) { ...Head events @skip(if: $skip) { type } statistics @include(if: $include) { type } } } fragment Head on Match { status }`,
      variables: { skip: true, include: true },
      rest: calls(`${M}/${F}`, `${M}/${F}/statistics`),
    },
    // The same document twice, a payload field off and then on: a selection that directives can
    // change is read afresh on every run (cost.ts keeps only the fixed ones).
    {
      name: 'payload field behind @include, off',
      query: `query($on: Boolean!) { match(id: ${F}) { id status @include(if: $on) } }`,
      variables: { on: false },
      rest: calls(),
    },
    {
      name: 'payload field behind @include, on',
      query: `query($on: Boolean!) { match(id: ${F}) { id status @include(if: $on) } }`,
      variables: { on: true },
      rest: calls(`${M}/${F}`),
    },
    {
      name: 'dry run: nothing runs, nothing charged',
      query: `{ usage(dryRun: true) { requested } match(id: ${F}) { status events { type } } }`,
      rest: calls(),
    },
    // Issue 49: search, one unit per distinct q and type; the entities found are part of it.
    {
      name: 'search twice alike, once by type; the nodes found cost nothing more',
      query:
        '{ a: search(q: "united") { id name team { id logo } competition { id } player { id } } b: search(q: "united") { id } c: search(q: "united", type: TEAM) { matched } }',
      rest: calls('/search?q=united', '/search?q=united&type=team'),
    },
  ];
}

/** Seeded random operations over the schema: a match or a page, a random subset of children. */
const ALL_AVAILABLE =
  'available { events lineups statistics odds exchange regional aiBasic aiDeep tips handicap overUnder corners }';

/** Issue 49: `Match.result` and `Match.available` are part of the match, never a child's charge. */
function freeMatchFields(c: DemoCases): Case[] {
  const F = c.finishedMatchId;
  const date = c.today.date;
  const list = `${M}?date=${date}&pageSize=5`;
  return [
    {
      name: 'match(id) result: the detail route, as any field of the match',
      query: `{ match(id: ${F}) { id result { phase regularTime extraTime penalties winner } } }`,
      rest: async (call) => {
        await call(`${M}/${F}`);
      },
    },
    {
      name: 'match(id) available (every kind) and result: the detail route only',
      query: `{ match(id: ${F}) { status result { phase } ${ALL_AVAILABLE} } }`,
      rest: async (call) => {
        await call(`${M}/${F}`);
      },
    },
    {
      name: 'Free key: available of the analyses is free, no tier refusal',
      tier: 'Free',
      query: `{ match(id: ${F}) { ${ALL_AVAILABLE} } }`,
      rest: async (call) => {
        await call(`${M}/${F}`);
      },
    },
    {
      name: 'a page with result and available: the list only',
      query: `{ matches(date: "${date}", pageSize: 5) { items { id result { phase winner } ${ALL_AVAILABLE} } } }`,
      rest: async (call) => {
        await call(list);
      },
    },
    {
      name: 'a page with available and the events themselves: the list and each events route',
      query: `{ matches(date: "${date}", pageSize: 5) { items { available { events } events { type } } } }`,
      rest: async (call) => {
        for (const id of await listIds(call, list)) {
          await call(`${M}/${id}/events`);
        }
      },
    },
  ];
}

function generated(c: DemoCases, count: number): Case[] {
  const rng = new Rng('graphql-cost-corpus', 20261122);
  const next = (n: number) => rng.int(0, n - 1);
  const children: [string, string][] = [
    ['events { type }', '/events'],
    ['statistics { type }', '/statistics'],
    ['h2h { summary { played } }', '/h2h'],
    ['lineups { away { coach } }', '/lineups'],
    ['odds { bookmakers { bookmaker { id } } }', '/odds'],
    ['odds { kelly { matchId } }', '/odds/kelly'],
    ['odds { regional { operator } }', '/odds/regional'],
    ['odds { exchange }', '/odds/exchange'],
    ['analysis { corners }', '/analysis/corners'],
    ['analysis { tipsDistribution { tips } }', '/analysis/tips-distribution'],
  ];
  const ids = [...c.today.matchIds.slice(0, 6), c.finishedMatchId, c.liveMatchId, UNKNOWN_MATCH_ID];
  return Array.from({ length: count }, (_, i) => {
    const picked = children.filter(() => next(3) === 0);
    const detail = next(2) === 0;
    const fields = `${detail ? 'status ' : 'id '}${picked.map(([f]) => f).join(' ')}`;
    if (next(2) === 0) {
      const id = ids[next(ids.length)] as number;
      return {
        name: `generated ${i}: match(${id}) ${fields}`,
        query: `{ match(id: ${id}) { ${fields} } }`,
        rest: async (call: RestCall) => {
          const paths = [...(detail ? [''] : []), ...picked.map(([, p]) => p)];
          if (id === UNKNOWN_MATCH_ID) {
            // A REST client learns the match is unknown from its first 404.
            await call(`${M}/${id}${paths[0] ?? ''}`);
            return;
          }
          for (const p of paths) {
            await call(`${M}/${id}${p}`);
          }
        },
      };
    }
    const size = 1 + next(6);
    const list = `${M}?date=${c.today.date}&pageSize=${size}`;
    const childFields = picked.map(([f]) => f).join(' ');
    return {
      name: `generated ${i}: page of ${size} ${childFields}`,
      query: `{ matches(date: "${c.today.date}", pageSize: ${size}) { items { id ${childFields} } } }`,
      rest: async (call: RestCall) => {
        for (const id of await listIds(call, list)) {
          for (const [, p] of picked) {
            await call(`${M}/${id}${p}`);
          }
        }
      },
    };
  });
}

for (const store of ['memory', 'redis'] as const) {
  const describeStore = store === 'redis' && !TEST_REDIS_URL ? describe.skip : describe;
  describeStore(`GraphQL and REST charge the same (${store} counters)`, () => {
    describeEachDatabase(`cost parity corpus, ${store}`, ({ db }) => {
      const clock = createFakeClock('2026-11-22T10:00:00.000Z');
      let app: FastifyInstance & { deps: Deps };
      let cases: DemoCases;

      beforeAll(async () => {
        ({ cases } = await loadDemo(db()));
        await seedPlayers(db());
        const env: Record<string, string> =
          store === 'redis' ? { REDIS_URL: TEST_REDIS_URL ?? '' } : {};
        app = await buildTestApp(db(), { clock, env });
      }, 300_000);
      afterAll(() => app?.close());

      async function counters(account: { accountId: number; keyId: number }) {
        const usage = await app.deps.access.store.peek({
          ...account,
          limits: { ratePerMinute: 1, dailyQuota: 1, freeMatchesDailyQuota: 1 },
          now: clock.now(),
        });
        return { minute: usage.minute.used, quota: usage.quota.used, free: usage.free.used };
      }

      async function runCase(testCase: Case) {
        const tier = testCase.tier ?? 'Pro';
        const viaGraphql = await createAccountWithKey(db(), tier);
        const viaRest = await createAccountWithKey(db(), tier);
        const response = await graphql(app, testCase.query, {
          key: viaGraphql.key,
          ...(testCase.variables ? { variables: testCase.variables } : {}),
        });
        expect(response.status, JSON.stringify(response.body.errors)).toBe(200);
        await testCase.rest(async (path, language = 'en') => {
          const r = await app.inject({
            url: `/v1/football${path}`,
            headers: { 'x-api-key': viaRest.key, 'accept-language': language },
          });
          expect(r.statusCode, path).toBeLessThan(500 + (path.endsWith('/exchange') ? 3 : 0));
          return { status: r.statusCode, body: r.json() };
        });
        const graphqlCounters = await counters(viaGraphql);
        const restCounters = await counters(viaRest);
        // DECISIONS.md "GraphQL": a keyed operation that replaces no REST call still counts one
        // request on the minute (the day is charged what the REST calls cost, nothing more); a
        // keyless one (meta fields only) counts on the address, as the meta routes do.
        const keyed = response.body.extensions?.cost !== undefined;
        expect(graphqlCounters, testCase.name).toEqual({
          ...restCounters,
          minute: keyed ? Math.max(1, restCounters.minute) : restCounters.minute,
        });
        const cost = response.body.extensions?.cost as
          | { actual?: number; requested?: number }
          | undefined;
        if (cost?.actual !== undefined) {
          expect(cost.actual).toBe(graphqlCounters.quota + graphqlCounters.free);
          expect(cost.requested).toBeGreaterThanOrEqual(cost.actual);
        }
      }

      it('every operation of the corpus (40) costs what its REST calls cost', async () => {
        const all = corpus(cases);
        expect(all.length).toBeGreaterThanOrEqual(30);
        for (const testCase of all) {
          await runCase(testCase);
        }
      }, 120_000);

      it('result and available are free fields of the match (issue 49)', async () => {
        for (const testCase of freeMatchFields(cases)) {
          await runCase(testCase);
        }
      }, 120_000);

      it('40 generated operations cost what their REST calls cost', async () => {
        for (const testCase of generated(cases, 40)) {
          await runCase(testCase);
        }
      }, 120_000);
    });
  });
}
