import type { ApiPlan, Pricing, PricingTier, TierLimits } from '../../../accounts/plans.js';
import { builder } from '../builder.js';
import { BillingPeriodEnum, TierEnum } from './enums.js';

/** Spec 2.7 (GET /v1/football/meta/limits). */
export const TierLimitsType = builder.objectRef<TierLimits>('TierLimits').implement({
  description: 'What a tier may do (spec 2.7).',
  fields: (t) => ({
    tier: t.expose('tier', { type: TierEnum }),
    dailyQuota: t.exposeInt('dailyQuota'),
    ratePerMinute: t.exposeInt('ratePerMinute'),
    maxKeys: t.exposeInt('maxKeys'),
    maxAllowlistEntriesPerKey: t.exposeInt('maxAllowlistEntriesPerKey'),
    freeMatchesDailyQuota: t.exposeInt('freeMatchesDailyQuota'),
    analysis: t.boolean({
      description: 'Whether the tier reads the analysis fields.',
      resolve: (limits) => limits.features.analysis,
    }),
  }),
});

const ApiPlanType = builder.objectRef<ApiPlan>('ApiPlan').implement({
  description: 'One price version of a plan (spec 2.9).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    planCode: t.exposeString('planCode'),
    tier: t.expose('tier', { type: TierEnum }),
    billingPeriod: t.expose('billingPeriod', { type: BillingPeriodEnum }),
    months: t.exposeInt('months'),
    price: t.exposeFloat('price'),
    currency: t.exposeString('currency'),
    version: t.exposeInt('version'),
    compareAtPrice: t.exposeFloat('compareAtPrice', { nullable: true }),
    discountPercent: t.exposeFloat('discountPercent', { nullable: true }),
  }),
});

const PricingTierType = builder.objectRef<PricingTier>('PricingTier').implement({
  fields: (t) => ({
    tier: t.expose('tier', { type: TierEnum }),
    limits: t.expose('limits', { type: TierLimitsType }),
    monthly: t.expose('monthly', { type: ApiPlanType, nullable: true }),
    yearly: t.expose('yearly', { type: ApiPlanType, nullable: true }),
    yearlySavingPercent: t.exposeFloat('yearlySavingPercent', { nullable: true }),
    yearlyMonthlyEquivalent: t.exposeFloat('yearlyMonthlyEquivalent', { nullable: true }),
  }),
});

export const PricingType = builder.objectRef<Pricing>('Pricing').implement({
  description: 'Public plan information (spec 2.8, GET /v1/football/meta/plans).',
  fields: (t) => ({
    currency: t.exposeString('currency'),
    tiers: t.expose('tiers', { type: [PricingTierType] }),
    propagationSeconds: t.exposeInt('propagationSeconds'),
    recommendedTier: t.expose('recommendedTier', { type: TierEnum, nullable: true }),
  }),
});

builder.queryFields((t) => ({
  limits: t.field({
    type: [TierLimitsType],
    description: "Every tier's limits. Free of charge and keyless, as GET /meta/limits.",
    resolve: (_root, _args, ctx) => ctx.services.plans.listTierLimits(),
  }),
  plans: t.field({
    type: PricingType,
    description: 'Plans and prices. Free of charge and keyless, as GET /meta/plans.',
    resolve: (_root, _args, ctx) => ctx.services.plans.getPricing(),
  }),
}));
