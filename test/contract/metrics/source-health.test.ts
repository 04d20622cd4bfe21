import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../helpers/db.js';
import { parsePrometheus, type Sample } from '../../helpers/prometheus.js';
import {
  EXCHANGE,
  eventually,
  FIXTURES,
  QUIET_FIXTURES,
  setUpSources,
} from '../rest/freshness-fixture.js';
import type { TestApp } from '../rest/matches-fixture.js';

const TOKEN = 'metrics-token-0123456789';

interface ReadySource {
  source: string;
  role: string;
  lagSeconds: number | null;
  stale: boolean;
  liveMatches: number;
  refusedResources: string[];
}

/** docs/sources/freshness.md: the sources' health in /readyz details and in /metrics. */
describeEachDatabase('source health in /readyz and /metrics', ({ db, kind }) => {
  let app: TestApp;
  let fixture: Awaited<ReturnType<typeof setUpSources>>;

  beforeAll(async () => {
    fixture = await setUpSources(db(), { METRICS_TOKEN: TOKEN });
    app = fixture.app;
  }, 120_000);
  afterAll(() => app.close());

  const ready = async () => {
    const res = await app.inject('/readyz');
    return { status: res.statusCode, body: res.json() as { sources?: ReadySource[] } };
  };
  const sourceOf = (body: { sources?: ReadySource[] }, name: string) =>
    body.sources?.find((s) => s.source === name);
  const scrape = async () => {
    const res = await app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return parsePrometheus(res.body);
  };
  const sampleOf = (samples: Sample[], name: string, source: string) =>
    samples.find((s) => s.name === name && s.labels['source'] === source)?.value;

  it('/readyz lists each source with its lag and whether it is stale', async () => {
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ready', database: kind });
    expect(sourceOf(body, FIXTURES)).toEqual({
      source: FIXTURES,
      role: 'fixtures',
      lagSeconds: 5,
      stale: false,
      liveMatches: 1,
      refusedResources: [],
    });
    // Silent for a day, but it owns no live match: not stale.
    expect(sourceOf(body, QUIET_FIXTURES)).toMatchObject({ lagSeconds: 86_400, stale: false });
    expect(sourceOf(body, EXCHANGE)).toMatchObject({ role: 'odds', stale: false });
  });

  it('a stale source and a refused resource: still ready, and said so', async () => {
    await fixture.heartbeat(FIXTURES, 120);
    await fixture.refuse(EXCHANGE, 'exchange', true);
    const { status, body } = await eventually(
      ready,
      (r) => sourceOf(r.body, FIXTURES)?.stale === true,
    );
    expect(status).toBe(200);
    expect(sourceOf(body, FIXTURES)).toMatchObject({ stale: true, lagSeconds: 120 });
    expect(sourceOf(body, EXCHANGE)?.refusedResources).toEqual(['exchange']);
  });

  it('/metrics reads the same from the database on scrape', async () => {
    const { samples, types } = await scrape();
    const at = (name: string, source: string) => sampleOf(samples, name, source);
    expect(at('touchline_source_stale', FIXTURES)).toBe(1);
    expect(at('touchline_source_stale', QUIET_FIXTURES)).toBe(0);
    expect(at('touchline_source_lag_seconds', FIXTURES)).toBe(120);
    expect(at('touchline_source_last_success_timestamp_seconds', FIXTURES)).toBe(
      (fixture.clock.now().getTime() - 120_000) / 1000,
    );
    expect(at('touchline_source_live_matches', FIXTURES)).toBe(1);
    expect(at('touchline_source_requests_total', FIXTURES)).toBe(40);
    expect(at('touchline_source_errors_total', QUIET_FIXTURES)).toBe(3);
    expect(at('touchline_source_refused_total', EXCHANGE)).toBe(1);
    expect(at('touchline_source_refused_resources', EXCHANGE)).toBe(1);
    expect(types.get('touchline_source_requests_total')).toBe('counter');
    expect(types.get('touchline_source_stale')).toBe('gauge');
  });
});

describe('source health without sources (the demo)', () => {
  let empty: TestDatabase;
  let bare: TestApp;
  beforeAll(async () => {
    empty = await createTestDatabase('pglite');
    bare = (await buildTestApp(empty, { env: { METRICS_TOKEN: TOKEN } })) as TestApp;
  });
  afterAll(async () => {
    await bare?.close();
    await empty?.close();
  });

  it('/readyz as before, no source samples', async () => {
    expect((await bare.inject('/readyz')).json()).toEqual({ status: 'ready', database: 'pglite' });
    const res = await bare.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(
      parsePrometheus(res.body).samples.filter((s) => s.name.startsWith('touchline_source_')),
    ).toEqual([]);
  });
});
