import type { Config } from '../config/config.js';

/**
 * Where the shared Redis is: REDIS_URL, or REDIS_CLUSTER_NODES (config.ts allows one). The nodes
 * are optional here so that a caller naming only a URL (tests, tools) need not list none.
 */
export type RedisTarget = Pick<Config, 'redisUrl'> & Partial<Pick<Config, 'redisClusterNodes'>>;

/** Whether a Redis is configured; kept apart from the client so that checking loads no ioredis. */
export const redisConfigured = (target: RedisTarget): boolean =>
  Boolean(target.redisUrl) || (target.redisClusterNodes?.length ?? 0) > 0;
