import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReserveInput } from '../../../src/counters/quota-store.js';
import {
  type CounterRedis,
  createCounterRedis,
  RedisQuotaStore,
  waitForRedis,
} from '../../../src/counters/redis/redis-quota-store.js';
import { ResilientQuotaStore } from '../../../src/counters/resilient/resilient-quota-store.js';
import { createFakeClock } from '../../helpers/clock.js';
import { redisServerAvailable, startPrivateRedis } from '../../helpers/private-redis.js';

const available = await redisServerAvailable();

/**
 * Two instances on one Redis, QUOTA_FAILURE_MODE=local, driven request by request: the moment
 * after recovery when one instance has replayed its journal and the other not yet is the one
 * where Redis undercounts the key.
 */
describe.skipIf(!available)('local mode: two instances recovering one after the other', () => {
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  const clients: CounterRedis[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(async () => {
    for (const client of clients) {
      client.disconnect();
    }
    await redis.destroy();
  });

  async function instance(clock: ReturnType<typeof createFakeClock>) {
    const client = createCounterRedis(redis.url);
    clients.push(client);
    await waitForRedis(client);
    return new ResilientQuotaStore(new RedisQuotaStore(client, 'tl:recovery'), {
      mode: 'local',
      now: () => clock.now(),
      instances: () => 2,
    });
  }

  it('the first to recover keeps to its outage share until the other has replayed: the key never passes its limit', async () => {
    const clock = createFakeClock('2026-11-22T10:00:05.000Z');
    const [a, b] = [await instance(clock), await instance(clock)];
    const input = (): ReserveInput => ({
      accountId: 1,
      keyId: 1,
      cost: 1,
      freeEligible: 0,
      limits: { ratePerMinute: 10, dailyQuota: 1000, freeMatchesDailyQuota: 0 },
      now: clock.now(),
    });
    let admitted = 0;
    const reserveOn = async (store: typeof a) => {
      const outcome = await store.reserve(input());
      admitted += outcome.admitted ? 1 : 0;
      return outcome.admitted;
    };
    // Up: two through each instance (both last saw 3 or 4 of 10 used).
    for (const store of [a, b, a, b]) {
      expect(await reserveOn(store)).toBe(true);
    }
    await redis.stop();
    // Down: each takes its share of what was left, floor((10 - seen) / 2) = 3.
    for (let i = 0; i < 5; i++) {
      await reserveOn(a);
      await reserveOn(b);
    }
    expect([a.state(), b.state()]).toEqual(['down', 'down']);
    expect(admitted).toBeLessThanOrEqual(10);
    await redis.start();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    clock.advance(1100);
    // A finds Redis back and replays its journal; B has not been asked anything yet.
    for (let i = 0; i < 4; i++) {
      await reserveOn(a);
    }
    expect(a.state()).toBe('up');
    expect(admitted, 'admitted through A before B replayed').toBeLessThanOrEqual(10);
    // B replays on its next request; from then on Redis counts everything.
    for (let i = 0; i < 3; i++) {
      await reserveOn(b);
    }
    clock.advance(3000);
    for (let i = 0; i < 3; i++) {
      await reserveOn(a);
      await reserveOn(b);
    }
    expect(admitted).toBeLessThanOrEqual(10);
    expect(admitted).toBeGreaterThanOrEqual(9);
    await Promise.all([a.close(), b.close()]);
  });
});
