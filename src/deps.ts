import type { Config } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { createAccountsService } from './services/accounts.js';
import { createPlansService } from './services/plans.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function createServices(database: Database, clock: Clock = systemClock) {
  const db = database.prisma;
  return {
    plans: createPlansService({ db }),
    accounts: createAccountsService({ db, now: clock.now }),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface Deps {
  readonly database: Database;
  readonly services: Services;
  readonly clock: Clock;
  close(): Promise<void>;
}

/** Everything the app needs, built once from the config; tests build their own. */
export async function createDeps(config: Config, clock: Clock = systemClock): Promise<Deps> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return depsFromDatabase(database, clock);
}

export function depsFromDatabase(database: Database, clock: Clock = systemClock): Deps {
  return {
    database,
    clock,
    services: createServices(database, clock),
    close: () => database.close(),
  };
}
