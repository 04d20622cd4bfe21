import { describe, expect, it } from 'vitest';
import type { ReserveInput } from '../../../src/counters/quota-store.js';
import { accountDayKeys, accountTag, counterKeys } from '../../../src/counters/redis/redis-keys.js';
import {
  type CounterRedis,
  RedisQuotaStore,
} from '../../../src/counters/redis/redis-quota-store.js';
import { hkDay, minuteWindow } from '../../../src/counters/windows.js';
import type { BusEvent } from '../../../src/events/event-bus.js';
import { createEventBusFromConfig } from '../../../src/events/transports.js';
import { createFakeClock } from '../../helpers/clock.js';
import { quotaStoreContract } from '../../helpers/quota-store-contract.js';
import { uniquePrefix } from '../../helpers/redis.js';
import { redisClusterAvailable } from '../../helpers/redis-cluster.js';
import { useClusterWithClients } from '../../helpers/redis-cluster-clients.js';

const ACCOUNTS = 12;
const CLIENTS = 4;

/** `total` reservations from `clients` stores (one connection each) at once, round robin. */
async function burst(
  stores: RedisQuotaStore[],
  inputs: ReserveInput[],
): Promise<{ admitted: ReserveInput[]; refused: number }> {
  const outcomes = await Promise.all(
    inputs.map((input, i) => stores[i % stores.length]?.reserve(input)),
  );
  return {
    admitted: inputs.filter((_, i) => outcomes[i]?.admitted),
    refused: outcomes.filter((o) => o && !o.admitted).length,
  };
}

const count = (inputs: ReserveInput[], accountId: number) =>
  inputs.filter((i) => i.accountId === accountId).length;

/** docs/scale.md "Redis Cluster": three masters, three replicas, started by this file. */
describe.skipIf(!redisClusterAvailable)(
  'counters on a Redis Cluster of 3 masters and 3 replicas [skipped only without /usr/bin/redis-server]',
  () => {
    const setup = useClusterWithClients(CLIENTS);

    describe('the quota store contract', () => {
      quotaStoreContract(
        () => new RedisQuotaStore(setup.clients[0] as CounterRedis, uniquePrefix()),
      );
    });

    it('the accounts of one burst live on different masters', async () => {
      const prefix = uniquePrefix();
      const masters = new Set<number>();
      for (let accountId = 1; accountId <= ACCOUNTS; accountId++) {
        masters.add(await setup.cluster.masterOf(accountTag(prefix, accountId)));
      }
      expect(masters.size).toBeGreaterThanOrEqual(2);
    });

    it(`exactly the per-minute limit of each of ${ACCOUNTS} accounts, from ${CLIENTS} clients at once`, async () => {
      const prefix = uniquePrefix();
      const stores = setup.clients.map((c) => new RedisQuotaStore(c, prefix));
      const clock = createFakeClock('2026-11-22T10:00:10.000Z');
      const limits = { ratePerMinute: 25, dailyQuota: 1_000_000, freeMatchesDailyQuota: 0 };
      const inputs = Array.from({ length: ACCOUNTS * 60 }, (_, i) => ({
        accountId: (i % ACCOUNTS) + 1,
        keyId: 100 + (i % ACCOUNTS),
        cost: 1,
        freeEligible: 0,
        limits,
        now: clock.now(),
      }));
      const { admitted, refused } = await burst(stores, inputs);
      const minute = minuteWindow(clock.now());
      const day = hkDay(clock.now());
      for (let accountId = 1; accountId <= ACCOUNTS; accountId++) {
        expect(count(admitted, accountId), `account ${accountId}`).toBe(25);
        const [rate] = counterKeys(prefix, accountId, 99 + accountId, minute, day);
        expect(Number(await setup.clients[0]?.get(rate))).toBe(25);
      }
      expect(refused).toBe(ACCOUNTS * 35);
    });

    it(`exactly the daily quota of each of ${ACCOUNTS} accounts; usage per key reads it back`, async () => {
      const prefix = uniquePrefix();
      const stores = setup.clients.map((c) => new RedisQuotaStore(c, prefix));
      const clock = createFakeClock('2026-11-22T10:00:10.000Z');
      const limits = { ratePerMinute: 1_000_000, dailyQuota: 40, freeMatchesDailyQuota: 5 };
      const inputs = Array.from({ length: ACCOUNTS * 80 }, (_, i) => ({
        accountId: (i % ACCOUNTS) + 1,
        keyId: 200 + (i % ACCOUNTS),
        cost: 1,
        freeEligible: 1,
        limits,
        now: clock.now(),
      }));
      const { admitted } = await burst(stores, inputs);
      const day = hkDay(clock.now());
      for (let accountId = 1; accountId <= ACCOUNTS; accountId++) {
        expect(count(admitted, accountId), `account ${accountId}`).toBe(45);
        const keys = accountDayKeys(prefix, accountId, day);
        expect(await setup.clients[1]?.mget(keys.quota, keys.free)).toEqual(['40', '5']);
        const byKey = await stores[2]?.usageByKey(accountId, clock.now());
        expect(Object.fromEntries(byKey ?? [])).toEqual({
          [199 + accountId]: { plan: 40, free: 5 },
        });
      }
    });

    it('an account seen for the first time today is restored from what the database recorded', async () => {
      const prefix = uniquePrefix();
      const asked: number[][] = [];
      const store = new RedisQuotaStore(setup.clients[0] as CounterRedis, prefix, {
        async counted(_day, accountIds) {
          asked.push([...accountIds]);
          return accountIds.map((accountId) => ({ accountId, keyId: 1, plan: 7, free: 2 }));
        },
      });
      const clock = createFakeClock('2026-11-22T10:00:10.000Z');
      const limits = { ratePerMinute: 100, dailyQuota: 100, freeMatchesDailyQuota: 100 };
      const outcomes = await Promise.all(
        [1, 2, 3, 1].map((accountId) =>
          store.reserve({
            accountId,
            keyId: 1,
            cost: 1,
            freeEligible: 0,
            limits,
            now: clock.now(),
          }),
        ),
      );
      expect(outcomes.map((o) => o.usage.quota.used).sort()).toEqual([8, 8, 8, 9]);
      // Each account asked for once (two requests of account 1 share its restore); accounts whose
      // replies come back in the same turn share one query.
      expect(asked.flat().sort()).toEqual([1, 2, 3]);
    });

    it('a revocation published through one instance reaches another (pub/sub over the cluster)', async () => {
      const settings = { ...setup.target(), databaseUrl: undefined, redisPrefix: uniquePrefix() };
      const sender = createEventBusFromConfig(settings);
      const receiver = createEventBusFromConfig(settings);
      const received: BusEvent[] = [];
      receiver.subscribe((event) => received.push(event));
      await receiver.start(() => {});
      await sender.start(() => {});
      try {
        const revoked = { type: 'key-revoked', keyId: 77, hash: 'abc' } as const;
        // The receiver's own "events may have been lost" (on subscribing) is not what we wait for.
        const heard = () => received.filter((e) => e.type === 'key-revoked');
        for (let i = 0; i < 50 && heard().length === 0; i++) {
          await sender.publish(revoked);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(heard()[0]).toEqual(revoked);
      } finally {
        await sender.close();
        await receiver.close();
      }
    });
  },
);
