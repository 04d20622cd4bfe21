import { afterEach, describe, expect, it } from 'vitest';
import {
  type BoundedCache,
  boundedKey,
  createBoundedCache,
  digestKey,
  ENTRY_OVERHEAD_BYTES,
  MAX_PLAIN_KEY,
} from '../../../src/cache/bounded-cache.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bounded cache (docs/operations.md "Memory")', () => {
  const caches: BoundedCache<string>[] = [];
  const cacheOf = (options: Partial<Parameters<typeof createBoundedCache<string>>[0]> = {}) => {
    const cache = createBoundedCache<string>({
      maxBytes: 1024 * 1024,
      sizeOf: (value) => value.length,
      ttlMs: 60_000,
      ...options,
    });
    caches.push(cache);
    return cache;
  };
  afterEach(() => {
    for (const cache of caches.splice(0)) {
      cache.close();
    }
  });

  it('keys are fixed-size digests, whatever the length of the request text', () => {
    const short = digestKey(['GET', '/v1/football/matches/1']);
    const long = digestKey(['GET', `/v1/football/matches?league=${'x'.repeat(100_000)}`]);
    expect(short).toHaveLength(43);
    expect(long).toHaveLength(43);
    expect(digestKey(['a', 'bc'])).not.toBe(digestKey(['ab', 'c']));
  });

  it('request keys are kept as text when short, digested when long: never longer than the bound', () => {
    expect(boundedKey(['/v1/football/matches/:matchId', '{"matchId":1}', 'en'])).toBe(
      '/v1/football/matches/:matchId\u0000{"matchId":1}\u0000en',
    );
    const long = boundedKey(['/v1/football/matches', 'x'.repeat(100_000)]);
    expect(long).toMatch(/^#[\w-]{43}$/);
    expect(long.length).toBeLessThanOrEqual(MAX_PLAIN_KEY);
  });

  it('counts the key and the bookkeeping of every entry against the cap, not only the value', () => {
    const cache = cacheOf({ maxBytes: 10 * (43 + ENTRY_OVERHEAD_BYTES + 1) });
    for (let i = 0; i < 100; i++) {
      cache.set(digestKey([String(i)]), 'v');
    }
    // One-byte values: without the keys and overhead counted, all 100 would be kept.
    expect(cache.size).toBe(10);
    expect(cache.bytes).toBeLessThanOrEqual(10 * (43 + ENTRY_OVERHEAD_BYTES + 1));
  });

  it('keeps nothing larger than the whole cap (rather than evicting everything)', () => {
    const cache = cacheOf({ maxBytes: 4096 });
    cache.set('small', 'x');
    cache.set('huge', 'y'.repeat(10_000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toBe('x');
  });

  it('sweeps expired entries without anyone touching them', async () => {
    const cache = cacheOf({ ttlMs: 20, sweepIntervalMs: 10 });
    for (let i = 0; i < 50; i++) {
      cache.set(digestKey([String(i)]), 'value');
    }
    expect(cache.size).toBe(50);
    for (let waited = 0; waited < 2000 && cache.size > 0; waited += 20) {
      await sleep(20);
    }
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
