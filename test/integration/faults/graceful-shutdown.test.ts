import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { accountDayKeys } from '../../../src/counters/redis/redis-keys.js';
import { hkDay } from '../../../src/counters/windows.js';
import { openDatabase } from '../../../src/db/database.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../helpers/db.js';
import { redisServerAvailable, startPrivateRedis } from '../../helpers/private-redis.js';
import { uniquePrefix } from '../../helpers/redis.js';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.js';
import {
  exitOf,
  graphqlFetch,
  measured,
  preparedDataFolder,
  sleep,
  timedFetch,
  waitFor,
} from './helpers.js';
import { startTcpProxy, type TcpProxy, throughProxy } from './tcp-proxy.js';

/**
 * SIGTERM to `touchline serve`: new connections are refused at once, requests in flight finish
 * and settle their reservations (the counters say so), Redis and the database are closed, and the
 * process exits 0 within a bounded time, also when the database stopped answering.
 */

/** serve.ts: in-flight requests get 25 s; then each closing step 5 s; then 1 s to exit. */
const EXIT_BOUND_MS = 40_000;

/** True when nothing accepts connections at `url` any more (or it answers 503 while closing). */
async function refusesNewRequests(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 503;
  } catch {
    return true;
  }
}

const available = await redisServerAvailable();
const withPostgres = Boolean(TEST_DATABASE_URL) && available;
if (!withPostgres) {
  console.warn(
    'DATABASE_URL or redis-server missing: the PostgreSQL + Redis graceful shutdown tests are SKIPPED',
  );
}

describe.skipIf(!withPostgres)('graceful shutdown (PostgreSQL through a proxy, Redis)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedPlans(database.prisma);
    const direct = new URL(database.url as string);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    redis = await startPrivateRedis();
  }, 120_000);
  afterEach(async () => {
    await proxy.setMode('forward');
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
    }
    server = undefined;
  });
  afterAll(async () => {
    await proxy?.close();
    await redis?.destroy();
    await database?.close();
  });

  async function start(queryTimeoutMs: number) {
    const prefix = uniquePrefix();
    const account = await createAccountWithKey(database, 'Pro');
    server = await startServerProcess({
      DATABASE_URL: throughProxy(database.url as string, proxy),
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      RESPONSE_CACHE: 'off',
      DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs),
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
    });
    const client = new Redis(redis.url);
    const day = hkDay(new Date());
    const counters = async () => {
      const [quota, free] = await client.mget(
        accountDayKeys(prefix, account.accountId, day).quota,
        accountDayKeys(prefix, account.accountId, day).free,
      );
      return { plan: Number(quota ?? 0), free: Number(free ?? 0) };
    };
    const recorded = async () => {
      const row = await database.prisma.dailyUsage.findFirst({
        where: { accountId: account.accountId },
      });
      return { plan: row?.planRequests ?? 0, free: row?.freeMatchRequests ?? 0 };
    };
    const running = server;
    const get = (path: string) =>
      timedFetch(`${running.url}${path}`, { headers: { 'x-api-key': account.key } });
    // Key, account and plan are cached by this first request: later ones need the database
    // only in their handlers.
    expect((await get('/v1/football/odds/bookmakers')).status).toBe(200);
    return { server: running, account, counters, recorded, get, close: () => client.quit() };
  }

  it('finishes slow in-flight requests, charges them, closes everything and exits 0', async () => {
    const s = await start(20_000);
    try {
      // The database becomes slow: what is asked is answered, but only when the proxy resumes.
      await proxy.setMode('pause');
      const list = s.get('/v1/football/matches?date=2026-11-22');
      const gql = graphqlFetch(s.server.url, s.account.key, '{ bookmakers { id } }');
      // Both reserved before their handlers (REST list: the free allowance; GraphQL: the plan).
      await waitFor('reserved', async () => {
        const c = await s.counters();
        return c.plan === 2 && c.free === 1;
      });
      const signalled = Date.now();
      s.server.child.kill('SIGTERM');
      const refusedMs = await waitFor('refusing', () => refusesNewRequests(s.server.url), {
        timeoutMs: 5000,
        intervalMs: 50,
      });
      measured('SIGTERM -> new connections refused (ms)', refusedMs);
      await sleep(1000);
      expect(s.server.child.exitCode, 'waits for its in-flight requests').toBeNull();
      await proxy.setMode('forward');
      const [listAnswer, gqlAnswer] = await Promise.all([list, gql]);
      expect(listAnswer.status, listAnswer.body).toBe(200);
      expect(gqlAnswer.status, gqlAnswer.body).toBe(200);
      expect(gqlAnswer.json()['errors']).toBeUndefined();
      // Closing: the requests that were in flight answered with their quota headers.
      expect(listAnswer.headers.get('x-quota-remaining')).not.toBeNull();
      const exit = await exitOf(s.server.child, EXIT_BOUND_MS);
      measured('SIGTERM -> exit, with 2 slow requests in flight (ms)', Date.now() - signalled);
      expect(exit, s.server.output()).toEqual({ code: 0, signal: null });
      expect(s.server.output()).toMatch(/SIGTERM: closed in \d+ ms/);
      // Charged in Redis (nothing refunded: both were 200) and flushed to daily_usage on the way out.
      expect(await s.counters()).toEqual({ plan: 2, free: 1 });
      expect(await s.recorded()).toEqual({ plan: 2, free: 1 });
    } finally {
      await s.close();
    }
  }, 120_000);

  it('a database that stops answering during shutdown: in-flight requests end 503 and are refunded; exit 0 in bounded time', async () => {
    const queryTimeoutMs = 1500;
    const s = await start(queryTimeoutMs);
    try {
      await proxy.setMode('blackhole');
      const hung = s.get('/v1/football/matches?date=2026-11-22');
      await waitFor('reserved', async () => (await s.counters()).free === 1);
      const signalled = Date.now();
      s.server.child.kill('SIGTERM');
      const answer = await hung;
      expect(answer.status, answer.body).toBe(503);
      expect(answer.json()['code']).toBe('upstream_unavailable');
      const exit = await exitOf(s.server.child, EXIT_BOUND_MS);
      const exitMs = Date.now() - signalled;
      measured('SIGTERM -> exit, database hanging (ms)', exitMs);
      expect(exit, s.server.output()).toEqual({ code: 0, signal: null });
      expect(exitMs).toBeLessThan(queryTimeoutMs + 2000 + 5000 + 1000 + 3000);
      // The 503 gave its unit back; only the warm-up request stays charged.
      expect(await s.counters()).toEqual({ plan: 1, free: 0 });
    } finally {
      await s.close();
    }
  }, 120_000);
});

