import type { BenchData } from './databases.js';
import { graphqlBody, MATCH_QUERY, PAGE_QUERY, persistedGetPath } from './graphql-queries.js';
import type { LoadGenerator } from './load-client.js';
import type { CannonResult } from './load-protocol.js';
import type { BenchOptions } from './options.js';
import { cpuMicros, type Server } from './processes.js';
import { median, round } from './stats.js';

export type ScenarioId =
  | 'ceiling'
  | 'ceiling-paired'
  | 'raw-pg'
  | 'raw-pg-list'
  | 'meta'
  | 'pricing'
  | 'dashboard'
  | 'detail'
  | 'detail-304'
  | 'detail-nocache'
  | 'detail-nocache-primary'
  | 'detail-nocache-replica'
  | 'detail-gateoff'
  | 'detail-gateon'
  | 'cluster-direct'
  | 'cluster-haproxy'
  | 'list25'
  | 'list100'
  | 'list25-nocache'
  | 'standings'
  | 'search-nocache'
  | 'team-last10-nocache'
  | 'comp-range-nocache'
  | 'raw-pg-team-last10'
  | 'raw-pg-comp-range'
  | 'movement'
  | 'corners'
  | 'gql-match'
  | 'gql-persisted-get'
  | 'gql-persisted-304'
  | 'gql-page'
  | 'live-detail-still'
  | 'live-detail-moving'
  | 'live-list-still'
  | 'live-list-moving'
  | 'live-page-still'
  | 'live-page-moving';

export interface Scenario {
  id: ScenarioId;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Bodies sent in turn during the load (the probes send `body`). */
  bodies?: readonly string[];
  graphql?: boolean;
  /** Items in the answer, for list pages (shown next to the label). */
  items?: (json: unknown) => number;
  /**
   * Responses per connection to measure instead of a fixed window, for answers slow enough
   * that a short window holds none (capped at 60 s).
   */
  perConnection?: number;
  /**
   * Sent with `If-None-Match: <the ETag of its answer>` (read by a first request): every answer
   * must be a 304.
   */
  conditional?: boolean;
  /** The answer is an HTML page, not JSON. */
  html?: boolean;
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
  /** CPU time of the server process per response in the measured window (Linux /proc). */
  cpuMicrosPerResponse?: number;
  failureShare: number;
  /** Why the scenario does not count (wrong status, GraphQL errors, too many non-2xx). */
  problems: string[];
  /**
   * Each round's figures, when the row was measured in rounds interleaved with its baseline's
   * (the other figures are then medians over them).
   */
  rounds?: RoundFigures[];
}

export interface RoundFigures {
  rps: number;
  p99: number;
  cpuMicrosPerResponse?: number;
}

const json = { 'content-type': 'application/json' };
const SLOW_CAP_SECONDS = 60;
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

/** The ceiling measured in rounds with a configuration's cached detail (bench/session.ts). */
export const pairedCeilingScenario = (config: string): Scenario => ({
  ...ceilingScenario,
  id: 'ceiling-paired',
  label: `${ceilingScenario.label} (in rounds with the cached detail, ${config})`,
});

export const rawPgScenario = (d: BenchData): Scenario => ({
  id: 'raw-pg',
  label: 'bare Fastify + hand-written pg, match by id',
  method: 'GET',
  path: `/matches/${d.matchId}`,
  headers: {},
});

/** What raw pg's list route answers: the REST list of the bench day, byte for byte. */
export const rawPgListScenario = (d: BenchData): Scenario => ({
  id: 'raw-pg-list',
  label: 'bare Fastify + hand-written pg, match list, pageSize=25',
  method: 'GET',
  path: `/matches?date=${d.day}&pageSize=25`,
  headers: {},
  items: dataLength,
});

/** The REST list of the bench day on touchline started with `RESPONSE_CACHE=off`. */
export const listNoCacheScenario = (d: BenchData): Scenario => ({
  id: 'list25-nocache',
  label: 'REST match list, pageSize=25 (RESPONSE_CACHE=off)',
  method: 'GET',
  path: `/v1/football/matches?date=${d.day}&pageSize=25`,
  headers: { 'x-api-key': d.key },
  items: dataLength,
});

/**
 * Issue 49's lists with `RESPONSE_CACHE=off` (`raw` false) and raw pg's same answers (true): a
 * team's last 10 and one competition's 31 days (bench/raw-pg-catalogue.ts).
 */
function catalogueListScenarios(d: BenchData, raw: boolean): Scenario[] {
  const headers: Record<string, string> = raw ? {} : { 'x-api-key': d.key };
  const prefix = raw ? '' : '/v1/football';
  const by = raw ? 'bare Fastify + hand-written pg' : 'REST';
  const cache = raw ? '' : ' (RESPONSE_CACHE=off)';
  return [
    {
      id: raw ? 'raw-pg-team-last10' : 'team-last10-nocache',
      label: `${by}, a team's last 10 matches${cache}`,
      method: 'GET',
      path: `${prefix}/teams/${d.teamId}/matches?last=10`,
      headers,
      items: dataLength,
    },
    {
      id: raw ? 'raw-pg-comp-range' : 'comp-range-nocache',
      label: `${by}, one competition's 31 days, pageSize=100${cache}`,
      method: 'GET',
      path: `${prefix}/matches?from=${d.rangeFrom}&to=${d.rangeTo}&competitionId=${d.competitionId}&pageSize=100`,
      headers,
      items: dataLength,
    },
  ];
}

