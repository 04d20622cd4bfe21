import { openBilling } from '../src/accounts/billing/open-billing.js';
import type { Config } from '../src/config/config.js';
import { createCounters } from '../src/counters/counters.js';
import { createServices, type Services } from '../src/create-services.js';
import type { Database } from '../src/db/database.js';
import type { Clock, Deps } from '../src/deps.js';
import { systemClock } from '../src/deps.js';
import { ApiError } from '../src/errors/api-error.js';
import { openEventBus } from '../src/events/open-event-bus.js';
import { observeDatabase } from '../src/metrics/database.js';
import { createMetrics } from '../src/metrics/metrics.js';
import { instrumentRedis } from '../src/metrics/redis.js';
import { createAccessLayer } from '../src/policy/access-layer.js';
import type { AccountAccess } from '../src/policy/account-cache.js';

/**
 * How long closing the counters and events may take before the database is closed anyway: their
 * usage flush is bounded by the database timeouts (DATABASE_CONNECT_TIMEOUT_MS +
 * DATABASE_QUERY_TIMEOUT_MS, 10 s by default), Redis by its one-second command timeout.
 */
const ACCESS_CLOSE_MS = 15_000;

const delay = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());

/** The plan an account is on now, as the access policy caches it; `null`: no such account. */
const accountAccess =
  (services: Services) =>
  (accountId: number, now: Date): Promise<AccountAccess | null> =>
    services.subscriptions.getAccountAccess(accountId, now).then(
      (a) => ({
        accountId,
        tier: a.tier,
        limits: {
          ratePerMinute: a.limits.ratePerMinute,
          dailyQuota: a.limits.dailyQuota,
          freeMatchesDailyQuota: a.limits.freeMatchesDailyQuota,
          analysis: a.limits.analysis,
        },
      }),
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'not_found') {
          return null;
        }
        throw error;
      },
    );

export interface ComposeOptions {
  clock?: Clock;
  /** Collect prom-client's process metrics too (`touchline serve`; tests leave them off). */
  processMetrics?: boolean;
}

/**
 * The dependency graph of a serving process (the server, the tests' apps, the bench) around an
 * open database, in the order each part needs the one before: the event bus; the counters (the
 * services read them); the services; the access layer (its account cache reads the services).
 * `close` releases all of it, the database last.
 */
export async function composeDeps(
  config: Config,
  database: Database,
  options: ComposeOptions = {},
): Promise<Deps> {
  const clock = options.clock ?? systemClock;
  const metrics = createMetrics({ processMetrics: options.processMetrics ?? false });
  observeDatabase(metrics.sources, database);
  const events = await openEventBus(config);
  // A data change (here or on another instance) sends reads to the primary until a replica has
  // replayed it, so that no cache refills from before the change (docs/scale.md "Read replicas").
  events.subscribe((event) => {
    if (event.type === 'data-changed') {
      database.data.markChanged();
    }
  });
  const counters = await createCounters({
    config,
    database,
    now: clock.now,
    onRedis: (redis) => instrumentRedis(redis, metrics),
  });
  const services = createServices(
    database,
    events,
    clock.now,
    counters.store,
    openBilling(config.billing, config.baseUrl),
    { staleAfterSeconds: config.sourceStaleAfterSeconds, env: process.env },
  );
  services.freshness.prime();
  metrics.sources.dataSources = services.sourceHealth;
  const access = createAccessLayer({
    database,
    events,
    now: clock.now,
    counters,
    loadAccount: accountAccess(services),
  });
  await access.start();
  return {
    database,
    services,
    access,
    events,
    clock,
    metrics,
    /**
     * Counters and events first (the usage flush still needs the database), then the database,
     * which is closed even when a step before it failed or hangs (a goodbye to a database that
     * stopped answering is never acknowledged): after ACCESS_CLOSE_MS it is closed regardless.
     */
    async close() {
      const failures: unknown[] = [];
      const accessClosed = access.close().then(
        () => true,
        (error: unknown) => {
          failures.push(error);
          return true;
        },
      );
      if (!(await Promise.race([accessClosed, delay(ACCESS_CLOSE_MS, false)]))) {
        failures.push(new Error(`counters and events not closed within ${ACCESS_CLOSE_MS} ms`));
      }
      await database.close().catch((error: unknown) => failures.push(error));
      if (failures.length > 0) {
        throw new AggregateError(failures, 'closing the dependencies failed');
      }
    },
  };
}
