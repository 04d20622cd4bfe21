import type { PrismaClient } from '../../db/generated/client.js';
import type { EventBus } from '../../events/event-bus.js';
import {
  effectiveSubscription,
  type SubscriptionRecord,
} from '../subscriptions/subscription-state.js';
import { loadRecord } from '../subscriptions/subscription-store.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.js';
import type { PaymentProvider } from './provider.js';

/** What the billing service's steps (upgrades.ts, renewal-changes.ts) work with. */
export interface BillingDeps {
  db: PrismaClient;
  events: EventBus;
  now: () => Date;
  provider: PaymentProvider;
  subscriptions: SubscriptionsService;
}

/** The account's subscription in force now. */
export async function current(
  { db, now }: BillingDeps,
  accountId: number,
): Promise<SubscriptionRecord> {
  return effectiveSubscription(await loadRecord(db, accountId), now());
}
