import type { TierName } from '../tiers.js';

type ProviderName = 'manual' | 'stripe';

/** The plan version an upgrade buys, as a provider needs it to take the payment. */
export interface PlanToBuy {
  id: number;
  planCode: string;
  tier: TierName;
  billingPeriod: 'monthly' | 'yearly';
  months: number;
  /** Decimal text with two places, as stored (`188.00`). */
  price: string;
  currency: string;
}

export interface UpgradeRequest {
  accountId: number;
  email: string | null;
  /** Our payment reference (billing_payments.reference). */
  reference: string;
  plan: PlanToBuy;
  /**
   * From a paid tier: the end of the period already paid. The provider charges the new price
   * from then on (spec 1: the new price applies from the next renewal), nothing before.
   */
  firstChargeAt: Date | null;
  /** The provider's customer of this account, when it has one already. */
  customerId: string | null;
}

/** What the account holder must do to pay for an upgrade. */
export type UpgradeStart =
  | { kind: 'awaiting_confirmation'; instructions: string }
  | { kind: 'redirect'; url: string; providerRef: string; customerId: string };

/**
 * A payment provider: it takes payments and tells touchline about them (the operator's
 * `touchline billing confirm`, or signed webhooks). Calls that fail throw; the billing service
 * calls them before it stores anything, so a refused call changes nothing.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  startUpgrade(request: UpgradeRequest): Promise<UpgradeStart>;
  /** Stop (false) or restart (true) renewing the provider's subscription at its period end. */
  setRenewal(subscriptionId: string, renew: boolean): Promise<void>;
  /** Bill the next renewals at `plan` without charging anything now (a downgrade). */
  changeRenewalPlan(subscriptionId: string, plan: PlanToBuy): Promise<void>;
}

/** The default: the operator confirms payments taken outside touchline (bank transfer, invoice). */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  startUpgrade: async (request) => ({
    kind: 'awaiting_confirmation',
    instructions:
      `Pay ${request.plan.price} ${request.plan.currency} for ${request.plan.planCode} ` +
      `quoting reference ${request.reference}; the plan changes when the payment is confirmed.`,
  }),
  setRenewal: async () => {},
  changeRenewalPlan: async () => {},
};
