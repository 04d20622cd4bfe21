import { describe, expect, it } from 'vitest';
import {
  addMonths,
  effectiveSubscription,
  freeSubscription,
  type PlanRef,
  paidPeriod,
  presentSubscription,
  type SubscriptionRecord,
} from '../../../src/accounts/subscriptions/subscription-state.js';

const plusMonthly: PlanRef = {
  id: 1,
  planCode: 'plus-monthly',
  tier: 'Plus',
  billingPeriod: 'monthly',
  months: 1,
};
const proMonthly: PlanRef = { ...plusMonthly, id: 3, planCode: 'pro-monthly', tier: 'Pro' };
const plusYearly: PlanRef = { ...plusMonthly, id: 2, planCode: 'plus-yearly', months: 12 };

const start = new Date('2026-01-10T00:00:00.000Z');
const end = new Date('2026-02-10T00:00:00.000Z');
const justBefore = new Date(end.getTime() - 1);
const plus = paidPeriod('Plus', plusMonthly, start);

describe('effectiveSubscription (spec 1)', () => {
  it('Free stays Free forever', () => {
    const free = freeSubscription(start);
    expect(effectiveSubscription(free, new Date('2036-01-01'))).toBe(free);
  });

  it('a paid plan renews automatically at the period end, period after period', () => {
    expect(effectiveSubscription(plus, justBefore)).toBe(plus);
    const renewed = effectiveSubscription(plus, end);
    expect(renewed.tier).toBe('Plus');
    expect(renewed.periodStart).toEqual(end);
    expect(renewed.periodEnd).toEqual(new Date('2026-03-10T00:00:00.000Z'));
    const later = effectiveSubscription(plus, new Date('2026-06-15T00:00:00.000Z'));
    expect(later.periodStart).toEqual(new Date('2026-06-10T00:00:00.000Z'));
    expect(later.planVersion).toBe(plusMonthly);
  });

  it('cancelling keeps access until the period ends, then the account is Free', () => {
    const cancelled: SubscriptionRecord = { ...plus, autoRenew: false, cancelledAt: start };
    expect(effectiveSubscription(cancelled, justBefore).tier).toBe('Plus');
    const after = effectiveSubscription(cancelled, end);
    expect(after).toEqual(freeSubscription(end));
    expect(presentSubscription(after).status).toBe('free');
  });

  it('an upgrade is in force at once; its price applies from the next renewal', () => {
    const upgraded: SubscriptionRecord = { ...plus, tier: 'Pro', pendingPlan: proMonthly };
    const now = effectiveSubscription(upgraded, justBefore);
    expect(now.tier).toBe('Pro');
    expect(now.planVersion?.planCode).toBe('plus-monthly');
    const next = effectiveSubscription(upgraded, end);
    expect(next.tier).toBe('Pro');
    expect(next.planVersion?.planCode).toBe('pro-monthly');
    expect(next.pendingPlan).toBeNull();
  });

  it('a downgrade applies at the end of the current period', () => {
    const pro = paidPeriod('Pro', proMonthly, start);
    const downgrading: SubscriptionRecord = {
      ...pro,
      pendingTier: 'Plus',
      pendingPlan: plusMonthly,
    };
    expect(effectiveSubscription(downgrading, justBefore).tier).toBe('Pro');
    const after = effectiveSubscription(downgrading, end);
    expect(after.tier).toBe('Plus');
    expect(after.planVersion).toBe(plusMonthly);
    expect(after.pendingTier).toBeNull();
    const toFree = { ...pro, pendingTier: 'Free' as const, pendingPlan: null };
    expect(effectiveSubscription(toFree, end).tier).toBe('Free');
  });

  it('a yearly plan renews after twelve months', () => {
    const yearly = paidPeriod('Plus', plusYearly, start);
    expect(yearly.periodEnd).toEqual(new Date('2027-01-10T00:00:00.000Z'));
    expect(effectiveSubscription(yearly, new Date('2026-12-31')).periodStart).toEqual(start);
  });
});

describe('addMonths', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T08:00:00Z'), 1)).toEqual(
      new Date('2026-02-28T08:00:00Z'),
    );
    expect(addMonths(new Date('2028-01-31T08:00:00Z'), 1)).toEqual(
      new Date('2028-02-29T08:00:00Z'),
    );
    expect(addMonths(new Date('2026-12-15T00:00:00Z'), 1)).toEqual(
      new Date('2027-01-15T00:00:00Z'),
    );
  });
});
