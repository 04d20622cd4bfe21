import { randomUUID } from 'node:crypto';
import type { RedisClient } from '../db/redis.js';

const HEARTBEAT_MS = 10_000;
const STALE_MS = 30_000;

/**
 * Counts the instances sharing one Redis (a sorted set of heartbeats), so that each can enforce
 * its share of a limit while Redis is unreachable. The last count is kept through an outage.
 */
export function createInstanceRegistry(
  redis: RedisClient,
  prefix = 'tl:v1',
  now = () => Date.now(),
) {
  const id = randomUUID();
  const key = `${prefix}:instances`;
  let count = 1;
  let timer: NodeJS.Timeout | undefined;

  async function beat(): Promise<void> {
    const at = now();
    try {
      const [, , members] = (await redis
        .multi()
        .zadd(key, at, id)
        .zremrangebyscore(key, '-inf', at - STALE_MS)
        .zcard(key)
        .exec()) as [unknown, unknown, [Error | null, number]];
      count = Math.max(1, members[1]);
    } catch {
      // Redis is down: keep the last count.
    }
  }

  return {
    count: () => count,
    async start() {
      await beat();
      timer = setInterval(() => void beat(), HEARTBEAT_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await redis.zrem(key, id).catch(() => {});
    },
  };
}
