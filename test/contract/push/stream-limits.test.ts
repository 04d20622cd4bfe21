import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStreamLeases, redisStreamLeases } from '../../../src/counters/stream-leases.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { pushInstances } from '../../helpers/push.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';

const LONG = { STREAM_MAX_MS: '600000' };

/** DECISIONS.md "Push": concurrent streams per account, Free 1, Plus 5, Pro 25. */
function limitsAcross(count: number, env: () => Record<string, string>) {
  let database: TestDatabase;
  const instances = pushInstances();

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await instances.start(database, count, { ...LONG, ...env() });
  }, 60_000);
  afterAll(async () => {
    await instances.close();
    await database?.close();
  });

  const open = (key: string, i: number) => instances.open(i, '/v1/football/stream', key);

  it('a Free account holds one stream; one more is 429 rate_limited; a closed one frees it', async () => {
    const { key } = await createAccountWithKey(database, 'Free');
    const first = await open(key, 0);
    expect(first.response.status).toBe(200);
    const second = await open(key, 1);
    expect(second.response.status).toBe(429);
    const problem = (await second.response.json()) as { code: string; detail: string };
    expect(problem.code).toBe('rate_limited');
    expect(problem.detail).toMatch(/1 concurrent stream/);
    first.close();
    await expect
      .poll(async () => (await open(key, 1)).response.status, { timeout: 3000, interval: 100 })
      .toBe(200);
  });

  it('a Plus account holds five, across the instances', async () => {
    const { key } = await createAccountWithKey(database, 'Plus');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await open(key, i)).response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
}

describe('concurrent streams, in process (no Redis)', () => {
  limitsAcross(1, () => ({}));
});

describeWithRedis('concurrent streams, counted in Redis across two instances', () => {
  const prefix = uniquePrefix();
  limitsAcross(2, () => ({ REDIS_URL: TEST_REDIS_URL as string, REDIS_PREFIX: prefix }));
});

describeWithRedis('stream leases in Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL as string);
  });
  afterAll(() => redis.quit());

  it('expire when their instance stops renewing them (it died), not while it renews', async () => {
    const prefix = uniquePrefix();
    const dead = redisStreamLeases(redis, prefix, { ttlMs: 300, renewMs: 60_000 });
    const alive = redisStreamLeases(redis, prefix, { ttlMs: 300, renewMs: 100 });
    const other = redisStreamLeases(redis, prefix, { ttlMs: 300, renewMs: 60_000 });
    expect(await dead.acquire(1, 1)).not.toBeNull();
    expect(await other.acquire(1, 1)).toBeNull();
    await new Promise((r) => setTimeout(r, 400));
    expect(await other.acquire(1, 1), "the dead instance's lease expired").not.toBeNull();
    expect(await alive.acquire(2, 1)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 700));
    expect(await other.acquire(2, 1), 'a renewed lease still counts').toBeNull();
    for (const leases of [dead, alive, other]) {
      await leases.close();
    }
  });
});

describe('stream leases in process', () => {
  it('count per account and give back once', async () => {
    const leases = memoryStreamLeases();
    const a = await leases.acquire(1, 2);
    expect(await leases.acquire(1, 2)).not.toBeNull();
    expect(await leases.acquire(1, 2)).toBeNull();
    expect(await leases.acquire(2, 2)).not.toBeNull();
    await a?.release();
    await a?.release();
    expect(await leases.acquire(1, 2)).not.toBeNull();
    expect(await leases.acquire(1, 2)).toBeNull();
  });
});
