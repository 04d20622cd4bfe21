import type { BillingPeriod, PrismaClient } from '../../db/generated/client.js';
import type { EventBus } from '../../events/event-bus.js';
import { type AuditView, type ChangeAuthor, listAudit } from '../audit.js';
import { presentSubscription, type SubscriptionView } from '../subscriptions/subscription-state.js';
import type { SubscriptionsService } from '../subscriptions/subscriptions.js';
import type { TierName } from '../tiers.js';
import { type BillingDeps, current } from './billing-deps.js';
import { type PaymentView, presentPayment } from './payments.js';
import type { PaymentProvider } from './provider.js';
import { cancel, downgrade, resume } from './renewal-changes.js';
import { confirmPayment, failRenewal, requestUpgrade } from './upgrades.js';

export interface BillingStatus {
  accountId: number;
  provider: string;
  subscription: SubscriptionView;
  payments: PaymentView[];
  /** The newest audit records of the account (plan, billing, keys, allowlist). */
  audit: AuditView[];
}

/** Payments waiting for confirmation, oldest first (`touchline billing pending`). */
async function listPending({ db }: BillingDeps): Promise<PaymentView[]> {
  const rows = await db.billingPayment.findMany({
    where: { status: 'pending' },
    orderBy: { id: 'asc' },
  });
  return rows.map(presentPayment);
}

/** The account's subscription in force and its latest payments (`touchline billing status`). */
async function status(deps: BillingDeps, accountId: number): Promise<BillingStatus> {
  const { db, provider } = deps;
  const sub = await current(deps, accountId);
  const [payments, audit] = await Promise.all([
    db.billingPayment.findMany({ where: { accountId }, orderBy: { id: 'desc' }, take: 10 }),
    listAudit(db, { accountId, limit: 20 }),
  ]);
  return {
    accountId,
    provider: provider.name,
    subscription: presentSubscription(sub),
    payments: payments.map(presentPayment),
    audit,
  };
}

/**
 * The plan lifecycle with payments (spec 1, DECISIONS.md "Accounts on the web"): one service
 * behind the CLI, the admin API, the dashboard and the provider's webhooks. Plan rules live in
 * accounts/subscriptions/subscription-changes.ts; the steps are upgrades.ts and
 * renewal-changes.ts; this adds what money changes: an upgrade waits for its
 * payment, a failed renewal starts the grace, and the provider hears of cancellations.
 */
export function createBillingService({
  now = () => new Date(),
  ...rest
}: {
  db: PrismaClient;
  events: EventBus;
  now?: () => Date;
  provider: PaymentProvider;
  subscriptions: SubscriptionsService;
}) {
  const deps: BillingDeps = { ...rest, now };
  return {
    provider: deps.provider.name,
    requestUpgrade: (
      accountId: number,
      tier: TierName,
      options?: { period?: BillingPeriod },
      by?: ChangeAuthor,
    ) => requestUpgrade(deps, accountId, tier, options, by),
    confirmPayment: (
      accountId: number,
      options?: { reference?: string; renewal?: boolean },
      by?: ChangeAuthor,
    ) => confirmPayment(deps, accountId, options, by),
    failRenewal: (accountId: number, by?: ChangeAuthor) => failRenewal(deps, accountId, by),
    cancel: (accountId: number, by?: ChangeAuthor) => cancel(deps, accountId, by),
    downgrade: (accountId: number, tier: TierName, by?: ChangeAuthor) =>
      downgrade(deps, accountId, tier, by),
    resume: (accountId: number, by?: ChangeAuthor) => resume(deps, accountId, by),
    listPending: () => listPending(deps),
    status: (accountId: number) => status(deps, accountId),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
