import type { Database } from '../db/database.js';
import type { AccessEvents } from '../events/access-events.js';
import { createAccountsService } from './accounts.js';
import { createBookmakersService } from './bookmakers.js';
import { createManagementServices } from './management.js';
import { createMatchServices } from './match-services.js';
import { createMatchVersions } from './match-versions.js';
import { createOddsServices } from './odds-services.js';
import { createPlansService } from './plans.js';
import { createSubscriptionsService } from './subscriptions.js';
import { createTeamsService } from './teams.js';
import type { CounterReader } from './usage.js';

/** The service layer over one database: what every door calls. */
export function createServices(
  database: Database,
  events: AccessEvents,
  now: () => Date,
  /** The live counters `usage` reads (Redis or this process's); none: `daily_usage` only. */
  counters?: CounterReader,
) {
  const db = database.prisma;
  return {
    // Keys, allowlists, plan changes, prices and usage (the CLI and admin API share them).
    ...createManagementServices({ db, events, now, quotaStore: () => counters }),
    plans: createPlansService({ db }),
    bookmakers: createBookmakersService({ db }),
    teams: createTeamsService({ db }),
    accounts: createAccountsService({ db, now }),
    subscriptions: createSubscriptionsService({ db, events, now }),
    ...createMatchServices({ db, read: database.read }),
    ...createOddsServices({ db }),
    versions: createMatchVersions(database.read, events),
  };
}

export type Services = ReturnType<typeof createServices>;