/** Each catalogue list on cache-off touchline with raw pg's same answer. */
export function catalogueListPairs(d: BenchData): [Scenario, Scenario][] {
  const raw = catalogueListScenarios(d, true);
  return catalogueListScenarios(d, false).map((row, i) => [row, raw[i] as Scenario]);
}

/** Issue 49: a search box's query, cache off (>= 0.5 of the cache-off detail, p99 <= 5x). */
export const searchNoCacheScenario = (d: BenchData): Scenario => ({
  id: 'search-nocache',
  label: `REST search "${d.searchTerm}" (RESPONSE_CACHE=off)`,
  method: 'GET',
  path: `/v1/football/search?q=${encodeURIComponent(d.searchTerm)}`,
  headers: { 'x-api-key': d.key },
  items: dataLength,
});

/** Issue 49: a competition's current standings, cached (>= 0.8 of the cached detail). */
export const standingsScenario = (d: BenchData): Scenario => ({
  id: 'standings',
  label: 'REST competition standings (cache on)',
  method: 'GET',
  path: `/v1/football/competitions/${d.competitionId}/standings`,
  headers: { 'x-api-key': d.key },
});

export const detailScenario = (d: BenchData, cache: boolean): Scenario => ({
  id: cache ? 'detail' : 'detail-nocache',
  label: cache ? 'REST match detail (cache on)' : 'REST match detail (RESPONSE_CACHE=off)',
  method: 'GET',
  path: `/v1/football/matches/${d.matchId}`,
  headers: { 'x-api-key': d.key },
});

/** The same detail on touchline built without its access gate (bench/gate-off-server.ts). */
export const gateOffScenario = (d: BenchData): Scenario => ({
  ...detailScenario(d, true),
  id: 'detail-gateoff',
  label: 'REST match detail (cache on), access gate off (bench build)',
});

/**
 * The rows under live writes (bench/live.ts): the detail of a match that does not change, the
 * live list and the GraphQL page of `liveDay` (a day of live matches), first with the data
 * still, then while the feed writes.
 */
export function liveScenarios(d: BenchData, moving: boolean, liveDay: string): Scenario[] {
  const key = { 'x-api-key': d.key };
  const state = moving ? 'while 300 live matches change (feed)' : 'data still';
  return [
    {
      id: moving ? 'live-detail-moving' : 'live-detail-still',
      label: `REST detail of a match that does not change (cache on), ${state}`,
      method: 'GET',
      path: `/v1/football/matches/${d.matchId}`,
      headers: key,
    },
    {
      id: moving ? 'live-list-moving' : 'live-list-still',
      label: `REST live list (cache on), ${state}`,
      method: 'GET',
      path: '/v1/football/matches/live',
      headers: key,
      items: dataLength,
    },
    {
      id: moving ? 'live-page-moving' : 'live-page-still',
      label: `GraphQL page of 25 + odds, lineups, corners, day of live matches (cache on), ${state}`,
      method: 'POST',
      path: '/graphql',
      headers: { ...key, ...json },
      body: graphqlBody(PAGE_QUERY, { date: liveDay, pageSize: 25 }),
      graphql: true,
      items: pageLength,
    },
  ];
}

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
    // Right after the row it is compared with (issue 19: >= 0.5 of cached meta/plans).
    {
      id: 'pricing',
      label: '/pricing page (keyless, rendered once, served from memory)',
      method: 'GET',
      path: '/pricing',
      headers: {},
      html: true,
    },
    // Right before the row it is compared with (issue 19: p50 within 2x of the cached detail's).
    {
      id: 'dashboard',
      label: '/dashboard page, signed in (session cookie)',
      method: 'GET',
      path: '/dashboard',
      headers: { cookie: d.sessionCookie },
      html: true,
    },
    // Each GraphQL row right after the REST row it is compared with: the pair shares the
    // machine's state of the moment (issue 15's >= 0.8 targets).
    detailScenario(d, true),
    {
      id: 'gql-persisted-get',
      label: 'GraphQL persisted match(id) by hash, GET',
      method: 'GET',
      path: persistedGetPath(MATCH_QUERY, 'Match', { id: d.matchId }),
      headers: key,
      graphql: true,
    },
    {
      ...detailScenario(d, true),
      id: 'detail-304',
      label: 'REST match detail, If-None-Match: 304',
      conditional: true,
    },
    {
      id: 'gql-persisted-304',
      label: 'GraphQL persisted match(id) by hash, GET, If-None-Match: 304',
      method: 'GET',
      path: persistedGetPath(MATCH_QUERY, 'Match', { id: d.matchId }),
      headers: key,
      graphql: true,
      conditional: true,
    },
    standingsScenario(d),
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
      perConnection: 3,
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
  const expected = s.conditional ? 304 : 200;
  if (response.status !== expected) {
    problems.push(`status ${response.status}: ${text.slice(0, 200)}`);
  }
  let body: unknown;
  if (s.html) {
    if (!response.headers.get('content-type')?.startsWith('text/html')) {
      problems.push('body is not HTML');
    }
  } else {
    try {
      body = expected === 304 ? undefined : JSON.parse(text);
    } catch {
      problems.push('body is not JSON');
    }
  }
  if (s.graphql && (body as { errors?: unknown } | undefined)?.errors) {
    problems.push(`GraphQL errors: ${text.slice(0, 300)}`);
  }
  return { bytes: Buffer.byteLength(text), body, problems };
}

