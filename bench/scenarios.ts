import type { BenchData } from './databases.js';
import { graphqlBody, MATCH_QUERY, PAGE_QUERY } from './graphql-queries.js';
import type { LoadGenerator } from './load-client.js';
import type { CannonResult } from './load-protocol.js';
import type { BenchOptions } from './options.js';
import { round } from './stats.js';

export type ScenarioId =
  | 'ceiling'
  | 'raw-pg'
  | 'meta'
  | 'detail'
  | 'detail-nocache'
  | 'list25'
  | 'list100'
  | 'movement'
  | 'corners'
  | 'gql-match'
  | 'gql-page';

export interface Scenario {
  id: ScenarioId;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  graphql?: boolean;
  /** Items in the answer, for list pages (shown next to the label). */
  items?: (json: unknown) => number;
}

export interface Measurement {
  config: string;
  id: ScenarioId;
  label: string;
  path: string;
  /** Size of one response body. */
  bytes: number;
  items?: number;
  result: CannonResult;
  failureShare: number;
  /** Why the scenario does not count (wrong status, GraphQL errors, too many non-2xx). */
  problems: string[];
}

const json = { 'content-type': 'application/json' };
const dataLength = (body: unknown) => (body as { data?: unknown[] }).data?.length ?? 0;
const pageLength = (body: unknown) =>
  (body as { data?: { matches?: { items?: unknown[] } } }).data?.matches?.items?.length ?? 0;

export const ceilingScenario: Scenario = {
  id: 'ceiling',
  label: 'bare Fastify, fixed detail-sized JSON',
  method: 'GET',
  path: '/fixture',
  headers: {},
};

export const rawPgScenario = (d: BenchData): Scenario => ({
  id: 'raw-pg',
  label: 'bare Fastify + hand-written pg, match by id',
  method: 'GET',
  path: `/matches/${d.matchId}`,
  headers: {},
});

export const detailScenario = (d: BenchData, cache: boolean): Scenario => ({
  id: cache ? 'detail' : 'detail-nocache',
  label: cache ? 'REST match detail (cache on)' : 'REST match detail (RESPONSE_CACHE=off)',
  method: 'GET',
  path: `/v1/football/matches/${d.matchId}`,
  headers: { 'x-api-key': d.key },
});

/** Everything measured against one running touchline with the response cache on. */
export function touchlineScenarios(d: BenchData): Scenario[] {
  const key = { 'x-api-key': d.key };
  const list = (size: number): Scenario => ({
    id: size === 25 ? 'list25' : 'list100',
    label: `REST match list, pageSize=${size}`,
    method: 'GET',
    path: `/v1/football/matches?date=${d.day}&pageSize=${size}`,
    headers: key,
    items: dataLength,
  });
  return [
    {
      id: 'meta',
      label: 'REST meta/plans (keyless)',
      method: 'GET',
      path: '/v1/football/meta/plans',
      headers: {},
    },
    detailScenario(d, true),
    list(25),
    list(100),
    {
      id: 'movement',
      label: 'REST odds movement',
      method: 'GET',
      path: `/v1/football/matches/${d.matchId}/odds/${d.market}/${d.bookmakerId}`,
      headers: key,
    },
    {
      id: 'corners',
      label: 'REST analysis/corners (Pro)',
      method: 'GET',
      path: `/v1/football/matches/${d.matchId}/analysis/corners`,
      headers: key,
    },
    {
      id: 'gql-match',
      label: 'GraphQL match(id), detail fields',
      method: 'POST',
      path: '/graphql',
      headers: { ...key, ...json },
      body: graphqlBody(MATCH_QUERY, { id: d.matchId }),
      graphql: true,
    },
    {
      id: 'gql-page',
      label: 'GraphQL page of 25 + odds, lineups, corners',
      method: 'POST',
      path: '/graphql',
      headers: { ...key, ...json },
      body: graphqlBody(PAGE_QUERY, { date: d.day, pageSize: 25 }),
      graphql: true,
      items: pageLength,
    },
  ];
}

/** One request outside the load: the status and the body must be right. */
async function probe(baseUrl: string, s: Scenario) {
  const response = await fetch(`${baseUrl}${s.path}`, {
    method: s.method,
    headers: s.headers,
    ...(s.body === undefined ? {} : { body: s.body }),
  });
  const text = await response.text();
  const problems: string[] = [];
  if (response.status !== 200) {
    problems.push(`status ${response.status}: ${text.slice(0, 200)}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push('body is not JSON');
  }
  if (s.graphql && (body as { errors?: unknown } | undefined)?.errors) {
    problems.push(`GraphQL errors: ${text.slice(0, 300)}`);
  }
  return { bytes: Buffer.byteLength(text), body, problems };
}

/** Probe, load (warm-up + measure in the load-generator process), probe again. */
export async function measureScenario(
  load: LoadGenerator,
  options: BenchOptions,
  config: string,
  baseUrl: string,
  s: Scenario,
): Promise<Measurement> {
  const before = await probe(baseUrl, s);
  const result = await load.cannon({
    url: `${baseUrl}${s.path}`,
    method: s.method,
    headers: s.headers,
    ...(s.body === undefined ? {} : { body: s.body }),
    connections: options.connections,
    seconds: options.seconds,
    warmup: options.warmup,
    ...(s.graphql ? { graphql: true } : {}),
  });
  const after = await probe(baseUrl, s);
  const total = Math.max(1, result.responses + result.errors);
  const failureShare = result.failures / total;
  const problems = [...before.problems, ...after.problems.map((p) => `after load: ${p}`)];
  if (failureShare > options.maxNon2xx) {
    problems.push(
      `${result.failures} of ${total} responses failed (${JSON.stringify(result.statusCodes)}, ` +
        `errors ${result.errors}, mismatches ${result.mismatches})`,
    );
  }
  if (result.responses === 0) {
    problems.push('no responses');
  }
  return {
    config,
    id: s.id,
    label: s.label,
    path: s.path,
    bytes: before.bytes,
    ...(s.items ? { items: s.items(before.body) } : {}),
    result,
    failureShare: round(failureShare, 5),
    problems,
  };
}
