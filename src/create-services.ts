import type { BillingSetup } from './accounts/billing/open-billing.js';
import { createStripeWebhooks } from './accounts/billing/stripe-webhooks.js';
import { createManagementServices } from './accounts/management.js';
import { createPlansService } from './accounts/plans.js';
import type { CounterReader } from './accounts/usage.js';
import {
  createPlayerVersions,
  createSearchVersions,
  createTeamVersions,
} from './changes/entity-pages.js';
import { createMatchVersions } from './changes/match-versions.js';
import type { Database } from './db/database.js';
import type { EventBus } from './events/event-bus.js';
import { createCatalogueServices } from './football/catalogue-services.js';
import { createMatchServices } from './football/match-services.js';
import { createBookmakersService } from './football/odds/bookmakers.js';
import { createOddsServices } from './football/odds/odds-services.js';
import { createPlayersService } from './football/players.js';
import { createSearchService } from './football/search.js';
import { createTeamCatalogue } from './football/team-catalogue.js';
import { createTeamsService } from './football/teams.js';
import { SourceFreshness } from './freshness/source-freshness.js';
import { createSourceHealth } from './freshness/source-health.js';

/** The service layer over one database: what every door calls. */
export function createServices(
  database: Database,
  events: EventBus,
  now: () => Date,
  /** The live counters `usage` reads (Redis or this process's); none: `daily_usage` only. */
  counters?: CounterReader,
  /** Who takes payments (BILLING_PROVIDER; default manual). */
  billing?: BillingSetup,
  /**
   * SOURCE_STALE_AFTER, seconds (default 60; docs/sources/freshness.md), and the environment the
   * providers' credentials are looked for in (the sources' listing says which are set).
   */
  sources: {
    staleAfterSeconds: number;
    env?: Readonly<Record<string, string | undefined>>;
  } = { staleAfterSeconds: 60 },
) {
  // Keys, accounts, plans and usage read the primary: they must see their own writes at once.
  const db = database.prisma;
  // Football data reads go through a replica when there are any (docs/scale.md "Read replicas").
  const data = database.data;
  return {
    // Keys, allowlists, plan changes, prices and usage (the CLI and admin API share them).
    ...createManagementServices({
      db,
      events,
      now,
      quotaStore: () => counters,
      provider: billing?.provider,
      sources: { env: sources.env ?? {}, staleAfterSeconds: sources.staleAfterSeconds },
    }),
    /** Stripe's webhooks, when BILLING_PROVIDER=stripe. */
    stripeWebhooks: billing?.stripe
      ? createStripeWebhooks({
          db,
          events,
          now,
          stripe: billing.stripe.client,
          webhookSecret: billing.stripe.webhookSecret,
          provider: billing.provider,
        })
      : undefined,
    plans: createPlansService({ db }),
    bookmakers: createBookmakersService({ db: data.prisma }),
    teams: createTeamsService({ db: data.prisma }),
    ...createMatchServices({ db: data.prisma, read: data.read }),
    players: createPlayersService({ read: data.read }),
    ...createOddsServices({ db: data.prisma, read: data.read }),
    versions: createMatchVersions(data.read, events),
    /** Teams' pages and their lists of matches (issue 49), with their `Last-Modified`. */
    teamCatalogue: createTeamCatalogue({ read: data.read }),
    teamVersions: createTeamVersions(data.read, events),
    playerVersions: createPlayerVersions(data.read, events),
    // Competitions and their standings (issue 49).
    ...createCatalogueServices({ read: data.read, events, now }),
    search: createSearchService({ read: data.read }),
    searchVersions: createSearchVersions(data.read, events),
    // The sources' heartbeat and refusals are read on the primary: another process writes them.
    freshness: new SourceFreshness({
      read: database.read,
      staleAfterSeconds: sources.staleAfterSeconds,
      now,
    }),
    sourceHealth: createSourceHealth({
      read: database.read,
      staleAfterSeconds: sources.staleAfterSeconds,
      now,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