/** A conditional row's request: with the ETag its plain request is answered with. */
async function withEtag(baseUrl: string, s: Scenario): Promise<Scenario> {
  if (!s.conditional) {
    return s;
  }
  const response = await fetch(`${baseUrl}${s.path}`, { method: s.method, headers: s.headers });
  await response.arrayBuffer();
  const etag = response.headers.get('etag');
  return etag ? { ...s, headers: { ...s.headers, 'if-none-match': etag } } : s;
}

/**
 * Probe, warm up (discarded), measure (both in the load-generator process) while reading the
 * server's CPU time, probe again.
 */
/** CPU µs of every process behind `server` (all or nothing: undefined if one cannot be read). */
function serverCpu(server: Server): number | undefined {
  let total = 0;
  for (const pid of server.pids ?? [server.pid]) {
    const micros = cpuMicros(pid);
    if (micros === undefined) {
      return undefined;
    }
    total += micros;
  }
  return total;
}

export async function measureScenario(
  load: LoadGenerator,
  options: BenchOptions,
  config: string,
  server: Server,
  scenario: Scenario,
): Promise<Measurement> {
  const s = await withEtag(server.url, scenario);
  const before = await probe(server.url, s);
  const task = {
    url: `${server.url}${s.path}`,
    method: s.method,
    headers: s.headers,
    ...(s.body === undefined ? {} : { body: s.body }),
    ...(s.bodies ? { bodies: s.bodies } : {}),
    connections: options.connections,
    engine: options.loadGenerator,
    ...(s.graphql ? { graphql: true } : {}),
    ...(s.conditional ? { expectStatus: 304 } : {}),
  };
  if (options.warmup > 0) {
    await load.cannon({ ...task, seconds: options.warmup });
  }
  const cpuBefore = serverCpu(server);
  const result = await load.cannon(
    s.perConnection
      ? { ...task, amount: s.perConnection * options.connections, seconds: SLOW_CAP_SECONDS }
      : { ...task, seconds: options.seconds },
  );
  const cpuAfter = serverCpu(server);
  const after = await probe(server.url, s);
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
    label: s.perConnection ? `${s.label}, until ${s.perConnection} per connection` : s.label,
    path: s.path,
    bytes: before.bytes,
    ...(s.items ? { items: s.items(before.body) } : {}),
    result,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.responses > 0
      ? { cpuMicrosPerResponse: Math.round((cpuAfter - cpuBefore) / result.responses) }
      : {}),
    failureShare: round(failureShare, 5),
    problems,
  };
}

/**
 * One row measured in several rounds, recorded as one: the median of each figure over the
 * rounds, counts summed, every round's problems kept, and the rounds themselves.
 */
export function medianOfRounds(runs: readonly Measurement[]): Measurement {
  const first = runs[0];
  if (!first) {
    throw new Error('no rounds to combine');
  }
  const sum = (pick: (r: CannonResult) => number) =>
    runs.reduce((total, m) => total + pick(m.result), 0);
  const medianBy = (pick: (r: CannonResult) => number) => median(runs.map((m) => pick(m.result)));
  const statusCodes: Record<string, number> = {};
  for (const m of runs) {
    for (const [code, count] of Object.entries(m.result.statusCodes)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
  }
  const cpus = runs.flatMap((m) => (m.cpuMicrosPerResponse ? [m.cpuMicrosPerResponse] : []));
  return {
    ...first,
    result: {
      responses: sum((r) => r.responses),
      seconds: sum((r) => r.seconds),
      rps: medianBy((r) => r.rps),
      p50: medianBy((r) => r.p50),
      p99: medianBy((r) => r.p99),
      failures: sum((r) => r.failures),
      statusCodes,
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      mismatches: sum((r) => r.mismatches),
      bytesPerSecond: medianBy((r) => r.bytesPerSecond),
    },
    ...(cpus.length === runs.length ? { cpuMicrosPerResponse: median(cpus) } : {}),
    failureShare: Math.max(...runs.map((m) => m.failureShare)),
    problems: runs.flatMap((m, i) => m.problems.map((p) => `round ${i + 1}: ${p}`)),
    rounds: runs.map((m) => ({
      rps: m.result.rps,
      p99: m.result.p99,
      ...(m.cpuMicrosPerResponse ? { cpuMicrosPerResponse: m.cpuMicrosPerResponse } : {}),
    })),
  };
}
