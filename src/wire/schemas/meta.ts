import Type from 'typebox';

/** Spec 2.7. */
export const TierLimits = Type.Object(
  {
    tier: Type.Union([Type.Literal('Free'), Type.Literal('Plus'), Type.Literal('Pro')]),
    dailyQuota: Type.Integer(),
    ratePerMinute: Type.Integer(),
    maxKeys: Type.Integer(),
    maxAllowlistEntriesPerKey: Type.Integer(),
    freeMatchesDailyQuota: Type.Integer(),
    features: Type.Optional(
      Type.Object({ analysis: Type.Boolean() }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

/** Spec 2.9. */
const ApiPlan = Type.Object(
  {
    id: Type.Integer({ format: 'int32' }),
    planCode: Type.String(),
    tier: Type.Union([Type.Literal('Free'), Type.Literal('Plus'), Type.Literal('Pro')]),
    billingPeriod: Type.Union([Type.Literal('monthly'), Type.Literal('yearly')]),
    months: Type.Integer({ format: 'int32' }),
    price: Type.Number({ format: 'double' }),
    currency: Type.String(),
    version: Type.Integer({ format: 'int32' }),
    compareAtPrice: Type.Optional(Type.Number()),
    discountPercent: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

/** Spec 2.8. */
const PricingTier = Type.Object(
  {
    tier: Type.String(),
    limits: TierLimits,
    monthly: Type.Optional(ApiPlan),
    yearly: Type.Optional(ApiPlan),
    yearlySavingPercent: Type.Optional(Type.Number()),
    yearlyMonthlyEquivalent: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

export const Pricing = Type.Object(
  {
    currency: Type.String(),
    tiers: Type.Array(PricingTier),
    propagationSeconds: Type.Integer(),
    recommendedTier: Type.Optional(Type.String()),
    freeMatchesDailyQuota: Type.Optional(Type.Integer({ deprecated: true })),
  },
  { additionalProperties: false },
);
