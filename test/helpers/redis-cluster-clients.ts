import { afterAll, beforeAll } from 'vitest';
import {
  type CounterRedis,
  createCounterRedis,
  waitForRedis,
} from '../../src/counters/redis/redis-quota-store.js';
import { type RedisCluster, startRedisCluster } from './redis-cluster.js';

/**
 * A Redis Cluster started for the enclosing suite with `count` counter clients connected to it,
 * both stopped after the suite. The fields are set in `beforeAll`: read them inside tests.
 */
export function useClusterWithClients(count: number) {
  const setup = {
    cluster: undefined as unknown as RedisCluster,
    clients: [] as CounterRedis[],
    /** The cluster as the config names it (`REDIS_CLUSTER_NODES`). */
    target: () => ({ redisUrl: undefined, redisClusterNodes: setup.cluster.nodes }),
  };
  beforeAll(async () => {
    setup.cluster = await startRedisCluster();
    setup.clients = Array.from({ length: count }, () => createCounterRedis(setup.target()));
    await Promise.all(setup.clients.map((c) => waitForRedis(c, 10_000)));
  }, 60_000);
  afterAll(async () => {
    for (const client of setup.clients) {
      client.disconnect();
    }
    await setup.cluster?.destroy();
  });
  return setup;
}
