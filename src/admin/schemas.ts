import Type from 'typebox';

/** TypeBox schemas of the admin API: Fastify validates with them (400 naming the field). */

const TierSchema = Type.Union([Type.Literal('Free'), Type.Literal('Plus'), Type.Literal('Pro')]);

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const IdParams = Type.Object({ id: Id });

/** `?days=N` of the daily usage history (accounts/usage-series.ts MAX_SERIES_DAYS). */
export const DaysQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
});

export const CodeParams = Type.Object({ code: Type.String({ minLength: 1, maxLength: 100 }) });

export const CreateAccountBody = Type.Object({
  tier: TierSchema,
  name: Type.Optional(Type.String({ maxLength: 200 })),
});

const ExpiryDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const CreateKeyBody = Type.Object({
  test: Type.Optional(Type.Boolean()),
  /** YYYY-MM-DD: the key stops working at 00:00 Hong Kong time on that date. */
  expires: Type.Optional(ExpiryDate),
});

export const ReplaceKeyBody = Type.Object({ expires: Type.Optional(ExpiryDate) });

export const EntryBody = Type.Object({ entry: Type.String({ minLength: 1, maxLength: 100 }) });

export const OptionalEntry = Type.Object({
  entry: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

export const PlanActionBody = Type.Object({
  action: Type.Union([
    Type.Literal('upgrade'),
    Type.Literal('downgrade'),
    Type.Literal('cancel'),
    Type.Literal('resume'),
    Type.Literal('renew'),
  ]),
  tier: Type.Optional(TierSchema),
});

const Amount = Type.Number({ exclusiveMinimum: 0, maximum: 9_999_999_999.99 });

export const PriceBody = Type.Object({
  price: Amount,
  compareAtPrice: Type.Optional(Amount),
});

export const BillingUpgradeBody = Type.Object({
  tier: TierSchema,
  period: Type.Optional(Type.Union([Type.Literal('monthly'), Type.Literal('yearly')])),
});

export const BillingConfirmBody = Type.Object({
  reference: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  renewal: Type.Optional(Type.Boolean()),
});
