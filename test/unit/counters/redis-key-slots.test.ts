import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { restoreCounters } from '../../../src/counters/redis/redis-counter-restore.js';
import {
  accountDayKeys,
  accountTag,
  counterKeys,
  keyUsagePattern,
  parseKeyUsageKey,
  restoredMarkerKey,
} from '../../../src/counters/redis/redis-keys.js';

// The slot function ioredis routes by (its dependency cluster-key-slot; no types of its own).
const calculateSlot = createRequire(import.meta.url)('cluster-key-slot') as (key: string) => number;

const slotsOf = (keys: readonly string[]) => new Set(keys.map(calculateSlot));

const accounts = [1, 2, 42, 999, 123_456, 2_147_483_647];
const prefixes = ['tl:v1', 'tl:test:1234:ab12cd34', 'a', 'x_y-z:9'];
const day = '2026-11-25';
const minute = 29_000_000;

/** docs/scale.md "Redis Cluster": every script call touches one slot. */
describe('Redis keys on a cluster: every script call touches one slot', () => {
  it.each(prefixes)(
    'reserve (marker + 5 counters), refund, replay, charge-minute: one slot (prefix %s)',
    (prefix) => {
      for (const accountId of accounts) {
        for (const keyId of [1, 7, accountId + 1]) {
          const keys = [
            restoredMarkerKey(prefix, accountId, day),
            ...counterKeys(prefix, accountId, keyId, minute, day),
          ];
          expect(slotsOf(keys).size, keys.join(' ')).toBe(1);
          expect(calculateSlot(keys[0] as string)).toBe(
            calculateSlot(accountTag(prefix, accountId)),
          );
        }
      }
    },
  );

  it('the restore of an account (its keys of every key id, then its marker): one slot', () => {
    for (const accountId of accounts) {
      const rows = [1, 2, 3].map((keyId) => ({ accountId, keyId, plan: keyId, free: 1 }));
      const keys = [
        ...restoreCounters('tl:v1', accountId, day, rows).map(([key]) => key),
        restoredMarkerKey('tl:v1', accountId, day),
      ];
      expect(keys.length).toBe(2 + 2 * rows.length + 1);
      expect(slotsOf(keys).size).toBe(1);
    }
  });

  it('accounts are spread over the slots (different tags, mostly different slots)', () => {
    const slots = slotsOf(Array.from({ length: 1000 }, (_, i) => accountTag('tl:v1', i + 1)));
    expect(slots.size).toBeGreaterThan(900);
  });

  it('the usage scan finds the per-key day counters and reads them back', () => {
    const [, , , keyPlan, keyFree] = counterKeys('tl:v1', 42, 7, minute, day);
    const pattern = keyUsagePattern('tl:v1', 42, day);
    const glob = new RegExp(`^${pattern.replace(/[{}]/g, '\\$&').replace(/\*/g, '.*')}$`);
    expect(keyPlan).toMatch(glob);
    expect(keyFree).toMatch(glob);
    expect(accountDayKeys('tl:v1', 42, day).quota).not.toMatch(glob);
    expect(parseKeyUsageKey(keyPlan)).toEqual({ kind: 'plan', keyId: 7 });
    expect(parseKeyUsageKey(keyFree)).toEqual({ kind: 'free', keyId: 7 });
  });
});
