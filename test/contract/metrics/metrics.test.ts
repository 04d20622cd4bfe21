import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { generateApiKey } from '../../../src/accounts/api-key-format.js';
import { startMetricsServer } from '../../../src/http/metrics-endpoint.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { graphql } from '../../helpers/graphql.js';
import { parsePrometheus, type Sample, samplesOf, sumOf } from '../../helpers/prometheus.js';
import { listening } from '../../helpers/push.js';
import { openSse } from '../../helpers/sse.js';
import type { TestApp } from '../rest/matches-fixture.js';

const TOKEN = 'metrics-token-0123456789';
const BOOKMAKERS = '/v1/football/odds/bookmakers';
const STREAM = '/v1/football/stream';
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

/** docs/operations.md "Metrics": what /metrics says after a few requests through every door. */
describe('/metrics', () => {
  let database: TestDatabase;
  let app: TestApp;
  let pro: string;
  let free: string;

  const scrape = async (target = app) => {
    const res = await target.inject({ url: '/metrics', headers: auth(TOKEN) });
    expect(res.statusCode, res.body).toBe(200);
    return parsePrometheus(res.body).samples;
  };
  const requests = (samples: Sample[], labels: Record<string, string>) =>
    sumOf(samples, 'touchline_http_requests_total', labels);

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    // Streams end after 1.5 s: long enough to see one open, short enough for inject to return.
    app = (await buildTestApp(database, {
      env: { METRICS_TOKEN: TOKEN, STREAM_MAX_MS: '1500' },
    })) as TestApp;
    ({ key: pro } = await createAccountWithKey(database, 'Pro'));
    ({ key: free } = await createAccountWithKey(database, 'Free'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('counts requests, refusals and latency per route template and surface', async () => {
    const before = await scrape();
    expect(requests(before, {})).toBe(0);
    for (let i = 0; i < 2; i++) {
      expect((await app.inject({ url: BOOKMAKERS, headers: auth(pro) })).statusCode).toBe(200);
    }
    expect((await app.inject({ url: BOOKMAKERS })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: BOOKMAKERS, headers: auth(generateApiKey('svc_live_')) }))
        .statusCode,
    ).toBe(401);
    const corners = '/v1/football/matches/17/analysis/corners';
    expect((await app.inject({ url: corners, headers: auth(free) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/v1/football/no/such/route?id=1' })).statusCode).toBe(404);
    expect((await graphql(app, '{ limits { tier } }')).status).toBe(200);
    const bad = await graphql(app, '{ bookmakers { id } }', { key: generateApiKey('svc_live_') });
    expect(bad.status).toBe(401);
    const stream = await app.inject({ url: STREAM, headers: auth(pro) });
    expect(stream.statusCode).toBe(200);
    expect((await app.inject({ url: STREAM })).statusCode).toBe(401);

    const samples = await scrape();
    const rest = { surface: 'rest', route: BOOKMAKERS, method: 'GET' };
    expect(requests(samples, { ...rest, status: '200' })).toBe(2);
    expect(requests(samples, { ...rest, status: '401' })).toBe(2);
    expect(
      requests(samples, {
        surface: 'rest',
        route: '/v1/football/matches/:matchId/analysis/corners',
        status: '403',
      }),
    ).toBe(1);
    // An unknown path is one label, never the URL (unbounded cardinality).
    expect(requests(samples, { surface: 'rest', route: '(unmatched)', status: '404' })).toBe(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('no/such')))).toBe(
      false,
    );
    expect(requests(samples, { surface: 'graphql', route: '/graphql', method: 'POST' })).toBe(2);
    expect(requests(samples, { surface: 'stream', route: STREAM, status: '200' })).toBe(1);
    expect(requests(samples, { surface: 'stream', route: STREAM, status: '401' })).toBe(1);
    // The scrapes themselves are not counted.
    expect(requests(samples, { route: '/metrics' })).toBe(0);

    const refusals = (surface: string, code: string) =>
      sumOf(samples, 'touchline_refusals_total', { surface, code });
    expect(refusals('rest', 'unauthorized')).toBe(1);
    expect(refusals('rest', 'key_invalid')).toBe(1);
    expect(refusals('rest', 'tier_insufficient')).toBe(1);
    expect(refusals('rest', 'not_found')).toBe(1);
    expect(refusals('graphql', 'key_invalid')).toBe(1);
    expect(refusals('stream', 'unauthorized')).toBe(1);
    expect(sumOf(samples, 'touchline_http_errors_total')).toBe(0);

    const latency = { surface: 'rest', route: BOOKMAKERS };
    expect(sumOf(samples, 'touchline_http_request_duration_seconds_count', latency)).toBe(4);
    expect(
      sumOf(samples, 'touchline_http_request_duration_seconds_bucket', { ...latency, le: '+Inf' }),
    ).toBe(4);
    // A stream's duration is how long the client stayed: not a latency.
    expect(
      samplesOf(samples, 'touchline_http_request_duration_seconds_count', { surface: 'stream' }),
    ).toEqual([]);

    // The second keyed read of the bookmakers came from the response cache; the stream route
    // looks there too (keyed GET), though a stream is never stored.
    const cache = (result: string) =>
      sumOf(samples, 'touchline_cache_lookups_total', { cache: 'rest_response', result });
    expect(cache('hit')).toBe(1);
    expect(cache('miss')).toBe(2);
  });

  it('reports open streams (SSE, GraphQL over SSE and WebSocket), the database, and no Redis', async () => {
    const base = await listening(app);
    const before = await scrape();
    const sse = await openSse(`${base}${STREAM}`, auth(pro));
    expect(sse.response.status).toBe(200);
    const subscription = await openSse(
      `${base}/graphql?query=${encodeURIComponent('subscription { liveMatches { seq } }')}`,
      { ...auth(pro), accept: 'text/event-stream' },
    );
    expect(subscription.response.status).toBe(200);
    const open = await scrape();
    expect(sumOf(open, 'touchline_open_streams', { kind: 'sse' })).toBe(1);
    expect(sumOf(open, 'touchline_open_streams', { kind: 'graphql' })).toBe(1);
    sse.close();
    subscription.close();
    // A stream is counted when it ends (here: its client leaves), on the stream surface.
    const ended = { surface: 'stream', status: '200' };
    await expect
      .poll(async () => requests(await scrape(), ended) - requests(before, ended))
      .toBe(2);
    const after = await scrape();
    const subscriptions = { ...ended, route: '/graphql' };
    expect(requests(after, subscriptions) - requests(before, subscriptions)).toBe(1);
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.close();
    const upgraded = await scrape();
    expect(requests(upgraded, { surface: 'stream', route: '/graphql', status: '101' })).toBe(1);
    expect(sumOf(open, 'touchline_database_info', { kind: 'pglite' })).toBe(1);
    // PGlite is one in-process connection: no pool to report.
    expect(samplesOf(open, 'touchline_db_pool_connections')).toEqual([]);
    expect(samplesOf(open, 'touchline_redis_commands_total')).toEqual([]);
    expect(sumOf(upgraded, 'touchline_open_streams')).toBe(0);
  });

  it('asks for its token, in constant time, and never counts against the address limit', async () => {
    const none = await app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.json().code).toBe('unauthorized');
    const wrong = await app.inject({ url: '/metrics', headers: auth(`${TOKEN}x`) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['ratelimit-policy']).toBeUndefined();
    const ok = await app.inject({ url: '/metrics', headers: auth(TOKEN) });
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['ratelimit-policy']).toBeUndefined();
  });
});

describe('/metrics protection', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is off (404, as any unknown path) when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const app = await buildTestApp(database);
    try {
      const res = await app.inject({ url: '/metrics', headers: auth(TOKEN) });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('with METRICS_PORT: only on its own listener, with the token when one is set', async () => {
    const app = await buildTestApp(database, {
      env: { METRICS_PORT: '9464', METRICS_TOKEN: TOKEN },
    });
    const server = await startMetricsServer({
      registry: app.deps.metrics.registry,
      host: '127.0.0.1',
      port: 0,
      token: TOKEN,
    });
    try {
      expect((await app.inject({ url: '/metrics', headers: auth(TOKEN) })).statusCode).toBe(404);
      expect((await app.inject({ url: BOOKMAKERS })).statusCode).toBe(401);
      const scraped = await fetch(`${server.url}/metrics`, { headers: auth(TOKEN) });
      expect(scraped.status).toBe(200);
      const { samples, types } = parsePrometheus(await scraped.text());
      expect(types.get('touchline_http_requests_total')).toBe('counter');
      expect(types.get('touchline_http_request_duration_seconds')).toBe('histogram');
      expect(requestsOf(samples, { surface: 'rest', route: BOOKMAKERS, status: '401' })).toBe(1);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${server.url}/`, { headers: auth(TOKEN) })).status).toBe(404);
    } finally {
      await server.close();
      await app.close();
    }
  });

  it('with METRICS_PORT and no token: open on that listener (loopback by default)', async () => {
    const app = await buildTestApp(database, { env: { METRICS_PORT: '9464' } });
    const server = await startMetricsServer({
      registry: app.deps.metrics.registry,
      host: '127.0.0.1',
      port: 0,
    });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
    } finally {
      await server.close();
      await app.close();
    }
  });
});

const requestsOf = (samples: Sample[], labels: Record<string, string>) =>
  sumOf(samples, 'touchline_http_requests_total', labels);
