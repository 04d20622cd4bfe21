import { describe, expect, it } from 'vitest';
import { addressBucket, createAddressLimiter } from '../../../src/counters/address-limiter.js';
import { createFakeClock } from '../../helpers/clock.js';

describe('per-address limit of keyless requests (DECISIONS.md "Access")', () => {
  it('an IPv4 address is its own bucket, also when written IPv4-mapped', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('IPv6 addresses share their /64', () => {
    const a = addressBucket('2001:db8:1:2:aaaa::1');
    expect(addressBucket('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressBucket('2001:0db8:0001:0002::9')).toBe(a);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(a);
  });

  it('admits the limit per calendar minute, then refuses, then admits again next minute', async () => {
    const clock = createFakeClock('2026-11-22T10:00:10.000Z');
    const limiter = createAddressLimiter({ limit: 3, now: clock.now });
    const results = [];
    for (let i = 0; i < 5; i++) {
      results.push((await limiter.admit('198.51.100.1')).admitted);
    }
    expect(results).toEqual([true, true, true, false, false]);
    expect((await limiter.admit('198.51.100.2')).admitted).toBe(true);
    const refused = await limiter.admit('198.51.100.1');
    expect(refused).toMatchObject({ admitted: false, limit: 3, reset: 50 });
    clock.advance(50_000);
    expect((await limiter.admit('198.51.100.1')).admitted).toBe(true);
  });
});
