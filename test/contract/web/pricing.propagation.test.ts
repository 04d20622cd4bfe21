import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlanPricesService } from '../../../src/accounts/plan-prices.js';
import { createEventBus } from '../../../src/events/event-bus.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import {
  createTestDatabase,
  describeEachDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../../helpers/db.js';
import { ROOT } from '../../helpers/embedded-cli.js';
import { card } from '../../helpers/pricing-page.js';
import { describeWithRedis, TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;

const maxAgeOf = (cacheControl: unknown) =>
  Number(/max-age=(\d+)/.exec(String(cacheControl))?.[1] ?? Number.NaN);

/**
 * DECISIONS.md "Access": plan changes reach every instance within `propagationSeconds`. The page
 * trusts its figures for `max-age` seconds and lets caches keep it as long: a reader sees a new
 * price after at most twice that, which must not exceed `propagationSeconds`.
 */
describeEachDatabase('GET /pricing: a new price shows within propagationSeconds', ({ db }) => {
  const clock = createFakeClock('2026-11-22T10:00:00.000Z');
  let app: App;
  const plusMonthly = async () =>
    card((await app.inject('/pricing?lang=en&period=monthly')).body, 'plus');

  beforeAll(async () => {
    app = await buildTestApp(db(), { clock });
  });
  afterAll(() => app.close());

  it('a price inserted by the CLI elsewhere (no event reaches this server) shows once max-age has run out', async () => {
    const first = await app.inject('/pricing');
    const maxAge = maxAgeOf(first.headers['cache-control']);
    const { propagationSeconds } = await app.deps.services.plans.getPricing();
    expect(2 * maxAge).toBeLessThanOrEqual(propagationSeconds);
    expect((await plusMonthly()).text).toContain('HKD 188 per month');

    // `touchline plans price` calls this service; its own bus reaches no running server.
    const cli = createPlanPricesService({ db: db().prisma, events: createEventBus() });
    await cli.setPrice('plus-monthly', 168, 188);

    clock.advance(maxAge * 1000 - 1);
    const stale = await plusMonthly();
    expect(stale.text).toContain('HKD 188 per month');
    expect(stale.html).not.toContain('<s>');
    clock.advance(1);
    const fresh = await plusMonthly();
    const { tiers } = await app.deps.services.plans.getPricing();
    expect(tiers[1]?.monthly).toMatchObject({ price: 168, discountPercent: 10.64 });
    expect(fresh.text).toContain('HKD 168 per month');
    expect(fresh.html).toContain(
      '<s><span class="visually-hidden">Was </span>HKD 188</s> <span class="discount">10.64% off</span>',
    );
    const again = await app.inject('/pricing');
    expect(again.headers.etag).not.toBe(first.headers.etag);
    // The old ETag no longer matches: a browser revalidating gets the new page.
    const revalidated = await app.inject({
      url: '/pricing',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
  });

  it("a price set through this server's services (admin API, CLI with an event bus) shows at once", async () => {
    await app.inject('/pricing');
    await app.deps.services.planPrices.setPrice('plus-monthly', 178);
    const now = await plusMonthly();
    expect(now.text).toContain('HKD 178 per month');
    expect(now.html).not.toContain('<s>');
  });
});

/** Polls `read` until `done` holds or 10 s (real time) have passed; returns the last value. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  let value = await read();
  while (!done(value) && Date.now() - started < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/** Two instances on one database and one Redis: a price set on one is on the other's page. */
describeWithRedis('GET /pricing across instances', () => {
  let database: TestDatabase;
  let a: App;
  let b: App;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const env = { REDIS_URL: String(TEST_REDIS_URL), REDIS_PREFIX: uniquePrefix() };
    a = await buildTestApp(database, { env });
    b = await buildTestApp(database, { env, seed: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database?.close();
  });

  it("instance B's price change reaches instance A's cached page through the event bus", async () => {
    const page = async () => card((await a.inject('/pricing')).body, 'pro');
    expect((await page()).text).toContain('HKD 688 per month');
    await b.deps.services.planPrices.setPrice('pro-monthly', 588, 688);
    const pro = await eventually(page, (c) => c.html.includes('<s>'));
    expect(pro.text).toContain('HKD 588 per month');
    expect(pro.html).toContain('HKD 688</s> <span class="discount">14.53% off</span>');
  });
});

const describePg = TEST_DATABASE_URL ? describe : describe.skip;

/** The real command, as an operator runs it, next to a running server on PostgreSQL. */
describePg('GET /pricing after `touchline plans price` (child process, PostgreSQL)', () => {
  let database: TestDatabase;
  let app: App;

  const touchline = (...args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: database.url,
        LOG_LEVEL: 'silent',
      };
      for (const name of ['REDIS_URL', 'BASE_URL', 'DOCS_URL', 'ASSETS_URL', 'ADMIN_TOKEN']) {
        delete env[name];
      }
      execFile(
        process.execPath,
        ['--import', 'tsx', 'app/main.ts', ...args],
        { cwd: ROOT, env, timeout: 120_000 },
        (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
      );
    });

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // The server listens for the CLI's announcements on the database (PostgreSQL NOTIFY).
    app = await buildTestApp(database, { env: { DATABASE_URL: String(database.url) } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('the new promotion is on the page well within propagationSeconds', async () => {
    const before = await app.inject('/pricing?period=yearly');
    expect(card(before.body, 'pro').text).toContain('HKD 6,880 per year');
    const output = await touchline(
      ...['plans', 'price', '--code', 'pro-yearly', '--price', '5504', '--compare-at', '6880'],
      '--json',
    );
    expect(JSON.parse(output)).toMatchObject({ planCode: 'pro-yearly', discountPercent: 20 });
    // Well within: the server's own copy would last 30 s; the announcement makes it at once.
    const pro = await eventually(
      async () => card((await app.inject('/pricing?period=yearly')).body, 'pro'),
      (c) => c.html.includes('<s>'),
    );
    expect(pro.html).toContain('HKD 6,880</s> <span class="discount">20% off</span>');
    expect(pro.text).toContain('HKD 5,504 per year');
  });
});
