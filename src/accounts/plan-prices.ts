import { Prisma, type PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import type { EventBus } from '../events/event-bus.js';
import { type ApiPlan, presentPlan } from './plans.js';

/** `price` is Decimal(12, 2): at most ten digits before the point and two after. */
const MAX_PRICE = 9_999_999_999.99;

function checkPrice(value: number, parameter: 'price' | 'compareAtPrice'): string {
  const cents = Math.round(value * 100);
  if (!Number.isFinite(value) || value <= 0 || value > MAX_PRICE || cents / 100 !== value) {
    throw new ApiError(
      'invalid_parameter',
      `${parameter} must be a positive amount with at most two decimals, got ${value}`,
      { parameter },
    );
  }
  return (cents / 100).toFixed(2);
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** Spec 9.3: prices change by inserting a new version; `planCode` is stable across versions. */
export function createPlanPricesService({ db, events }: { db: PrismaClient; events: EventBus }) {
  async function insertVersion(planCode: string, price: string, compareAt: string | null) {
    const latest = await db.planVersion.findFirst({
      where: { planCode },
      orderBy: { version: 'desc' },
    });
    if (!latest) {
      throw new ApiError('not_found', `No plan with code '${planCode}'`);
    }
    return db.planVersion.create({
      data: {
        planCode,
        tier: latest.tier,
        billingPeriod: latest.billingPeriod,
        months: latest.months,
        currency: latest.currency,
        version: latest.version + 1,
        price,
        compareAtPrice: compareAt,
      },
    });
  }

  /**
   * A new version of `planCode` at `price`, on promotion from `compareAtPrice` when given (which
   * must be above the price, so the computed `discountPercent` is positive). Existing
   * subscriptions keep the version they bought; new purchases and upgrades take the newest.
   */
  async function setPrice(
    planCode: string,
    price: number,
    compareAtPrice?: number | null,
  ): Promise<ApiPlan> {
    const amount = checkPrice(price, 'price');
    const compareAt =
      compareAtPrice === undefined || compareAtPrice === null
        ? null
        : checkPrice(compareAtPrice, 'compareAtPrice');
    if (compareAt !== null && Number(compareAt) <= Number(amount)) {
      throw new ApiError(
        'invalid_parameter',
        `compareAtPrice (${compareAt}) must be higher than price (${amount})`,
        { parameter: 'compareAtPrice' },
      );
    }
    // Two concurrent inserts may pick the same next version: the unique index refuses one; retry.
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await insertVersion(planCode, amount, compareAt);
        await events.publish({ type: 'plans-changed' });
        return presentPlan(row);
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= 5) {
          throw error;
        }
      }
    }
  }

  return { setPrice };
}

export type PlanPricesService = ReturnType<typeof createPlanPricesService>;
