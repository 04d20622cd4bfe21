import type { PlanVersion, PrismaClient, TierLimit } from '../db/generated/client.js';
import { discountPercent, yearlyMonthlyEquivalent, yearlySavingPercent } from './pricing.js';
import type { TierName } from './tiers.js';

/** Spec 3.2 / 5.5: plan and allowlist changes take effect within this many seconds. */
export const PROPAGATION_SECONDS = 60;

export interface TierLimits {
  tier: TierName;
  dailyQuota: number;
  ratePerMinute: number;
  maxKeys: number;
  maxAllowlistEntriesPerKey: number;
  freeMatchesDailyQuota: number;
  features: { analysis: boolean };
}

export interface ApiPlan {
  id: number;
  planCode: string;
  tier: TierName;
  billingPeriod: 'monthly' | 'yearly';
  months: number;
  price: number;
  currency: string;
  version: number;
  compareAtPrice?: number;
  discountPercent?: number;
}

export interface PricingTier {
  tier: TierName;
  limits: TierLimits;
  monthly?: ApiPlan;
  yearly?: ApiPlan;
  yearlySavingPercent?: number;
  yearlyMonthlyEquivalent?: number;
}

export interface Pricing {
  currency: string;
  tiers: PricingTier[];
  propagationSeconds: number;
  recommendedTier?: TierName;
  /** Deprecated (spec 9.4): the Free tier's allowance, kept for old clients. */
  freeMatchesDailyQuota?: number;
}

export function presentTierLimits(row: TierLimit): TierLimits {
  return {
    tier: row.tier,
    dailyQuota: row.dailyQuota,
    ratePerMinute: row.ratePerMinute,
    maxKeys: row.maxKeys,
    maxAllowlistEntriesPerKey: row.maxAllowlistEntriesPerKey,
    freeMatchesDailyQuota: row.freeMatchesDailyQuota,
    features: { analysis: row.analysis },
  };
}

export function presentPlan(row: PlanVersion): ApiPlan {
  const price = Number(row.price);
  const compareAt = row.compareAtPrice === null ? null : Number(row.compareAtPrice);
  const discount = discountPercent(price, compareAt);
  return {
    id: row.id,
    planCode: row.planCode,
    tier: row.tier,
    billingPeriod: row.billingPeriod,
    months: row.months,
    price,
    currency: row.currency,
    version: row.version,
    ...(compareAt !== null && discount !== null
      ? { compareAtPrice: compareAt, discountPercent: discount }
      : {}),
  };
}

/** The newest version of every plan code. */
function currentPlans(versions: PlanVersion[]): PlanVersion[] {
  const newest = new Map<string, PlanVersion>();
  for (const v of versions) {
    const seen = newest.get(v.planCode);
    if (!seen || v.version > seen.version) {
      newest.set(v.planCode, v);
    }
  }
  return [...newest.values()];
}

function buildPricing(limits: TierLimit[], versions: PlanVersion[]): Pricing {
  const plans = currentPlans(versions).map(presentPlan);
  const tiers = [...limits]
    .sort((a, b) => a.sort - b.sort)
    .map((row): PricingTier => {
      const monthly = plans.find((p) => p.tier === row.tier && p.billingPeriod === 'monthly');
      const yearly = plans.find((p) => p.tier === row.tier && p.billingPeriod === 'yearly');
      return {
        tier: row.tier,
        limits: presentTierLimits(row),
        ...(monthly ? { monthly } : {}),
        ...(yearly ? { yearly } : {}),
        ...(monthly && yearly
          ? {
              yearlySavingPercent: yearlySavingPercent(monthly.price, yearly.price),
              yearlyMonthlyEquivalent: yearlyMonthlyEquivalent(yearly.price),
            }
          : {}),
      };
    });
  const recommended = limits.find((l) => l.recommended);
  const free = limits.find((l) => l.tier === 'Free');
  return {
    currency: plans[0]?.currency ?? 'HKD',
    tiers,
    propagationSeconds: PROPAGATION_SECONDS,
    ...(recommended ? { recommendedTier: recommended.tier } : {}),
    ...(free ? { freeMatchesDailyQuota: free.freeMatchesDailyQuota } : {}),
  };
}

export function createPlansService({ db }: { db: PrismaClient }) {
  async function listTierLimits(): Promise<TierLimits[]> {
    const rows = await db.tierLimit.findMany({ orderBy: { sort: 'asc' } });
    return rows.map(presentTierLimits);
  }

  async function getPricing(): Promise<Pricing> {
    const [limits, versions] = await Promise.all([
      db.tierLimit.findMany(),
      db.planVersion.findMany(),
    ]);
    return buildPricing(limits, versions);
  }

  return { listTierLimits, getPricing };
}

export type PlansService = ReturnType<typeof createPlansService>;
