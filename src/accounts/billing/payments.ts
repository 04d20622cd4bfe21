import { randomBytes } from 'node:crypto';
import type { BillingPayment, PlanVersion } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';
import { type ChangeAuthor, recordAudit } from '../audit.js';
import { upgradedTo } from '../subscriptions/subscription-changes.js';
import { applySubscriptionStep, planRef, type Tx } from '../subscriptions/subscription-store.js';
import { TIER_RANK, type TierName } from '../tiers.js';
import type { PlanToBuy } from './provider.js';

/** Payment references: `TL-` and 10 characters without look-alikes (0/O, 1/I/L), easy to quote. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReference(): string {
  const bytes = randomBytes(10);
  let text = '';
  for (const byte of bytes) {
    text += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  }
  return `TL-${text}`;
}

export const planToBuy = (row: PlanVersion): PlanToBuy => ({
  id: row.id,
  planCode: row.planCode,
  tier: row.tier,
  billingPeriod: row.billingPeriod,
  months: row.months,
  price: row.price.toFixed(2),
  currency: row.currency,
});

export interface PaymentView {
  reference: string;
  accountId: number;
  tier: TierName;
  planVersionId: number;
  provider: string;
  status: BillingPayment['status'];
  createdAt: string;
  settledAt?: string;
}

export const presentPayment = (p: BillingPayment): PaymentView => ({
  reference: p.reference,
  accountId: p.accountId,
  tier: p.tier,
  planVersionId: p.planVersionId,
  provider: p.provider,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  ...(p.settledAt ? { settledAt: p.settledAt.toISOString() } : {}),
});

/** What confirming a payment did. */
export type ConfirmOutcome =
  /** The upgrade is in force now. */
  | 'upgraded'
  /** Confirmed before (a replayed or second notice of the same payment): nothing changed. */
  | 'already_confirmed'
  /** Paid, but the account is on that tier or above already (an operator moved it): recorded. */
  | 'not_an_upgrade';

/**
 * Confirms a payment in the caller's transaction (spec 1): the upgrade's allowances rise now; its
 * price applies from the next renewal (from Free: the first period starts now at that price).
 * Other payments still waiting for the account are superseded.
 */
export async function confirmPaymentInTx(
  tx: Tx,
  payment: BillingPayment,
  now: Date,
  by: ChangeAuthor,
): Promise<ConfirmOutcome> {
  // Lock the payment row: two confirmations of one payment run one after the other.
  await tx.$queryRaw`SELECT 1 FROM billing_payments WHERE id = ${payment.id} FOR UPDATE`;
  const fresh = await tx.billingPayment.findUniqueOrThrow({ where: { id: payment.id } });
  if (fresh.status === 'confirmed') {
    return 'already_confirmed';
  }
  if (fresh.status === 'cancelled') {
    throw new ApiError('invalid_parameter', `Payment ${fresh.reference} was cancelled`, {
      parameter: 'reference',
    });
  }
  const plan = await planRef(tx, fresh.planVersionId);
  let outcome: ConfirmOutcome = 'upgraded';
  await applySubscriptionStep(tx, fresh.accountId, now, (_tx, _stored, current) => {
    if (TIER_RANK[fresh.tier] <= TIER_RANK[current.tier]) {
      outcome = 'not_an_upgrade';
      return current;
    }
    return upgradedTo(current, fresh.tier, plan, now);
  });
  await tx.billingPayment.update({
    where: { id: fresh.id },
    data: { status: 'confirmed', settledAt: now },
  });
  await tx.billingPayment.updateMany({
    where: { accountId: fresh.accountId, status: 'pending' },
    data: { status: 'superseded', settledAt: now },
  });
  await recordAudit(tx, {
    ...by,
    accountId: fresh.accountId,
    action: 'billing.confirm',
    detail: { reference: fresh.reference, tier: fresh.tier, outcome },
  });
  return outcome;
}
