import type { SqlRead } from '../db/database.js';
import type { PrismaClient } from '../db/generated/client.js';

/** Spec 8.1: the tier limits the service starts with (the database is authoritative after). */
const INITIAL_TIER_LIMITS = [
  {
    tier: 'Free',
    sort: 0,
    dailyQuota: 30,
    ratePerMinute: 30,
    freeMatchesDailyQuota: 50,
    analysis: false,
    recommended: false,
  },
  {
    tier: 'Plus',
    sort: 1,
    dailyQuota: 5000,
    ratePerMinute: 120,
    freeMatchesDailyQuota: 500,
    analysis: true,
    recommended: true,
  },
  {
    tier: 'Pro',
    sort: 2,
    dailyQuota: 30000,
    ratePerMinute: 600,
    freeMatchesDailyQuota: 2000,
    analysis: true,
    recommended: false,
  },
] as const;

/** Spec 8.1: published HKD prices, as version 1 of each plan code. */
const INITIAL_PLANS = [
  { planCode: 'plus-monthly', tier: 'Plus', billingPeriod: 'monthly', months: 1, price: '188.00' },
  { planCode: 'plus-yearly', tier: 'Plus', billingPeriod: 'yearly', months: 12, price: '1880.00' },
  { planCode: 'pro-monthly', tier: 'Pro', billingPeriod: 'monthly', months: 1, price: '688.00' },
  { planCode: 'pro-yearly', tier: 'Pro', billingPeriod: 'yearly', months: 12, price: '6880.00' },
] as const;

const SEEDED_SQL = `SELECT
  (SELECT count(*)::int FROM tier_limits WHERE tier::text IN (${INITIAL_TIER_LIMITS.map((t) => `'${t.tier}'`).join(', ')})) AS tiers,
  (SELECT count(DISTINCT plan_code)::int FROM plan_versions WHERE plan_code IN (${INITIAL_PLANS.map((p) => `'${p.planCode}'`).join(', ')})) AS plans`;

/** Inserts the tier limits and first plan versions where missing; never overwrites later edits. */
export async function seedPlans(
  db: PrismaClient,
  /** The driver's own reads (`Database.read`) spare a start the Prisma client's first use. */
  read: SqlRead = (sql) => db.$queryRawUnsafe(sql.text, ...sql.values),
): Promise<void> {
  // One round trip when everything is there (every start after the first).
  const [found] = await read<{ tiers: number; plans: number }>({ text: SEEDED_SQL, values: [] });
  if (found?.tiers === INITIAL_TIER_LIMITS.length && found.plans === INITIAL_PLANS.length) {
    return;
  }
  await db.$transaction(async (tx) => {
    for (const limits of INITIAL_TIER_LIMITS) {
      await tx.tierLimit.upsert({
        where: { tier: limits.tier },
        update: {},
        create: { ...limits, maxKeys: 1, maxAllowlistEntriesPerKey: 3 },
      });
    }
    for (const plan of INITIAL_PLANS) {
      const exists = await tx.planVersion.findFirst({ where: { planCode: plan.planCode } });
      if (!exists) {
        await tx.planVersion.create({ data: { ...plan, currency: 'HKD', version: 1 } });
      }
    }
  });
}
