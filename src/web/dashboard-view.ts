import type { PaymentView } from '../accounts/billing/payments.js';
import type { KeyView } from '../accounts/keys.js';
import type { ManagementServices } from '../accounts/management.js';
import type { AccountAccess } from '../accounts/subscriptions/subscriptions.js';
import type { EventBus } from '../events/event-bus.js';
import type { UsageCharts } from './dashboard-usage.js';
import { clearedOnChanges, createReadCache } from './read-cache.js';

/** What the dashboard reads of an account: its plan in force and its keys. */
export interface DashboardView {
  access: AccountAccess;
  /** The key the account holds (active or expired); revoked ones are history. */
  key: KeyView | undefined;
  /** An upgrade waiting for its payment's confirmation (billing). */
  pendingUpgrade: PaymentView | undefined;
  /** The last 30 Hong Kong days and today's minutes (today's count from the live counters). */
  usage: UsageCharts;
}

/**
 * Dashboard views kept for a few seconds (read-cache.ts), emptied by every key, allowlist or
 * plan change event and forgotten by the dashboard's own changes, so an owner sees a change they
 * made at once.
 */
export function createDashboardViews(
  services: Pick<ManagementServices, 'subscriptions' | 'keys' | 'billing' | 'usage'>,
  options: { events: EventBus | undefined; now: () => Date },
) {
  const views = createReadCache<number, DashboardView>({
    load: async (accountId) => {
      const now = options.now();
      const [access, keys, billing, daily, minutes] = await Promise.all([
        services.subscriptions.getAccountAccess(accountId, now),
        services.keys.listKeys(accountId),
        services.billing.status(accountId),
        services.usage.dailySeries(accountId, { days: 30, now }),
        services.usage.minuteSeries(accountId, { now }),
      ]);
      return {
        access,
        key: keys.find((k) => k.status !== 'revoked'),
        pendingUpgrade: billing.payments.find((p) => p.status === 'pending'),
        usage: { daily, minutes },
      };
    },
    now: options.now,
  });
  clearedOnChanges(options.events, views.clear);
  return { get: views.get, forget: views.forget };
}

export type DashboardViews = ReturnType<typeof createDashboardViews>;
