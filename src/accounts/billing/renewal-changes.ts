import { ApiError } from '../../errors/api-error.js';
import type { ChangeAuthor } from '../audit.js';
import { downgraded, resumed } from '../subscriptions/subscription-changes.js';
import { OPERATOR } from '../subscriptions/subscriptions.js';
import type { TierName } from '../tiers.js';
import { type BillingDeps, current } from './billing-deps.js';
import { planToBuy } from './payments.js';

/**
 * The plan changes the payment provider must hear of before they are made (spec 1): the
 * subscription's renewal stops, changes plan or starts again.
 */

async function providerSubscription(
  { db }: BillingDeps,
  accountId: number,
): Promise<string | null> {
  const billing = await db.billingAccount.findUnique({ where: { accountId } });
  return billing?.subscriptionId ?? null;
}

/** Spec 1: no renewal, access until the paid period ends; the provider stops charging. */
export async function cancel(deps: BillingDeps, accountId: number, by: ChangeAuthor = OPERATOR) {
  const sub = await current(deps, accountId);
  const ref = await providerSubscription(deps, accountId);
  if (ref && sub.tier !== 'Free') {
    await callProvider(() => deps.provider.setRenewal(ref, false));
  }
  return deps.subscriptions.cancel(accountId, by);
}

/** Spec 1: a downgrade applies at the period end; the provider bills the lower plan then. */
export async function downgrade(
  deps: BillingDeps,
  accountId: number,
  tier: TierName,
  by: ChangeAuthor = OPERATOR,
) {
  const { provider } = deps;
  const preview = await downgraded(deps.db, await current(deps, accountId), tier);
  const ref = await providerSubscription(deps, accountId);
  if (ref) {
    const plan = preview.pendingPlan;
    await callProvider(async () =>
      plan
        ? provider.changeRenewalPlan(ref, await planById(deps, plan.id))
        : provider.setRenewal(ref, false),
    );
  }
  return deps.subscriptions.downgrade(accountId, tier, by);
}

/** Undoes a pending cancellation or downgrade before the period end. */
export async function resume(deps: BillingDeps, accountId: number, by: ChangeAuthor = OPERATOR) {
  const { provider } = deps;
  const sub = await current(deps, accountId);
  const preview = await resumed(deps.db, sub);
  const ref = await providerSubscription(deps, accountId);
  if (ref) {
    const plan = preview.pendingPlan ?? preview.planVersion;
    await callProvider(async () => {
      await provider.setRenewal(ref, true);
      if (sub.pendingTier && sub.pendingTier !== 'Free' && plan) {
        await provider.changeRenewalPlan(ref, await planById(deps, plan.id));
      }
    });
  }
  return deps.subscriptions.resume(accountId, by);
}

const planById = async ({ db }: BillingDeps, id: number) =>
  planToBuy(await db.planVersion.findUniqueOrThrow({ where: { id } }));

async function callProvider(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch {
    throw new ApiError(
      'upstream_unavailable',
      'The payment provider did not accept the change; nothing was changed, try again later',
    );
  }
}
