import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/config/config-error.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error.message;
    }
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('BILLING_PROVIDER, STRIPE_* (docs/accounts.md "Billing")', () => {
  it('bills manually by default', () => {
    expect(loadConfig({}).billing).toEqual({ provider: 'manual' });
  });

  it('stripe takes both secrets and an optional API address', () => {
    const config = loadConfig({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abcdefgh123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh123',
      STRIPE_API_URL: 'http://127.0.0.1:12111/',
    });
    expect(config.billing).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abcdefgh123',
      webhookSecret: 'whsec_abcdefgh123',
      apiUrl: 'http://127.0.0.1:12111',
    });
    const real = loadConfig({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_abcdefgh123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh123',
    });
    expect(real.billing).toMatchObject({ apiUrl: 'https://api.stripe.com' });
  });

  it('stripe without its secrets is refused at start, naming each', () => {
    const message = problemsOf({ BILLING_PROVIDER: 'stripe' });
    expect(message).toMatch(/STRIPE_SECRET_KEY: required when BILLING_PROVIDER=stripe/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET: required when BILLING_PROVIDER=stripe/);
    expect(problemsOf({ BILLING_PROVIDER: 'paypal' })).toMatch(/BILLING_PROVIDER/);
  });

  it('never prints a refused secret', () => {
    const message = problemsOf({
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_live_notsecretbutwrong',
      STRIPE_WEBHOOK_SECRET: 'nothook-secret-value',
    });
    expect(message).toMatch(/STRIPE_SECRET_KEY/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(message).not.toContain('pk_live_notsecretbutwrong');
    expect(message).not.toContain('nothook-secret-value');
  });
});
