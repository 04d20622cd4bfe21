import Stripe from 'stripe';
import type { PaymentProvider, PlanToBuy, UpgradeRequest, UpgradeStart } from './provider.js';

interface StripeSettings {
  secretKey: string;
  /** The Stripe API's origin: https://api.stripe.com, or a local stand-in in tests. */
  apiUrl: string;
}

/** A Stripe client for `settings.apiUrl` (the package's host, port and protocol settings). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
  });
}

/** Prices are stored as decimal text with two places; Stripe takes minor units (HKD cents). */
const minorUnits = (price: string) => Math.round(Number(price) * 100);

const recurring = (plan: PlanToBuy) =>
  plan.months % 12 === 0
    ? { interval: 'year' as const, interval_count: plan.months / 12 }
    : { interval: 'month' as const, interval_count: plan.months };

/** What every Stripe object of an upgrade carries back to us in its events. */
const upgradeMetadata = (request: UpgradeRequest) => ({
  accountId: String(request.accountId),
  planVersionId: String(request.plan.id),
  reference: request.reference,
});

/**
 * Stripe: an upgrade is a Checkout Session in `subscription` mode at the plan version's price.
 * From a paid tier the new subscription's billing cycle is anchored at the end of the period
 * already paid, without proration: nothing is charged now and the new price applies from the
 * next renewal (spec 1). Cancellation, resumption and downgrades update the subscription.
 */
export function createStripeProvider(stripe: Stripe, baseUrl: string): PaymentProvider {
  async function ensureCustomer(request: UpgradeRequest): Promise<string> {
    if (request.customerId) {
      return request.customerId;
    }
    const customer = await stripe.customers.create(
      {
        ...(request.email ? { email: request.email } : {}),
        metadata: { accountId: String(request.accountId) },
      },
      { idempotencyKey: `touchline-customer-${request.accountId}` },
    );
    return customer.id;
  }

  async function startUpgrade(request: UpgradeRequest): Promise<UpgradeStart> {
    const customerId = await ensureCustomer(request);
    const metadata = upgradeMetadata(request);
    const anchor = request.firstChargeAt
      ? {
          billing_cycle_anchor: Math.floor(request.firstChargeAt.getTime() / 1000),
          proration_behavior: 'none' as const,
        }
      : {};
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: String(request.accountId),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.plan.currency.toLowerCase(),
              unit_amount: minorUnits(request.plan.price),
              recurring: recurring(request.plan),
              product_data: { name: `touchline ${request.plan.tier} (${request.plan.planCode})` },
            },
          },
        ],
        metadata,
        subscription_data: { metadata, ...anchor },
        success_url: `${baseUrl}/dashboard?checkout=done`,
        cancel_url: `${baseUrl}/dashboard?checkout=cancelled`,
      },
      { idempotencyKey: `touchline-checkout-${request.reference}` },
    );
    if (!session.url) {
      throw new Error('Stripe returned a Checkout Session without a URL');
    }
    return { kind: 'redirect', url: session.url, providerRef: session.id, customerId };
  }

  async function changeRenewalPlan(subscriptionId: string, plan: PlanToBuy): Promise<void> {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const item = subscription.items.data[0];
    if (!item) {
      throw new Error(`Stripe subscription ${subscriptionId} has no item`);
    }
    const product =
      typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    await stripe.subscriptions.update(subscriptionId, {
      items: [
        {
          id: item.id,
          price_data: {
            currency: plan.currency.toLowerCase(),
            product,
            unit_amount: minorUnits(plan.price),
            recurring: recurring(plan),
          },
        },
      ],
      // Nothing now: the lower price is what the next renewal charges (spec 1).
      proration_behavior: 'none',
      metadata: { planVersionId: String(plan.id) },
    });
  }

  return {
    name: 'stripe',
    startUpgrade,
    setRenewal: async (subscriptionId, renew) => {
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: !renew });
    },
    changeRenewalPlan,
  };
}
