import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../../../src/accounts/keys.js';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { loadConfig } from '../../../src/config/config.js';
import { createEventBusFromConfig } from '../../../src/events/transports.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { awayFromWindowEnd, burst } from '../../helpers/cluster.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../helpers/db.js';
import { uniquePrefix } from '../../helpers/redis.js';
import {
  type RedisCluster,
  redisClusterAvailable,
  startRedisCluster,
} from '../../helpers/redis-cluster.js';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.js';

const enabled = redisClusterAvailable && Boolean(TEST_DATABASE_URL);

/** docs/scale.md "Redis Cluster": the app itself, configured with REDIS_CLUSTER_NODES. */
describe.skipIf(!enabled)(
  'two server processes on a Redis Cluster (REDIS_CLUSTER_NODES) [skipped without /usr/bin/redis-server or DATABASE_URL]',
  () => {
    let cluster: RedisCluster;
    let database: TestDatabase;
    const servers: ServerProcess[] = [];
    const env: Record<string, string> = {};

    beforeAll(async () => {
      cluster = await startRedisCluster();
      database = await createTestDatabase('postgres');
      await seedPlans(database.prisma);
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
        REDIS_CLUSTER_NODES: cluster.env,
        // The suite's own REDIS_URL (inherited by the servers) would be refused beside it.
        REDIS_URL: '',
        REDIS_PREFIX: uniquePrefix(),
      });
      for (let i = 0; i < 2; i++) {
        servers.push(await startServerProcess(env));
      }
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await database?.close();
      await cluster?.destroy();
    });

    it('admit exactly the per-minute limit of a key, REST and GraphQL, from both', async () => {
      const { key } = await createAccountWithKey(database, 'Plus');
      await awayFromWindowEnd('minute', 15_000);
      const urls = servers.map((s) => s.url);
      const tally = await burst(urls, key, ['rest-bookmakers', 'graphql-bookmakers'], 200, 40);
      expect(tally).toMatchObject({ admitted: 30, refused: { rate_limited: 170 }, other: [] });
    });

    it('admit exactly the daily quota of an account from both', async () => {
      const { key } = await createAccountWithKey(database, 'Pro');
      const urls = servers.map((s) => s.url);
      const tally = await burst(urls, key, ['rest-bookmakers', 'graphql-bookmakers'], 200, 40);
      expect(tally).toMatchObject({ admitted: 30, refused: { quota_exceeded: 170 }, other: [] });
    });

    it('a revocation made elsewhere reaches both instances at once', async () => {
      const { key, keyId } = await createAccountWithKey(database, 'Plus');
      const status = (url: string) =>
        fetch(`${url}/v1/football/odds/bookmakers`, { headers: { 'x-api-key': key } }).then(
          (r) => r.status,
        );
      expect(await Promise.all(servers.map((s) => status(s.url)))).toEqual([200, 200]);
      const events = createEventBusFromConfig(loadConfig(env));
      await createKeysService({ db: database.prisma, events }).revokeKey(keyId);
      await events.close();
      await new Promise((r) => setTimeout(r, 300));
      expect(await Promise.all(servers.map((s) => status(s.url)))).toEqual([401, 401]);
    });
  },
);
