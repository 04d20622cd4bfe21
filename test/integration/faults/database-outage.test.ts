import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { openDatabase } from '../../../src/db/database.js';
import { isDatabaseUnavailable } from '../../../src/db/unavailable.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../helpers/db.js';
import { type ServerProcess, startServerProcess } from '../../helpers/server-process.js';
import { type Answer, graphqlFetch, measured, timedFetch, waitFor } from './helpers.js';
import { startTcpProxy, type TcpProxy, throughProxy } from './tcp-proxy.js';

/**
 * PostgreSQL goes away under a running `touchline serve`: refused connections (nothing listens)
 * and a database that hangs (connections accepted, nothing answered). Every data request is a
 * bounded 503 `upstream_unavailable` (REST problem+json with Retry-After, GraphQL
 * `extensions.code`), /readyz says not ready within its bound while /healthz stays 200, nothing is
 * charged, the process never crashes, and it recovers by itself when the database is back.
 */

const QUERY_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 1000;
/** The longest a data request may take while the database hangs: acquire + statement + margin. */
const HANG_BOUND_MS = CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 500 + 3000;
/** /readyz answers within 2 s whatever the database does (src/health/plugin.ts), plus scheduling. */
const READY_BOUND_MS = 2000 + 1500;

const ROUTE = '/v1/football/odds/bookmakers';
const QUERY = '{ bookmakers { id name } }';

