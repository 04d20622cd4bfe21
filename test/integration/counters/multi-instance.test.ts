import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../../../src/accounts/keys.js';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { loadConfig } from '../../../src/config/config.js';
import { createEventBusFromConfig } from '../../../src/events/transports.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../helpers/db.js';
import { TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.js';

const enabled = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);
if (!enabled) {
  console.warn('DATABASE_URL or REDIS_URL is not set: the two-instance Redis test is SKIPPED');
}

/** Fires `total` requests at the servers, `concurrency` at a time, round robin. */
async function burst(urls: string[], key: string, total: number, concurrency: number) {
  const statuses: number[] = [];
  let next = 0;
  async function worker() {
    while (next < total) {
      const i = next++;
      const base = urls[i % urls.length] as string;
      const res = await fetch(`${base}/v1/football/odds/bookmakers`, {
        headers: { 'x-api-key': key },
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const count = (s: number) => statuses.filter((x) => x === s).length;
  return {
    ok: count(200),
    limited: count(429),
    other: statuses.filter((s) => s !== 200 && s !== 429),
  };
}

/** Waits, if needed, so that a short burst does not straddle a calendar minute. */
async function awayFromMinuteEnd() {
  const second = new Date().getUTCSeconds();
  if (second > 45) {
    await new Promise((r) => setTimeout(r, (61 - second) * 1000));
  }
}

describe.skipIf(!enabled)('two server processes sharing one Redis', () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  const env: Record<string, string> = {};
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedPlans(database.prisma);
    // Small limits make the burst cheap: Plus tests the minute, Pro the day.
    await database.prisma.tierLimit.update({
      where: { tier: 'Plus' },
      data: { ratePerMinute: 30, dailyQuota: 100_000 },
    });
    await database.prisma.tierLimit.update({
      where: { tier: 'Pro' },
      data: { ratePerMinute: 100_000, dailyQuota: 30 },
    });
    Object.assign(env, {
      DATABASE_URL: database.url ?? '',
      REDIS_URL: TEST_REDIS_URL ?? '',
      REDIS_PREFIX: uniquePrefix(),
    });
    for (let i = 0; i < 2; i++) {
      servers.push(await startServerProcess(env));
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.close();
  });

  it('admit exactly the per-minute limit of a key under a concurrent burst from both', async () => {
    const { key } = await createAccountWithKey(database, 'Plus');
    await awayFromMinuteEnd();
    const result = await burst(
      servers.map((s) => s.url),
      key,
      250,
      50,
    );
    console.info(`per-minute: sent 250, admitted ${result.ok}, limit 30`);
    expect(result).toEqual({ ok: 30, limited: 220, other: [] });
  });

  it('admit exactly the daily quota of an account under a concurrent burst from both', async () => {
    const { key } = await createAccountWithKey(database, 'Pro');
    const result = await burst(
      servers.map((s) => s.url),
      key,
      250,
      50,
    );
    console.info(`daily: sent 250, admitted ${result.ok}, limit 30`);
    expect(result).toEqual({ ok: 30, limited: 220, other: [] });
  });

  it('a revocation made elsewhere reaches both instances at once', async () => {
    const { key, keyId } = await createAccountWithKey(database, 'Plus');
    const status = (url: string) =>
      fetch(`${url}/v1/football/odds/bookmakers`, { headers: { 'x-api-key': key } }).then(
        (r) => r.status,
      );
    // Both instances now hold the key in their caches.
    expect(await Promise.all(servers.map((s) => status(s.url)))).toEqual([200, 200]);
    const events = createEventBusFromConfig(loadConfig(env));
    await createKeysService({ db: database.prisma, events }).revokeKey(keyId);
    await events.close();
    // Pub/sub delivery is asynchronous but immediate: allow it a moment, far below the 60 s TTL.
    await new Promise((r) => setTimeout(r, 300));
    expect(await Promise.all(servers.map((s) => status(s.url)))).toEqual([401, 401]);
  });
});
