import { redisMasters } from '../../db/redis.js';
import type { CounterRedis } from './redis-counter-client.js';
import { keyUsagePattern, parseKeyUsageKey } from './redis-keys.js';

/** The account's per-key daily counters of `day`: all under its tag, so on one node of a cluster. */
export async function keyUsageOn(
  redis: CounterRedis,
  prefix: string,
  accountId: number,
  day: string,
): Promise<Map<number, { plan: number; free: number }>> {
  const result = new Map<number, { plan: number; free: number }>();
  const pattern = keyUsagePattern(prefix, accountId, day);
  for (const node of redisMasters(redis)) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
      cursor = next;
      const values = keys.length > 0 ? await node.mget(...keys) : [];
      keys.forEach((key, i) => {
        const parsed = parseKeyUsageKey(key);
        if (parsed) {
          const entry = result.get(parsed.keyId) ?? { plan: 0, free: 0 };
          entry[parsed.kind] = Number(values[i] ?? 0);
          result.set(parsed.keyId, entry);
        }
      });
    } while (cursor !== '0');
  }
  return result;
}
