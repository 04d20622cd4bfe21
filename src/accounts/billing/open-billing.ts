import type { BillingConfig } from '../../config/billing.js';
import { manualProvider, type PaymentProvider } from './provider.js';
import { createStripeClient, createStripeProvider } from './stripe-provider.js';

/** The configured payment provider, and for Stripe what its webhooks need to be verified. */
export interface BillingSetup {
  provider: PaymentProvider;
  stripe?: { client: ReturnType<typeof createStripeClient>; webhookSecret: string };
}

/** BILLING_PROVIDER: `manual` (default) or `stripe` (its secrets are checked by config.ts). */
export function openBilling(config: BillingConfig, baseUrl: string): BillingSetup {
  if (config.provider === 'manual') {
    return { provider: manualProvider };
  }
  const client = createStripeClient(config);
  return {
    provider: createStripeProvider(client, baseUrl),
    stripe: { client, webhookSecret: config.webhookSecret },
  };
}
