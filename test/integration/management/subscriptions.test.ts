import { beforeAll, expect, it } from 'vitest';
import { createPlansService } from '../../../src/accounts/plans.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { errorCode, managementFixture } from './setup.js';

describeEachDatabase('subscriptions, prices and usage', ({ db }) => {
  let f: Awaited<ReturnType<typeof managementFixture>>;
  beforeAll(async () => {
    f = await managementFixture(db());
  });

  it('upgrade raises the tier at once; the new price waits for the renewal', async () => {
    f.clock.set('2026-11-22T10:00:00.000Z');
    const { id } = await f.services.accounts.createAccount('Plus');
    f.published.length = 0;
    const up = await f.services.subscriptions.upgrade(id, 'Pro');
    expect(up).toMatchObject({
      tier: 'Pro',
      planCode: 'plus-monthly',
      pendingPlanCode: 'pro-monthly',
    });
    expect(f.published).toEqual([{ type: 'account-changed', accountId: id }]);
    const access = await f.services.subscriptions.getAccountAccess(id);
    expect(access.tier).toBe('Pro');
    expect(access.limits.dailyQuota).toBe(30000);
    f.clock.set('2026-12-22T10:00:00.000Z');
    const renewed = await f.services.subscriptions.getAccountAccess(id);
    expect(renewed.subscription.planVersion?.planCode).toBe('pro-monthly');
    expect(renewed.subscription.periodEnd?.toISOString()).toBe('2027-01-22T10:00:00.000Z');
  });

  it('Free -> paid starts a paid period now', async () => {
    f.clock.set('2026-11-22T10:00:00.000Z');
    const { id } = await f.services.accounts.createAccount('Free');
    const up = await f.services.subscriptions.upgrade(id, 'Plus');
    expect(up).toMatchObject({ tier: 'Plus', status: 'active', planCode: 'plus-monthly' });
    expect(up.periodEnd).toBe('2026-12-22T10:00:00.000Z');
  });

  it('downgrade and cancel apply at the period end; renew applies it now', async () => {
    f.clock.set('2026-11-22T10:00:00.000Z');
    const { id } = await f.services.accounts.createAccount('Pro');
    const down = await f.services.subscriptions.downgrade(id, 'Plus');
    expect(down).toMatchObject({ tier: 'Pro', pendingTier: 'Plus' });
    expect((await f.services.subscriptions.getAccountAccess(id)).tier).toBe('Pro');
    const renewed = await f.services.subscriptions.renew(id);
    expect(renewed).toMatchObject({ tier: 'Plus', planCode: 'plus-monthly', status: 'active' });
    expect(renewed.periodStart).toBe('2026-11-22T10:00:00.000Z');
    const cancelled = await f.services.subscriptions.cancel(id);
    expect(cancelled).toMatchObject({ tier: 'Plus', status: 'cancelled', autoRenew: false });
    expect(await f.services.subscriptions.cancel(id)).toEqual(cancelled);
    f.clock.set('2026-12-22T10:00:00.000Z');
    expect((await f.services.subscriptions.getAccountAccess(id)).tier).toBe('Free');
    expect(await f.services.subscriptions.renew(id)).toMatchObject({
      tier: 'Free',
      status: 'free',
    });
  });

  it('refuses transitions that go the wrong way, to the same tier, or from Free', async () => {
    const { id } = await f.services.accounts.createAccount('Plus');
    const subs = f.services.subscriptions;
    expect(await errorCode(subs.upgrade(id, 'Plus'))).toBe('invalid_parameter');
    expect(await errorCode(subs.upgrade(id, 'Free'))).toBe('invalid_parameter');
    expect(await errorCode(subs.downgrade(id, 'Pro'))).toBe('invalid_parameter');
    expect(await errorCode(subs.downgrade(id, 'Plus'))).toBe('invalid_parameter');
    const { id: free } = await f.services.accounts.createAccount('Free');
    expect(await errorCode(subs.downgrade(free, 'Free'))).toBe('invalid_parameter');
    expect(await errorCode(subs.cancel(free))).toBe('invalid_parameter');
    expect(await errorCode(subs.upgrade(999_999, 'Pro'))).toBe('not_found');
  });

  it('setPrice inserts a new version; the plans endpoint computes the discount', async () => {
    f.published.length = 0;
    const plan = await f.services.planPrices.setPrice('pro-monthly', 588, 688);
    expect(plan).toMatchObject({ planCode: 'pro-monthly', version: 2, price: 588 });
    expect(plan.discountPercent).toBe(14.53);
    expect(f.published).toEqual([{ type: 'plans-changed' }]);
    const pricing = await createPlansService({ db: f.db }).getPricing();
    const pro = pricing.tiers.find((t) => t.tier === 'Pro');
    expect(pro?.monthly).toMatchObject({ id: plan.id, price: 588, compareAtPrice: 688 });
    const again = await f.services.planPrices.setPrice('pro-monthly', 688);
    expect(again.version).toBe(3);
    expect(again.compareAtPrice).toBeUndefined();
    expect(await errorCode(f.services.planPrices.setPrice('nope', 1))).toBe('not_found');
    expect(await errorCode(f.services.planPrices.setPrice('pro-monthly', 10, 10))).toBe(
      'invalid_parameter',
    );
    expect(await errorCode(f.services.planPrices.setPrice('pro-monthly', 0))).toBe(
      'invalid_parameter',
    );
    expect(await errorCode(f.services.planPrices.setPrice('pro-monthly', 1.234))).toBe(
      'invalid_parameter',
    );
  });

  it('usage reads daily_usage of the Hong Kong day, revoked keys included', async () => {
    f.clock.set('2026-11-22T17:00:00.000Z'); // 2026-11-23 01:00 in Hong Kong
    const { id } = await f.services.accounts.createAccount('Plus');
    const first = await f.services.keys.createKey(id);
    const second = await f.services.keys.replaceKey(id);
    const day = new Date('2026-11-23T00:00:00Z');
    await f.db.dailyUsage.createMany({
      data: [
        { accountId: id, day, keyId: first.id, planRequests: 7, freeMatchRequests: 3 },
        { accountId: id, day, keyId: second.id, planRequests: 5, freeMatchRequests: 0 },
        { accountId: id, day: new Date('2026-11-22T00:00:00Z'), keyId: first.id, planRequests: 99 },
      ],
    });
    const usage = await f.services.usage.usage(id);
    expect(usage).toMatchObject({
      accountId: id,
      tier: 'Plus',
      day: '2026-11-23',
      source: 'daily_usage',
      quota: { limit: 5000, used: 12, remaining: 4988 },
      freeMatches: { limit: 500, used: 3, remaining: 497 },
    });
    expect(usage.keys.map((k) => [k.keyId, k.status, k.plan, k.freeMatches])).toEqual([
      [second.id, 'active', 5, 0],
      [first.id, 'revoked', 7, 3],
    ]);
  });
});
