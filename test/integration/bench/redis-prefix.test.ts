import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dropRedisPrefix } from '../../../bench/databases.js';
import { counterKeys } from '../../../src/counters/redis/redis-keys.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';

describeWithRedis("the bench's Redis cleanup (bench/databases.ts)", () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL as string);
  });
  afterAll(() => redis.disconnect());

  it("removes the run's account-tagged counters as well as its plain keys, and no one else's", async () => {
    const prefix = uniquePrefix();
    const other = uniquePrefix();
    const keys = [...counterKeys(prefix, 1, 1, 29_000_000, '2026-12-04'), `${prefix}:instances`];
    const kept = [...counterKeys(other, 1, 1, 29_000_000, '2026-12-04'), `${other}:instances`];
    for (const key of [...keys, ...kept]) {
      await redis.set(key, '1', 'EX', 60);
    }
    expect(await dropRedisPrefix(TEST_REDIS_URL as string, prefix)).toBe(new Set(keys).size);
    expect(await redis.exists(...keys)).toBe(0);
    expect(await redis.exists(...kept)).toBe(new Set(kept).size);
    await redis.del(...kept);
  });
});