describe('graceful shutdown (embedded PGlite, in-process counters)', () => {
  let folder: Awaited<ReturnType<typeof preparedDataFolder>>;
  let dataDir: string;
  let key: string;
  let accountId: number;

  beforeAll(async () => {
    folder = await preparedDataFolder('shutdown');
    ({ dataDir, key, accountId } = folder);
  }, 120_000);
  afterAll(() => folder?.remove());

  it('under load, requests in flight at SIGTERM are answered and recorded; the database is closed; exit 0', async () => {
    const server = await startServerProcess({
      TOUCHLINE_DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      RESPONSE_CACHE: 'off',
    });
    let signalled = Number.POSITIVE_INFINITY;
    /** 200s, and how many of them were answered after the signal (they were in flight). */
    let answered = 0;
    let answeredAfterSignal = 0;
    /** `turned away`: refused, reset, or Fastify's 503 for a request arriving while closing. */
    let turnedAway = 0;
    const failures: string[] = [];
    try {
      const get = async (path: string) => {
        const res = await fetch(`${server.url}${path}`, {
          headers: { 'x-api-key': key },
          signal: AbortSignal.timeout(30_000),
        }).catch(() => null);
        const body = res ? await res.text().catch(() => null) : null;
        if (res?.status === 200 && body !== null) {
          answered++;
          answeredAfterSignal += Date.now() > signalled ? 1 : 0;
          return true;
        }
        const closing =
          res?.status === 503 &&
          res.headers.get('connection') === 'close' &&
          body?.includes('upstream_unavailable');
        if (!res || closing) {
          turnedAway++;
        } else {
          failures.push(`${res.status} ${body}`);
        }
        return false;
      };
      expect(await get('/v1/football/odds/bookmakers')).toBe(true);
      // Ten clients in a loop, each until the server turns it away.
      const worker = async (w: number) => {
        for (let i = 0; ; i++) {
          const path =
            (w + i) % 2 === 0
              ? `/v1/football/matches?date=2026-11-${String(10 + ((w + i) % 15))}`
              : '/v1/football/odds/bookmakers';
          if (!(await get(path))) {
            return;
          }
        }
      };
      const load = Promise.all(Array.from({ length: 10 }, (_, w) => worker(w)));
      await waitFor('load running', () => answered >= 50, { timeoutMs: 60_000, intervalMs: 20 });
      signalled = Date.now();
      server.child.kill('SIGTERM');
      await load;
      const exit = await exitOf(server.child, EXIT_BOUND_MS);
      measured('PGlite: SIGTERM -> exit under load (ms)', Date.now() - signalled);
      expect(exit, server.output()).toEqual({ code: 0, signal: null });
      expect(server.output()).toMatch(/SIGTERM: closed in \d+ ms/);
    } finally {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
      }
    }
    measured(
      'PGlite: 200s in total / answered after SIGTERM (in flight) / turned away',
      `${answered} / ${answeredAfterSignal} / ${turnedAway}`,
    );
    // Whatever reached a handler was answered in full: no request died with a 5xx.
    expect(failures).toEqual([]);
    expect(answeredAfterSignal, 'requests in flight at the signal were finished').toBeGreaterThan(
      0,
    );
    // The data folder was released (lock removed) and daily_usage holds every 200 answered.
    expect(existsSync(join(dataDir, 'touchline.lock'))).toBe(false);
    const db = await openDatabase({ dataDir });
    try {
      const rows = await db.prisma.dailyUsage.findMany({ where: { accountId } });
      const total = rows.reduce((sum, r) => sum + r.planRequests + r.freeMatchRequests, 0);
      expect(total).toBe(answered);
    } finally {
      await db.close();
    }
  }, 180_000);
});
