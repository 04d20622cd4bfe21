import { beforeEach, expect, it } from 'vitest';
import type { QuotaStore, ReserveInput } from '../../src/counters/quota-store.js';
import { createFakeClock } from './clock.js';

const limits = { ratePerMinute: 5, dailyQuota: 8, freeMatchesDailyQuota: 3 };

/**
 * What every quota store does (memory, one Redis server, a Redis Cluster), on a fake clock; each
 * test gets a fresh store from `makeStore`.
 */
export function quotaStoreContract(makeStore: () => QuotaStore) {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let store: QuotaStore;
  const input = (over: Partial<ReserveInput> = {}): ReserveInput => ({
    accountId: 1,
    keyId: 11,
    cost: 1,
    freeEligible: 0,
    limits,
    now: clock.now(),
    ...over,
  });

  beforeEach(() => {
    clock.set('2026-11-22T10:00:00.000Z');
    store = makeStore();
  });

  it('admits up to the per-minute limit, then rate_limited without writing anything', async () => {
    for (let i = 1; i <= 5; i++) {
      const out = await store.reserve(input());
      expect(out.admitted).toBe(true);
      expect(out.usage.minute.used).toBe(i);
    }
    const refused = await store.reserve(input());
    expect(refused).toMatchObject({ admitted: false, reason: 'rate_limited' });
    const after = await store.peek(input());
    expect(after.minute.used).toBe(5);
    expect(after.quota.used).toBe(5);
  });

  it('reservations made at once (one batch on Redis) are each all or nothing, in order', async () => {
    // Two keys of one account and a key of another, interleaved: 5 a minute per key, 8 a day
    // per account.
    const asked = Array.from({ length: 60 }, (_, i) =>
      input(i % 3 === 2 ? { accountId: 2, keyId: 21 } : { keyId: 11 + (i % 3) }),
    );
    const outcomes = await Promise.all(asked.map((a) => store.reserve(a)));
    const admitted = (accountId: number, keyId: number) =>
      outcomes.filter(
        (o, i) => o.admitted && asked[i]?.accountId === accountId && asked[i]?.keyId === keyId,
      );
    // Account 1's day (8) runs out first, shared by its two keys in arrival order.
    expect(admitted(1, 11).map((o) => o.usage.minute.used)).toEqual([1, 2, 3, 4]);
    expect(admitted(1, 12).map((o) => o.usage.quota.used)).toEqual([2, 4, 6, 8]);
    // Account 2's key runs into its minute (5).
    expect(admitted(2, 21).map((o) => o.usage.minute.used)).toEqual([1, 2, 3, 4, 5]);
    const refused = outcomes.filter((o) => !o.admitted);
    expect(refused).toHaveLength(60 - 13);
    expect(refused.every((o) => !o.admitted && o.usage.minute.used <= 5)).toBe(true);
    expect(await store.peek(input())).toMatchObject({ minute: { used: 4 }, quota: { used: 8 } });
    expect(await store.peek(input({ accountId: 2, keyId: 21 }))).toMatchObject({
      minute: { used: 5 },
      quota: { used: 5 },
    });
  });

  it('the minute window is the calendar minute', async () => {
    clock.set('2026-11-22T10:00:59.000Z');
    for (let i = 0; i < 5; i++) {
      await store.reserve(input({ now: clock.now() }));
    }
    expect((await store.reserve(input({ now: clock.now() }))).admitted).toBe(false);
    clock.set('2026-11-22T10:01:00.000Z');
    const next = await store.reserve(input({ now: clock.now() }));
    expect(next.admitted).toBe(true);
    expect(next.usage.minute.used).toBe(1);
  });

  it('daily quota belongs to the account across keys, and resets at 16:00 UTC', async () => {
    for (let i = 0; i < 8; i++) {
      clock.advance(60_000);
      const out = await store.reserve(input({ keyId: 10 + (i % 2), now: clock.now() }));
      expect(out.admitted).toBe(true);
    }
    clock.advance(60_000);
    const refused = await store.reserve(input({ keyId: 12, now: clock.now() }));
    expect(refused).toMatchObject({ admitted: false, reason: 'quota_exceeded' });
    expect(refused.usage.minute.used).toBe(0);
    clock.set('2026-11-22T15:59:59.000Z');
    expect((await store.reserve(input({ now: clock.now() }))).admitted).toBe(false);
    clock.set('2026-11-22T16:00:00.000Z');
    const fresh = await store.reserve(input({ now: clock.now() }));
    expect(fresh.admitted).toBe(true);
    expect(fresh.usage.quota.used).toBe(1);
  });

  it('the free match-list allowance is used before plan quota', async () => {
    const used: Array<[number, number]> = [];
    for (let i = 0; i < 5; i++) {
      const out = await store.reserve(input({ freeEligible: 1 }));
      if (out.admitted) {
        used.push([out.reservation.freeUnits, out.reservation.planUnits]);
      }
    }
    expect(used).toEqual([
      [1, 0],
      [1, 0],
      [1, 0],
      [0, 1],
      [0, 1],
    ]);
    const usage = await store.peek(input());
    expect(usage.free.used).toBe(3);
    expect(usage.quota.used).toBe(2);
  });

  it('a cost above one splits between allowance and quota and is refused whole', async () => {
    const out = await store.reserve(input({ cost: 4, freeEligible: 2 }));
    expect(out.admitted && out.reservation).toMatchObject({
      minuteUnits: 4,
      freeUnits: 2,
      planUnits: 2,
    });
    clock.advance(60_000);
    expect((await store.reserve(input({ cost: 5, now: clock.now() }))).admitted).toBe(true);
    clock.advance(60_000);
    const tooBig = await store.reserve(input({ cost: 2, now: clock.now() }));
    expect(tooBig).toMatchObject({ admitted: false, reason: 'quota_exceeded' });
    expect(await store.peek(input({ now: clock.now() }))).toMatchObject({
      minute: { used: 0 },
      quota: { used: 7 },
      free: { used: 2 },
    });
  });

  it('refund gives back exactly what the reservation took, never below zero', async () => {
    const out = await store.reserve(input({ cost: 3, freeEligible: 1 }));
    if (!out.admitted) {
      throw new Error('not admitted');
    }
    await store.refund(out.reservation, { free: 5, plan: 1 });
    const usage = await store.peek(input());
    expect(usage).toMatchObject({ minute: { used: 3 }, free: { used: 0 }, quota: { used: 1 } });
    await store.refund(out.reservation, { minute: 3, plan: 5 });
    expect(await store.peek(input())).toMatchObject({ minute: { used: 0 }, quota: { used: 0 } });
  });

  it('a refund after the window ended does not touch the new window', async () => {
    const out = await store.reserve(input());
    if (!out.admitted) {
      throw new Error('not admitted');
    }
    clock.set('2026-11-22T16:00:30.000Z');
    await store.reserve(input({ now: clock.now() }));
    await store.refund(out.reservation, { minute: 1, plan: 1 });
    expect(await store.peek(input({ now: clock.now() }))).toMatchObject({
      minute: { used: 1 },
      quota: { used: 1 },
    });
  });

  it('chargeMinute counts on the minute only', async () => {
    const usage = await store.chargeMinute(input());
    expect(usage).toMatchObject({ minute: { used: 1 }, quota: { used: 0 }, free: { used: 0 } });
  });

  it('reports usage per key of an account for today', async () => {
    await store.reserve(input({ keyId: 11, freeEligible: 1 }));
    await store.reserve(input({ keyId: 11 }));
    await store.reserve(input({ keyId: 12 }));
    await store.reserve(input({ accountId: 2, keyId: 21 }));
    const byKey = await store.usageByKey(1, clock.now());
    expect(Object.fromEntries(byKey)).toEqual({
      11: { plan: 1, free: 1 },
      12: { plan: 1, free: 0 },
    });
  });
}
