import type { PrismaClient } from '../db/generated/client.js';
import { createEventBus, type EventBus } from '../events/event-bus.js';
import { listUnmatched } from '../ingest/sync/identity/mapping.js';
import { listSources } from '../ingest/sync/listing.js';
import { createAccountsService } from './accounts.js';
import { createAllowlistService } from './allowlist.js';
import { listAudit } from './audit.js';
import { createBillingService } from './billing/billing-service.js';
import { manualProvider, type PaymentProvider } from './billing/provider.js';
import { createKeysService, ensureAccount } from './keys.js';
import { createPlanPricesService } from './plan-prices.js';
import { siteSecret } from './site-secrets.js';
import { createSubscriptionsService } from './subscriptions/subscriptions.js';
import { type CounterReader, createUsageService } from './usage.js';
import { createWebAccountsService } from './web-accounts.js';
import { createWebSessionsService } from './web-sessions.js';

interface ManagementOptions {
  db: PrismaClient;
  /** Where changes are announced, so every instance's caches learn of them (access-events.ts). */
  events?: EventBus | undefined;
  /** Live counters for `usage` (a getter: the store is built after the services); without
   * them usage is read from `daily_usage`. */
  quotaStore?: (() => CounterReader | undefined) | undefined;
  now?: () => Date;
  /** Who takes payments (BILLING_PROVIDER); the operator's confirmation by default. */
  provider?: PaymentProvider | undefined;
  /**
   * For the sources' listing: the environment the providers' credentials are looked for in
   * (whether each is set; never their values) and SOURCE_STALE_AFTER.
   */
  sources?: { env: Readonly<Record<string, string | undefined>>; staleAfterSeconds: number };
}

/** The management side of the access policy: one set of services behind the CLI and admin API. */
export function createManagementServices(options: ManagementOptions) {
  const { db, quotaStore } = options;
  const events = options.events ?? createEventBus();
  const now = options.now ?? (() => new Date());
  const subscriptions = createSubscriptionsService({ db, events, now });
  const webSessions = createWebSessionsService({ db, now });
  return {
    accounts: createAccountsService({ db, now }),
    keys: createKeysService({ db, events, now }),
    allowlist: createAllowlistService({ db, events, subscriptions }),
    subscriptions,
    planPrices: createPlanPricesService({ db, events }),
    usage: createUsageService({ db, subscriptions, quotaStore, now }),
    /** Owners on the web: sign-up, e-mailed links, sign-in, invitations (docs/accounts.md). */
    webAccounts: createWebAccountsService({ db, sessions: webSessions, now }),
    webSessions,
    /** Server-wide secrets shared by every instance (the web forms' CSRF key). */
    siteSecret: (name: string) => siteSecret(db, name),
    /** The sync sources (docs/sources.md): their health and the competitions they bring. */
    sources: {
      list: () =>
        listSources(
          db,
          options.sources?.env ?? {},
          now(),
          options.sources?.staleAfterSeconds ?? 60,
        ),
      /** What they brought that matched nothing (`touchline map`). */
      unmatched: (source?: string) => listUnmatched(db, source),
    },
    audit: {
      /** An account's audit records, newest first (404 for an unknown account). */
      list: async (accountId: number, limit?: number) => {
        await ensureAccount(db, accountId);
        return listAudit(db, { accountId, ...(limit ? { limit } : {}) });
      },
    },
    billing: createBillingService({
      db,
      events,
      now,
      provider: options.provider ?? manualProvider,
      subscriptions,
    }),
  };
}

export type ManagementServices = ReturnType<typeof createManagementServices>;