if (!TEST_DATABASE_URL) {
  console.warn('DATABASE_URL is not set: the PostgreSQL outage tests are SKIPPED');
}

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL unreachable under touchline serve', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let key: string;
  /** Requests answered 2xx, i.e. charged (Pro: one unit each). */
  let charged = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedPlans(database.prisma);
    await database.prisma.bookmaker.create({
      data: { id: 9001, name: 'Outage Bet', nameEn: 'Outage Bet' },
    });
    ({ key } = await createAccountWithKey(database, 'Pro'));
    const direct = new URL(database.url as string);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    server = await startServerProcess({
      DATABASE_URL: throughProxy(database.url as string, proxy),
      REDIS_URL: '',
      RESPONSE_CACHE: 'off',
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    });
  }, 120_000);

  afterAll(async () => {
    await proxy?.setMode('forward');
    await server?.stop();
    await proxy?.close();
    await database?.close();
  });

  const rest = (k = key) => timedFetch(`${server.url}${ROUTE}`, { headers: { 'x-api-key': k } });
  const gql = () => graphqlFetch(server.url, key, QUERY);

  async function expectServing() {
    const r = await rest();
    expect(r.status, r.body).toBe(200);
    charged++;
    const g = await gql();
    expect(g.status, g.body).toBe(200);
    expect(g.json()['errors']).toBeUndefined();
    charged++;
  }

  function expectUnavailable(r: Answer, bound: number) {
    expect(r.status, r.body).toBe(503);
    expect(r.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = r.json();
    expect(problem['code']).toBe('upstream_unavailable');
    expect(problem['type']).toMatch(/\/errors#upstream_unavailable$/);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(r.body).not.toMatch(/prisma|ECONNREFUSED|timeout|stack/i);
    expect(r.ms).toBeLessThan(bound);
  }

  function expectGraphqlUnavailable(g: Answer, bound: number) {
    const body = g.json() as { errors?: { extensions?: Record<string, unknown> }[] };
    expect(body.errors?.length, g.body).toBeGreaterThan(0);
    for (const error of body.errors ?? []) {
      expect(error.extensions?.['code']).toBe('upstream_unavailable');
    }
    expect(g.body).not.toMatch(/prisma|ECONNREFUSED|stack/i);
    expect(g.ms).toBeLessThan(bound);
  }

  async function expectNotReady() {
    const ready = await timedFetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.ms).toBeLessThan(READY_BOUND_MS);
    const health = await timedFetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    return ready.ms;
  }

  /** Heals the proxy and times how long until /readyz and a data request are fine again. */
  async function recover(label: string) {
    const healed = Date.now();
    await proxy.setMode('forward');
    const readyMs = await waitFor(
      'ready again',
      async () => (await timedFetch(`${server.url}/readyz`)).status === 200,
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    let dataMs = 0;
    await waitFor(
      'data again',
      async () => {
        const r = await rest();
        dataMs = Date.now() - healed;
        if (r.status === 200) {
          charged++;
          return true;
        }
        return false;
      },
      { timeoutMs: 30_000, intervalMs: 50 },
    );
    measured(`${label}: /readyz ready again after the database came back (ms)`, readyMs);
    measured(`${label}: first data request 200 after the database came back (ms)`, dataMs);
    await expectServing();
  }

  it('serves through the proxy before any fault', async () => {
    await expectServing();
    expect((await timedFetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('connection refused: 503 upstream_unavailable at once, not ready, healthy; recovers by itself', async () => {
    await proxy.setMode('refuse');
    const r = await rest();
    expectUnavailable(r, 2000);
    measured('refused: REST 503 latency (ms)', r.ms);
    expectGraphqlUnavailable(await gql(), 2000);
    // A key this process has not seen needs the database to be checked: 503 too, never 401/500.
    const { key: unseen } = await createAccountWithKey(database, 'Plus');
    expectUnavailable(await rest(unseen), 2000);
    // On GraphQL such a refusal of the whole operation is the same 503 with Retry-After.
    const refusedWhole = await graphqlFetch(server.url, unseen, QUERY);
    expect(refusedWhole.status, refusedWhole.body).toBe(503);
    expect(Number(refusedWhole.headers.get('retry-after'))).toBeGreaterThan(0);
    expectGraphqlUnavailable(refusedWhole, 2000);
    measured('refused: /readyz 503 latency (ms)', await expectNotReady());
    await recover('refused');
    expect((await rest(unseen)).status).toBe(200);
  });

  it('a database that hangs: bounded 503s (also under concurrency), bounded /readyz; recovers by itself', async () => {
    await proxy.setMode('blackhole');
    const started = Date.now();
    const r = await rest();
    expectUnavailable(r, HANG_BOUND_MS);
    measured('hanging: REST 503 latency (ms)', r.ms);
    const g = await gql();
    expectGraphqlUnavailable(g, HANG_BOUND_MS);
    measured('hanging: GraphQL upstream_unavailable latency (ms)', g.ms);
    // More requests than the pool has connections, and readiness probes among them.
    const burst = await Promise.all([
      ...Array.from({ length: 25 }, () => rest()),
      ...Array.from({ length: 5 }, () => timedFetch(`${server.url}/readyz`)),
    ]);
    for (const answer of burst.slice(0, 25)) {
      expectUnavailable(answer, HANG_BOUND_MS + 2 * QUERY_TIMEOUT_MS);
    }
    for (const probe of burst.slice(25)) {
      expect(probe.status).toBe(503);
      expect(probe.ms).toBeLessThan(READY_BOUND_MS);
    }
    measured(
      'hanging: slowest of 25 concurrent REST 503s (ms)',
      Math.max(...burst.slice(0, 25).map((a) => a.ms)),
    );
    measured('hanging: /readyz 503 latency (ms)', await expectNotReady());
    expect((await timedFetch(`${server.url}/healthz`)).status).toBe(200);
    measured('hanging: whole outage phase (ms)', Date.now() - started);
    await recover('hanging');
  }, 120_000);

  it('a database that refuses after hanging, then comes back: still recovers', async () => {
    await proxy.setMode('blackhole');
    expectUnavailable(await rest(), HANG_BOUND_MS);
    await proxy.setMode('refuse');
    expectUnavailable(await rest(), 2000);
    await recover('hang then refuse');
  }, 60_000);

  it('after an outage longer than the event bus reconnect delay, a revocation still reaches the process', async () => {
    const { key: doomed, keyId } = await createAccountWithKey(database, 'Plus');
    expect((await rest(doomed)).status).toBe(200);
    await proxy.setMode('refuse');
    // Down for several reconnect attempts of the LISTEN connection (one a second).
    await waitFor('down', async () => (await timedFetch(`${server.url}/readyz`)).status === 503);
    await new Promise((r) => setTimeout(r, 3500));
    await recover('event bus outage');
    expect((await rest(doomed)).status).toBe(200);
    // Another instance revokes the key (as `touchline keys revoke` does): row, then NOTIFY.
    const row = await database.prisma.apiKey.update({
      where: { id: keyId },
      data: { revokedAt: new Date(), slot: null },
    });
    await database.prisma.$executeRawUnsafe(
      'SELECT pg_notify($1, $2)',
      'touchline_access_events',
      JSON.stringify({ type: 'key-revoked', keyId, hash: row.hash }),
    );
    const ms = await waitFor('revocation seen', async () => (await rest(doomed)).status === 401, {
      timeoutMs: 10_000,
    });
    measured('revocation after an event bus outage: seen after (ms)', ms);
  }, 60_000);

  it('never crashed, and charged only what was answered 2xx', async () => {
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/uncaught|unhandled|unexpected failure|FATAL/i);
    const r = await rest();
    expect(r.status).toBe(200);
    charged++;
    // Pro: 30000 a day; X-Quota-Remaining counts the current request.
    expect(Number(r.headers.get('x-quota-remaining'))).toBe(30_000 - charged);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL timeouts (in process)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('a statement past DATABASE_QUERY_TIMEOUT_MS is cancelled by the server, counts as unavailable, and the pool goes on', async () => {
    const timed = await openDatabase({
      databaseUrl: database.url,
      dataDir: '',
      queryTimeoutMs: 300,
      connectTimeoutMs: 1000,
    });
    try {
      const started = Date.now();
      const error = await timed.prisma.$queryRaw`SELECT pg_sleep(3)`.then(
        () => null,
        (e: unknown) => e,
      );
      expect(Date.now() - started).toBeLessThan(2000);
      expect(error).toBeInstanceOf(Error);
      expect(String((error as Error).message)).toMatch(/57014|statement timeout/);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(await timed.prisma.$queryRaw`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await timed.close();
    }
  });

  it('connections the server terminates (a restart) are replaced, never crash the process', async () => {
    const db = await openDatabase({
      databaseUrl: database.url,
      dataDir: '',
      queryTimeoutMs: 5000,
      connectTimeoutMs: 1000,
    });
    try {
      await Promise.all(Array.from({ length: 4 }, () => db.prisma.$queryRaw`SELECT 1`));
      const dbName = new URL(database.url as string).pathname.slice(1);
      // A statement running while its backend is terminated: 57P01, unavailable.
      const running = db.prisma.$queryRaw`SELECT pg_sleep(3)`.then(
        () => null,
        (e: unknown) => e,
      );
      await new Promise((r) => setTimeout(r, 300));
      await database.prisma.$executeRawUnsafe(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid()`,
        dbName,
      );
      const error = await running;
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The idle connections died too: their `error` events are absorbed, and a statement that
      // raced the termination fails as unavailable (a 503); new connections take over.
      let answered: unknown;
      for (let attempt = 0; attempt < 10 && answered === undefined; attempt++) {
        answered = await db.prisma.$queryRaw`SELECT 2 AS two`.catch((e: unknown) => {
          expect(isDatabaseUnavailable(e)).toBe(true);
          return undefined;
        });
      }
      expect(answered).toEqual([{ two: 2 }]);
    } finally {
      await db.close();
    }
  });
});
