import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { RedisTarget } from './redis-target.js';

export type { RedisTarget } from './redis-target.js';

/** One Redis server or a Redis Cluster: the commands touchline sends work on either. */
export type RedisClient = Redis | Cluster;

/** Connection options of one server's client; for a cluster, those of each node's connection. */
type RedisClientOptions = Pick<
  RedisOptions,
  | 'enableOfflineQueue'
  | 'commandTimeout'
  | 'maxRetriesPerRequest'
  | 'connectTimeout'
  | 'retryStrategy'
  | 'lazyConnect'
  | 'autoResubscribe'
>;

/**
 * A client of the configured Redis. For a cluster: ioredis's Cluster client, which routes each
 * command to the master of its key's slot and follows failovers (MOVED, a lost connection,
 * CLUSTERDOWN: the slot table is read again and the command retried). A batch that a single
 * server takes in one script call is one call per account on a cluster (docs/scale.md "Redis
 * Cluster"). No automatic pipelining: it routes a script by its first argument, which for our
 * scripts with a variable number of keys is that number, not a key.
 */
export function createRedisClient(target: RedisTarget, options: RedisClientOptions): RedisClient {
  if (target.redisUrl) {
    return new Redis(target.redisUrl, options);
  }
  const { enableOfflineQueue, lazyConnect, retryStrategy, ...nodeOptions } = options;
  return new Cluster(
    (target.redisClusterNodes ?? []).map((node) => ({ host: node.host, port: node.port })),
    {
      redisOptions: nodeOptions,
      ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
      ...(lazyConnect === undefined ? {} : { lazyConnect }),
      // The cluster as a whole reconnects as one server's client would.
      ...(retryStrategy
        ? { clusterRetryStrategy: (attempt: number) => retryStrategy(attempt) }
        : {}),
    },
  );
}

/** The masters to ask for something no one key names (SCAN): one server, or each master. */
export const redisMasters = (redis: RedisClient): Redis[] =>
  redis instanceof Cluster ? redis.nodes('master') : [redis];
