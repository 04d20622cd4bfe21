import type { Config } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { ApiError } from './errors/api-error.js';
import { createAccessEventsFromConfig } from './policy/access-event-transports.js';
import type { AccessEvents } from './policy/access-events.js';
import { type AccessLayer, createAccessLayer } from './policy/access-layer.js';
import { createAccountsService } from './services/accounts.js';
import { createBookmakersService } from './services/bookmakers.js';
import { createManagementServices } from './services/management.js';
import { createMatchServices } from './services/match-services.js';
import { createOddsServices } from './services/odds-services.js';
import { createPlansService } from './services/plans.js';
import { createSubscriptionsService } from './services/subscriptions.js';
import type { CounterReader } from './services/usage.js';

/**
 * How long closing the counters and events may take before the database is closed anyway: their
 * usage flush is bounded by the database timeouts (DATABASE_CONNECT_TIMEOUT_MS +
 * DATABASE_QUERY_TIMEOUT_MS, 10 s by default), Redis by its one-second command timeout.
 */
const ACCESS_CLOSE_MS = 15_000;

const delay = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function createServices(
  database: Database,
  events: AccessEvents,
  clock: Clock = systemClock,
  counters?: () => CounterReader | undefined,
) {
  const db = database.prisma;
  return {
    // Keys, allowlists, plan changes, prices and usage (the CLI and admin API share them).
    ...createManagementServices({ db, events, now: clock.now, quotaStore: counters }),
    plans: createPlansService({ db }),
    bookmakers: createBookmakersService({ db }),
    accounts: createAccountsService({ db, now: clock.now }),
    subscriptions: createSubscriptionsService({ db, events, now: clock.now }),
    ...createMatchServices({ db, read: database.read }),
    ...createOddsServices({ db }),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface Deps {
  readonly database: Database;
  readonly services: Services;
  readonly access: AccessLayer;
  readonly events: AccessEvents;
  readonly clock: Clock;
  close(): Promise<void>;
}

export interface DepsOptions {
  clock?: Clock;
}

/** Everything the app needs around an open database; `close` releases all of it. */
export async function createDepsFor(
  config: Config,
  database: Database,
  options: DepsOptions = {},
): Promise<Deps> {
  const clock = options.clock ?? systemClock;
  const events = createAccessEventsFromConfig(config);
  // The usage service reads the live counters, which the access layer builds after the services.
  const counters: { store?: CounterReader } = {};
  const services = createServices(database, events, clock, () => counters.store);
  const access = await createAccessLayer({
    config,
    database,
    events,
    now: clock.now,
    loadAccount: (accountId, now) =>
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
      ),
  });
  counters.store = access.store;
  await access.start();
  return {
    database,
    services,
    access,
    events,
    clock,
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

/** Opens the configured database and builds the deps around it. */
export async function createDeps(config: Config, options: DepsOptions = {}): Promise<Deps> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return createDepsFor(config, database, options);
}
