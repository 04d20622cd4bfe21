import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';

/** The Redis server the suite may use (`.ci/run` sets it); unset skips the Redis half. */
export const TEST_REDIS_URL = process.env['REDIS_URL'];

/** A key prefix of its own for each test, so runs and workers never share counters. */
export const uniquePrefix = () => `tl:test:${process.pid}:${randomBytes(4).toString('hex')}`;

let warned = false;

/** Like `describe`, but reported as skipped (by name) when no Redis is configured. */
export function describeWithRedis(title: string, body: () => void): void {
  if (!TEST_REDIS_URL) {
    if (!warned) {
      warned = true;
      console.warn('REDIS_URL is not set: the Redis tests are SKIPPED');
    }
    describe.skip(`${title} [redis: SKIPPED, REDIS_URL not set]`, body);
    return;
  }
  describe(`${title} [redis]`, body);
}
