import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../helpers/db.js';
import { parsePrometheus, samplesOf, sumOf } from '../../helpers/prometheus.js';
import { describeWithRedis, TEST_REDIS_URL } from '../../helpers/redis.js';
import type { TestApp } from '../rest/matches-fixture.js';

const TOKEN = 'metrics-token-0123456789';
const BOOKMAKERS = '/v1/football/odds/bookmakers';

async function scrape(app: TestApp) {
  const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  return parsePrometheus(res.body).samples;
}

/** docs/operations.md "Metrics": the PostgreSQL pool and the counters' Redis round trips. */
const describePostgres = TEST_DATABASE_URL ? describe : describe.skip;

describePostgres('/metrics on PostgreSQL [postgres]', () => {
  let database: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    app = (await buildTestApp(database, { env: { METRICS_TOKEN: TOKEN } })) as TestApp;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("reports the primary's pool: open, idle, waiting, max", async () => {
    const { key } = await createAccountWithKey(database, 'Pro');
    expect((await app.inject({ url: BOOKMAKERS, headers: { 'x-api-key': key } })).statusCode).toBe(
      200,
    );
    const samples = await scrape(app);
    expect(sumOf(samples, 'touchline_database_info', { kind: 'postgres' })).toBe(1);
    const pool = { pool: 'primary' };
    expect(sumOf(samples, 'touchline_db_pool_max_connections', pool)).toBe(10);
    const open = sumOf(samples, 'touchline_db_pool_connections', pool);
    expect(open).toBeGreaterThan(0);
    expect(sumOf(samples, 'touchline_db_pool_idle_connections', pool)).toBeLessThanOrEqual(open);
    expect(samplesOf(samples, 'touchline_db_pool_waiting_clients', pool)).toHaveLength(1);
  });
});

describeWithRedis('/metrics with Redis counters', () => {
  let database: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = (await buildTestApp(database, {
      env: { METRICS_TOKEN: TOKEN, REDIS_URL: TEST_REDIS_URL ?? '' },
    })) as TestApp;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('counts and times the round trips of the counters client', async () => {
    const { key } = await createAccountWithKey(database, 'Pro');
    const before = await scrape(app);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: BOOKMAKERS, headers: { 'x-api-key': key } });
      expect(res.statusCode).toBe(200);
    }
    const samples = await scrape(app);
    const scripts = { command: 'evalsha', result: 'ok' };
    const sent =
      sumOf(samples, 'touchline_redis_commands_total', scripts) -
      sumOf(before, 'touchline_redis_commands_total', scripts);
    // At least a reservation per request (the settlement may be batched with later ones).
    expect(sent).toBeGreaterThanOrEqual(3);
    const timed = 'touchline_redis_command_duration_seconds_count';
    expect(sumOf(samples, timed) - sumOf(before, timed)).toBeGreaterThanOrEqual(sent);
    // (The handshake's CLIENT SETINFO may fail on an older Redis: counted, and harmless.)
    expect(sumOf(samples, 'touchline_redis_commands_total', { ...scripts, result: 'error' })).toBe(
      0,
    );
  });
});
