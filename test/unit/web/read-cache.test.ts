import { describe, expect, it } from 'vitest';
import { createReadCache, READ_CACHE_MS } from '../../../src/web/read-cache.js';
import { createFakeClock } from '../../helpers/clock.js';

function counting() {
  const clock = createFakeClock();
  let value = 0;
  const loads: number[] = [];
  const cache = createReadCache<number, number>({
    load: async (key) => {
      loads.push(key);
      return value;
    },
    now: clock.now,
  });
  return { clock, cache, loads, set: (v: number) => (value = v) };
}

describe('read cache (dashboard reads)', () => {
  it('loads once for concurrent readers and keeps the value READ_CACHE_MS', async () => {
    const { clock, cache, loads, set } = counting();
    set(1);
    expect(await Promise.all([cache.get(7), cache.get(7)])).toEqual([1, 1]);
    set(2);
    clock.advance(READ_CACHE_MS - 1);
    expect(await cache.get(7)).toBe(1);
    clock.advance(2);
    expect(await cache.get(7)).toBe(2);
    expect(loads).toEqual([7, 7]);
  });

  it('forget and clear drop the value; a read begun before them is not kept', async () => {
    const { cache, set } = counting();
    set(1);
    await cache.get(1);
    set(2);
    cache.forget(1);
    expect(await cache.get(1)).toBe(2);
    set(3);
    const begun = cache.get(1);
    expect(await begun).toBe(2);
    const inFlight = (async () => {
      cache.forget(2);
      return cache.get(2);
    })();
    set(4);
    cache.clear();
    // The read answers what it read, but the next one reads again.
    expect(await inFlight).toBe(3);
    expect(await cache.get(2)).toBe(4);
    expect(await cache.get(1)).toBe(4);
  });
});
