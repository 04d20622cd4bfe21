import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountDayKeys } from '../../../src/counters/redis/redis-keys.js';
import { hkDay } from '../../../src/counters/windows.js';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { createTestDatabase } from '../../helpers/db.js';
import { redisServerAvailable, startPrivateRedis } from '../../helpers/private-redis.js';
import { uniquePrefix } from '../../helpers/redis.js';

const ROUTE = '/v1/football/odds/bookmakers';
const available = await redisServerAvailable();
if (!available) {
  console.warn('redis-server is not installed: the Redis failure-mode tests are SKIPPED');
}

describe.skipIf(!available)('Redis stopped mid-run (QUOTA_FAILURE_MODE)', () => {
  let database: Database;
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let app: (FastifyInstance & { deps: Deps }) | undefined;
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    redis = await startPrivateRedis();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await redis.start().catch(() => {});
  });
  afterAll(async () => {
    await redis.destroy();
    await database.close();
  });

  async function setUp(mode: string) {
    clock.set('2026-11-22T10:00:00.000Z');
    // A prefix of its own: an instance a failed test left registered must not shrink the shares.
    const prefix = `${uniquePrefix()}:fail:${mode}`;
    app = await buildTestApp(database, {
      clock,
      env: { REDIS_URL: redis.url, QUOTA_FAILURE_MODE: mode, REDIS_PREFIX: prefix },
    });
    const account = await createAccountWithKey(database, 'Free');
    const get = () =>
      (app as FastifyInstance).inject({ url: ROUTE, headers: { 'x-api-key': account.key } });
    return { ...account, prefix, get };
  }

  const storeState = () => {
    if (!app) {
      throw new Error('no app');
    }
    return (app.deps.access.store as unknown as { state(): 'up' | 'down' }).state();
  };

  /** Restarts Redis and lets the breaker's half-open probe (one per second of the clock) find it. */
  async function recover<T extends { statusCode: number }>(get: () => Promise<T>): Promise<T> {
    await redis.start();
    for (let i = 0; i < 100; i++) {
      clock.advance(1100);
      const res = await get();
      if (storeState() === 'up') {
        return res;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('did not recover');
  }

  it('closed: 503 upstream_unavailable with Retry-After and nothing charged; service resumes', async () => {
    const { get } = await setUp('closed');
    expect((await get()).statusCode).toBe(200);
    await redis.stop();
    const down = await get();
    expect(down.statusCode).toBe(503);
    expect(down.json().code).toBe('upstream_unavailable');
    expect(Number(down.headers['retry-after'])).toBeGreaterThan(0);
    const back = await recover(get);
    expect(back.statusCode).toBe(200);
    expect(back.headers['x-quota-remaining']).toBe('28');
    expect(storeState()).toBe('up');
  });

  it('local: enforces the limits in memory while down, then replays what it admitted into Redis', async () => {
    const { get, accountId, prefix } = await setUp('local');
    for (let i = 0; i < 10; i++) {
      clock.advance(1000);
      expect((await get()).statusCode).toBe(200);
    }
    await redis.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      clock.set(`2026-11-22T10:${String(1 + i).padStart(2, '0')}:00.000Z`);
      statuses.push((await get()).statusCode);
    }
    // Daily quota 30: 10 counted in Redis before the outage, so 20 more, then 429.
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const back = await recover(get);
    expect(back.statusCode).toBe(429);
    const client = new Redis(redis.url);
    const used = await client.get(accountDayKeys(prefix, accountId, hkDay(clock.now())).quota);
    client.disconnect();
    expect(Number(used)).toBe(30);
  });

  it('open: admits everything while down (incidents only)', async () => {
    const { get } = await setUp('open');
    await redis.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await get()).statusCode);
    }
    expect(storeState()).toBe('down');
    expect(statuses.every((s) => s === 200)).toBe(true);
  });

  it('requests that find Redis back at the same moment replay the journal once', async () => {
    const { get, accountId, prefix } = await setUp('open');
    await redis.stop();
    for (let i = 0; i < 12; i++) {
      expect((await get()).statusCode).toBe(200);
    }
    await redis.start();
    // The client reconnects within its retry delay (at most a second): the ten then find Redis
    // back together rather than some of them finding it still away.
    await new Promise((r) => setTimeout(r, 1200));
    clock.advance(1100);
    // Ten requests at once, all past the probe time: one replay of the 12, then 10 more.
    const together = await Promise.all(Array.from({ length: 10 }, () => get()));
    expect(together.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(storeState()).toBe('up');
    const client = new Redis(redis.url);
    const used = await client.get(accountDayKeys(prefix, accountId, hkDay(clock.now())).quota);
    client.disconnect();
    expect(Number(used)).toBe(22);
  });

  it('a refund of a unit admitted while down, settled after recovery, reaches Redis', async () => {
    const { key, accountId, prefix } = await setUp('local');
    const deps = (app as FastifyInstance & { deps: Deps }).deps;
    await redis.stop();
    const principal = await deps.access.policy.authenticate(key);
    const reserved = await deps.access.policy.reserve(principal, 3, 0);
    if (!reserved.admitted) {
      throw new Error('not admitted');
    }
    expect(storeState()).toBe('down');
    await redis.start();
    // The client reconnects on its own schedule (up to a second apart when Redis was away long,
    // as on a loaded machine); each probe time passed, the next peek tries Redis again.
    for (let i = 0; i < 50 && storeState() === 'down'; i++) {
      clock.advance(1100);
      await deps.access.policy.peek(principal);
      if (storeState() === 'down') {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(storeState()).toBe('up');
    // Only one of the three units was read: two go back, into Redis.
    await deps.access.policy.settle(reserved.admission, true, { minute: 1, daily: 1 });
    const client = new Redis(redis.url);
    const used = await client.get(accountDayKeys(prefix, accountId, hkDay(clock.now())).quota);
    client.disconnect();
    expect(Number(used)).toBe(1);
  });

  it('local: the share of a minute counts what Redis had already admitted in that minute', async () => {
    await setUp('local');
    const plus = await createAccountWithKey(database, 'Plus');
    const getPlus = () =>
      (app as FastifyInstance).inject({ url: ROUTE, headers: { 'x-api-key': plus.key } });
    // Plus: 120 a minute. 100 through Redis, then Redis stops in the same minute.
    for (let i = 0; i < 100; i++) {
      expect((await getPlus()).statusCode).toBe(200);
    }
    await redis.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      statuses.push((await getPlus()).statusCode);
    }
    expect(storeState()).toBe('down');
    // One instance: 20 were left in the minute, so 20 more, then 429.
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });
});
