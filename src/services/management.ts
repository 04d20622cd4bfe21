import { createBillingService } from '../billing/billing-service.js';
import { manualProvider, type PaymentProvider } from '../billing/provider.js';
import type { PrismaClient } from '../db/generated/client.js';
import { type AccessEvents, createAccessEvents } from '../events/access-events.js';
import { createAccountsService } from './accounts.js';
import { createAllowlistService } from './allowlist.js';
import { createKeysService } from './keys.js';
import { createPlanPricesService } from './plan-prices.js';
import { createSubscriptionsService } from './subscriptions.js';
import { type CounterReader, createUsageService } from './usage.js';

export interface ManagementOptions {
  db: PrismaClient;
  /** Where changes are announced, so every instance's caches learn of them (access-events.ts). */
  events?: AccessEvents | undefined;
  /** Live counters for `usage` (a getter: the store is built after the services); without
   * them usage is read from `daily_usage`. */
  quotaStore?: (() => CounterReader | undefined) | undefined;
  now?: () => Date;
  /** Who takes payments (BILLING_PROVIDER); the operator's confirmation by default. */
  provider?: PaymentProvider | undefined;
}

/** The management side of the access policy: one set of services behind the CLI and admin API. */
export function createManagementServices(options: ManagementOptions) {
  const { db, quotaStore } = options;
  const events = options.events ?? createAccessEvents();
  const now = options.now ?? (() => new Date());
  const subscriptions = createSubscriptionsService({ db, events, now });
  return {
    accounts: createAccountsService({ db, now }),
    keys: createKeysService({ db, events, now }),
    allowlist: createAllowlistService({ db, events, subscriptions }),
    subscriptions,
    planPrices: createPlanPricesService({ db, events }),
    usage: createUsageService({ db, subscriptions, quotaStore, now }),
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
