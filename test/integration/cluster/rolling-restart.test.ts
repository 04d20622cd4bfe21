import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hkDay } from '../../../src/counters/windows.js';
import { createAccountWithKey } from '../../helpers/access.js';
import {
  describeWithBalancer,
  startTestCluster,
  type TestCluster,
} from '../../helpers/balancer.js';
import { awayFromWindowEnd, openRedis, readRedisCounters } from '../../helpers/cluster.js';
import { startLoad } from '../../helpers/load-loop.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';

/**
 * Issue 16: a rolling restart behind HAProxy loses nothing. While clients send a steady load
 * through the balancer, each instance in turn gets SIGTERM (as systemd or Kubernetes send it),
 * exits, is started again on its port and waits until HAProxy's checks send it traffic again.
 * Every request must be answered 200 (no error, no reset, no 503), and every answered request
 * counted once: in Redis at once, in `daily_usage` once the instances have flushed.
 */

const CLIENTS = 8;
const LARGE = 1_000_000_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithBalancer('a rolling restart of three instances behind HAProxy under load', () => {
  let setup: TestCluster;
  let redis: Redis;

  beforeAll(async () => {
    // The load must meet no limit: every refusal would be a failure of the restart.
    setup = await startTestCluster({ Pro: { ratePerMinute: LARGE, dailyQuota: LARGE } });
    redis = openRedis(TEST_REDIS_URL ?? '');
  }, 240_000);

  afterAll(async () => {
    redis?.disconnect();
    await setup?.stop();
  }, 60_000);

  it('loses no request (0 errors, 0 resets, 0 non-2xx) and no counter', async () => {
    const ids = await createAccountWithKey(setup.database, 'Pro');
    // The run and its check must fall in one Hong Kong day.
    await awayFromWindowEnd('hkDay', 120_000);
    const day = hkDay(new Date());
    const load = startLoad(setup.cluster.url, ids.key, CLIENTS);
    await sleep(1000);
    const steps: string[] = [];
    await setup.cluster.rollingRestart((name, step) => {
      steps.push(`${name} exit ${step.exitCode} back in ${step.ms} ms (${load.tally.sent} sent)`);
    });
    await sleep(1000);
    const tally = await load.stop();
    const stats = await setup.cluster.haproxy.servers();
    console.info(
      `rolling restart: ${steps.join('; ')}; ${JSON.stringify(tally)}; haproxy retries ` +
        `${stats.map((s) => `${s.name} ${s.retries}/${s.redispatches}`).join(', ')}`,
    );
    expect(steps.every((s) => s.includes('exit 0'))).toBe(true);
    expect(tally.errors).toEqual({});
    expect(tally.refused).toEqual({});
    expect(tally.ok).toBe(tally.sent);
    expect(tally.ok).toBeGreaterThan(100);

    // Redis: each answered request charged exactly once (a 503 retried elsewhere is refunded).
    // What counter slices served reaches Redis within 20 ms (docs/access.md "Counter slices").
    let counters = await readRedisCounters(redis, setup.prefix, ids, [], day);
    for (let waited = 0; waited < 1000 && counters.quota !== tally.ok; waited += 50) {
      await sleep(50);
      counters = await readRedisCounters(redis, setup.prefix, ids, [], day);
    }
    expect(counters.quota).toBe(tally.ok);
    // daily_usage: every instance flushes every 5 s and when it stops (docs/operations.md).
    let recorded = 0;
    for (let waited = 0; waited < 20_000 && recorded !== tally.ok; waited += 500) {
      const rows = await setup.database.prisma.dailyUsage.findMany({
        where: { accountId: ids.accountId },
      });
      recorded = rows.reduce((sum, r) => sum + r.planRequests, 0);
      if (recorded !== tally.ok) {
        await sleep(500);
      }
    }
    expect(recorded).toBe(tally.ok);
  }, 120_000);
});
