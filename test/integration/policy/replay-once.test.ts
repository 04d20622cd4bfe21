import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ReserveInput } from '../../../src/counters/quota-store.js';
import { accountDayKeys } from '../../../src/counters/redis/redis-keys.js';
import {
  type CounterRedis,
  createCounterRedis,
  RedisQuotaStore,
  type ReplayEntry,
  waitForRedis,
} from '../../../src/counters/redis/redis-quota-store.js';
import { ResilientQuotaStore } from '../../../src/counters/resilient/resilient-quota-store.js';
import { hkDay, minuteWindow } from '../../../src/counters/windows.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';

/**
 * An outage's journal reaches Redis once, even when a replay's reply is lost after Redis applied
 * it (what a command timeout during a cluster failover does): seen in CI as a count past the
 * limit by a whole outage's admissions.
 */
describeWithRedis('the outage journal is replayed once', () => {
  let redis: CounterRedis;
  beforeAll(async () => {
    redis = createCounterRedis(TEST_REDIS_URL as string);
    await waitForRedis(redis);
  });
  afterAll(() => redis.disconnect());

  const limits = { ratePerMinute: 1000, dailyQuota: 1000, freeMatchesDailyQuota: 0 };

  it('the same entry sent twice is applied once; another entry of the same window adds', async () => {
    const prefix = uniquePrefix();
    const store = new RedisQuotaStore(redis, prefix);
    const now = new Date();
    const entry = {
      id: 'origin-a:1',
      accountId: 7,
      keyId: 3,
      minute: minuteWindow(now),
      day: hkDay(now),
      minuteUnits: 4,
      planUnits: 4,
      freeUnits: 0,
    };
    await store.replay([entry], now);
    await store.replay([entry], now);
    const quota = accountDayKeys(prefix, 7, hkDay(now)).quota;
    expect(Number(await redis.get(quota))).toBe(4);
    await store.replay([{ ...entry, id: 'origin-a:2', planUnits: 2 }], now);
    expect(Number(await redis.get(quota))).toBe(6);
  });

  it('a replay whose reply is lost is sent again and counted once; what came after counts too', async () => {
    const prefix = uniquePrefix();
    let clock = Date.now();
    const now = () => new Date(clock);
    let outage = true;
    let loseNextReply = true;
    const lost = () => Object.assign(new Error('Command timed out'), { name: 'TimeoutError' });
    class FlakyStore extends RedisQuotaStore {
      override reserve(input: ReserveInput) {
        return outage ? Promise.reject(lost()) : super.reserve(input);
      }
      override async replay(entries: ReplayEntry[], at: Date) {
        await super.replay(entries, at);
        if (loseNextReply) {
          loseNextReply = false;
          throw lost();
        }
      }
      // The test's Redis client is shared: closing the store leaves it open.
      override async close() {}
    }
    const flaky = new FlakyStore(redis, prefix);
    const store = new ResilientQuotaStore(flaky, { mode: 'local', now, instances: () => 1 });
    const input = (): ReserveInput => ({
      accountId: 9,
      keyId: 1,
      cost: 1,
      freeEligible: 0,
      limits,
      now: now(),
    });
    for (let i = 0; i < 5; i++) {
      expect((await store.reserve(input())).admitted).toBe(true);
    }
    expect(store.state()).toBe('down');
    outage = false;
    // The probe time passes: the journal (5) is replayed, applied, and its reply lost; this
    // request is admitted locally and journaled in a new entry beside the sealed one.
    clock += 1100;
    expect((await store.reserve(input())).admitted).toBe(true);
    expect(store.state()).toBe('down');
    expect((await store.reserve(input())).admitted).toBe(true);
    clock += 1100;
    expect((await store.reserve(input())).admitted).toBe(true);
    expect(store.state()).toBe('up');
    const quota = accountDayKeys(prefix, 9, hkDay(now())).quota;
    // 5 journaled, 2 more while down after the lost reply, 1 through Redis: each once.
    expect(Number(await redis.get(quota))).toBe(8);
    await store.close();
  });
});
