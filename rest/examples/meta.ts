import type { Static } from 'typebox';
import type { Pricing, TierLimits } from '../../src/wire/schemas/meta.js';

/** Examples of the meta routes' 200 bodies (rest/examples): the limits of spec 8.1, HKD prices. */

const limits = (
  tier: 'Free' | 'Plus' | 'Pro',
  dailyQuota: number,
  ratePerMinute: number,
  freeMatchesDailyQuota: number,
) => ({
  tier,
  dailyQuota,
  ratePerMinute,
  maxKeys: 1,
  maxAllowlistEntriesPerKey: 3,
  freeMatchesDailyQuota,
  features: { analysis: tier !== 'Free' },
});

const FREE = limits('Free', 30, 30, 50);
const PLUS = limits('Plus', 5000, 120, 500);
const PRO = limits('Pro', 30000, 600, 2000);

export const TIER_LIMITS = [FREE, PLUS, PRO] satisfies Static<typeof TierLimits>[];

/** Pro's yearly plan is on promotion (version 2): 10% off its 6880 list price. */
export const PRICING = {
  currency: 'HKD',
  tiers: [
    { tier: 'Free', limits: FREE },
    {
      tier: 'Plus',
      limits: PLUS,
      monthly: {
        id: 1,
        planCode: 'plus-monthly',
        tier: 'Plus',
        billingPeriod: 'monthly',
        months: 1,
        price: 188,
        currency: 'HKD',
        version: 1,
      },
      yearly: {
        id: 2,
        planCode: 'plus-yearly',
        tier: 'Plus',
        billingPeriod: 'yearly',
        months: 12,
        price: 1880,
        currency: 'HKD',
        version: 1,
      },
      yearlySavingPercent: 16.67,
      yearlyMonthlyEquivalent: 156.67,
    },
    {
      tier: 'Pro',
      limits: PRO,
      monthly: {
        id: 3,
        planCode: 'pro-monthly',
        tier: 'Pro',
        billingPeriod: 'monthly',
        months: 1,
        price: 688,
        currency: 'HKD',
        version: 1,
      },
      yearly: {
        id: 5,
        planCode: 'pro-yearly',
        tier: 'Pro',
        billingPeriod: 'yearly',
        months: 12,
        price: 6192,
        currency: 'HKD',
        version: 2,
        compareAtPrice: 6880,
        discountPercent: 10,
      },
      yearlySavingPercent: 25,
      yearlyMonthlyEquivalent: 516,
    },
  ],
  propagationSeconds: 60,
  recommendedTier: 'Plus',
  freeMatchesDailyQuota: 50,
} satisfies Static<typeof Pricing>;
