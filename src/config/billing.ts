import { type EnvOf, oneOf, type Reading, text, trimSlash } from './env.js';

/** Who takes payments (docs/accounts.md "Billing"). */
export const BILLING_ENV = {
  BILLING_PROVIDER: oneOf(['manual', 'stripe']),
  STRIPE_SECRET_KEY: text({ pattern: '^(sk|rk)_[A-Za-z0-9_]{8,}$' }),
  STRIPE_WEBHOOK_SECRET: text({ pattern: '^whsec_[A-Za-z0-9_+/=]{8,}$' }),
  STRIPE_API_URL: text({ pattern: '^https?://[^/?#]+/?$' }),
} as const;

export const BILLING_SECRETS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

export type BillingConfig =
  | { readonly provider: 'manual' }
  | {
      readonly provider: 'stripe';
      readonly secretKey: string;
      readonly webhookSecret: string;
      /** STRIPE_API_URL: where the Stripe API is (default https://api.stripe.com; tests: a stand-in). */
      readonly apiUrl: string;
    };

type BillingEnv = EnvOf<typeof BILLING_ENV>;

/** Stripe needs both of its secrets: without them it could neither charge nor hear back. */
function billingProblems(env: BillingEnv): string[] {
  if (env.BILLING_PROVIDER !== 'stripe') {
    return [];
  }
  return (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)
    .filter((name) => env[name] === undefined)
    .map((name) => `${name}: required when BILLING_PROVIDER=stripe`);
}

function billingConfig(env: BillingEnv): BillingConfig {
  if (env.BILLING_PROVIDER !== 'stripe' || !env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    return { provider: 'manual' };
  }
  return Object.freeze({
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: trimSlash(env.STRIPE_API_URL ?? 'https://api.stripe.com'),
  });
}

export function readBilling(env: BillingEnv): Reading<{ readonly billing: BillingConfig }> {
  return { problems: billingProblems(env), config: () => ({ billing: billingConfig(env) }) };
}
