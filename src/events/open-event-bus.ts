import type { Config } from '../config/config.js';
import { type RedisTarget, redisConfigured } from '../db/redis-target.js';
import { createEventBus } from './event-bus.js';

/**
 * The process's access event bus (transports.ts); the Redis and PostgreSQL clients are loaded
 * only when one is configured, so a process on the embedded database never loads them.
 */
export async function openEventBus(
  config: Pick<Config, 'redisPrefix' | 'databaseUrl'> & RedisTarget,
) {
  if (!redisConfigured(config) && !config.databaseUrl) {
    return createEventBus([]);
  }
  const { createEventBusFromConfig } = await import('./transports.js');
  return createEventBusFromConfig(config);
}
