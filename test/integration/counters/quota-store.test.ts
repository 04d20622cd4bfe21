import { afterAll, beforeAll, describe } from 'vitest';
import { MemoryQuotaStore } from '../../../src/counters/memory-quota-store.js';
import {
  createCounterRedis,
  RedisQuotaStore,
  waitForRedis,
} from '../../../src/counters/redis/redis-quota-store.js';
import { quotaStoreContract } from '../../helpers/quota-store-contract.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';

describe('quota store [memory]', () => quotaStoreContract(() => new MemoryQuotaStore()));

describeWithRedis('quota store', () => {
  const redis = TEST_REDIS_URL ? createCounterRedis(TEST_REDIS_URL) : undefined;
  beforeAll(() => waitForRedis(redis as NonNullable<typeof redis>));
  afterAll(() => redis?.disconnect());
  quotaStoreContract(() => new RedisQuotaStore(redis as NonNullable<typeof redis>, uniquePrefix()));
});
