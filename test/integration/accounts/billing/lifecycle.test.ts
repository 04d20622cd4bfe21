import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRACE_MS } from '../../../../src/accounts/subscriptions/subscription-state.js';
import type { Services } from '../../../../src/deps.js';
import { buildTestApp } from '../../../helpers/app.js';
import { createFakeClock } from '../../../helpers/clock.js';
import { describeEachDatabase } from '../../../helpers/db.js';
import { errorCode } from '../../management/setup.js';

const START = '2026-11-22T10:00:00.000Z';
const DAILY = { Free: '30', Plus: '5000', Pro: '30000' };
const CLI = { actor: 'cli' };

describeEachDatabase('billing lifecycle (manual provider)', ({ db }) => {
  const clock = createFakeClock(START);
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let services: Services;

  beforeAll(async () => {
    app = await buildTestApp(db(), { clock });
    services = app.deps.services;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The plan the access gate applies to a real /v1 request with the key: its daily limit. */
  async function quotaLimit(key: string): Promise<string | undefined> {
    // A period end needs no event: each instance's account cache expires within
    // propagationSeconds (60 s of real time). Here only the fake clock moves, so stand in for
    // that expiry by evicting every cached plan before asking.
    await app.deps.events.publish({ type: 'plans-changed' });
    const res = await app.inject({
      method: 'GET',
      url: '/v1/football/matches/live',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.headers['x-quota-limit'] as string | undefined;
  }

  /** A new account on `tier` created at START (on the fake clock), with one key. */
  async function account(tier: 'Free' | 'Plus' | 'Pro') {
    clock.set(START);
    const { id } = await services.accounts.createAccount(tier);
    const key = await services.keys.createKey(id);
    return { accountId: id, key: key.key };
  }

  describe('an upgrade waits for its payment', () => {
    it('Free -> Plus: nothing changes until the operator confirms; then a period starts', async () => {
      const { accountId, key } = await account('Free');
      const started = await services.billing.requestUpgrade(accountId, 'Plus', {}, CLI);
      expect(started).toMatchObject({
        payment: { status: 'pending', tier: 'Plus', provider: 'manual' },
        next: { kind: 'awaiting_confirmation' },
        planCode: 'plus-monthly',
        price: '188.00',
        currency: 'HKD',
      });
      expect(started.payment.reference).toMatch(/^TL-[2-9A-Z]{10}$/);
      expect(await quotaLimit(key)).toBe(DAILY.Free);
      expect((await services.subscriptions.getAccountAccess(accountId)).tier).toBe('Free');

      clock.advance(60_000);
      const confirmed = await services.billing.confirmPayment(accountId, {}, CLI);
      expect(confirmed).toMatchObject({
        outcome: 'upgraded',
        reference: started.payment.reference,
        subscription: { tier: 'Plus', status: 'active', planCode: 'plus-monthly' },
      });
      expect(confirmed.subscription.periodStart).toBe('2026-11-22T10:01:00.000Z');
      expect(confirmed.subscription.periodEnd).toBe('2026-12-22T10:01:00.000Z');
      expect(await quotaLimit(key)).toBe(DAILY.Plus);
    });

    it('Plus -> Pro: allowances rise on confirmation; the Pro price from the next renewal', async () => {
      const { accountId, key } = await account('Plus');
      const started = await services.billing.requestUpgrade(accountId, 'Pro', {}, CLI);
      expect(await quotaLimit(key)).toBe(DAILY.Plus);
      const { subscription } = await services.billing.confirmPayment(
        accountId,
        { reference: started.payment.reference },
        CLI,
      );
      expect(subscription).toMatchObject({
        tier: 'Pro',
        planCode: 'plus-monthly',
        pendingPlanCode: 'pro-monthly',
        periodEnd: '2026-12-22T10:00:00.000Z',
      });
      expect(await quotaLimit(key)).toBe(DAILY.Pro);
      clock.set('2026-12-22T10:00:00.000Z');
      const renewed = (await services.subscriptions.getAccountAccess(accountId)).subscription;
      expect(renewed.planVersion?.planCode).toBe('pro-monthly');
      expect(renewed.pendingPlan).toBeNull();
      expect(await quotaLimit(key)).toBe(DAILY.Pro);
    });

    it('a second confirmation changes nothing; a newer request supersedes an older one', async () => {
      const { accountId } = await account('Free');
      const first = await services.billing.requestUpgrade(accountId, 'Pro', {}, CLI);
      const second = await services.billing.requestUpgrade(accountId, 'Plus', {}, CLI);
      const pending = await services.billing.listPending();
      const mine = pending.filter((p) => p.accountId === accountId);
      expect(mine.map((p) => p.reference)).toEqual([second.payment.reference]);
      const ok = await services.billing.confirmPayment(accountId, {}, CLI);
      expect(ok).toMatchObject({ outcome: 'upgraded', subscription: { tier: 'Plus' } });
      const again = await services.billing.confirmPayment(
        accountId,
        { reference: second.payment.reference },
        CLI,
      );
      expect(again.outcome).toBe('already_confirmed');
      // The superseded Pro payment, paid after all, still upgrades (money taken is honoured).
      const late = await services.billing.confirmPayment(
        accountId,
        { reference: first.payment.reference },
        CLI,
      );
      expect(late).toMatchObject({ outcome: 'upgraded', subscription: { tier: 'Pro' } });
    });

    it('refuses what cannot be confirmed or asked', async () => {
      const { accountId } = await account('Plus');
      const billing = services.billing;
      expect(await errorCode(billing.confirmPayment(accountId, {}, CLI))).toBe('invalid_parameter');
      expect(
        await errorCode(billing.confirmPayment(accountId, { reference: 'TL-NOPE' }, CLI)),
      ).toBe('not_found');
      expect(await errorCode(billing.requestUpgrade(accountId, 'Plus', {}, CLI))).toBe(
        'invalid_parameter',
      );
      expect(await errorCode(billing.requestUpgrade(999_999, 'Pro', {}, CLI))).toBe('not_found');
      const other = await account('Free');
      const theirs = await billing.requestUpgrade(other.accountId, 'Plus', {}, CLI);
      expect(
        await errorCode(billing.confirmPayment(accountId, { reference: theirs.payment.reference })),
      ).toBe('not_found');
    });
  });

  describe('the period end', () => {
    it('a downgrade and a cancellation wait for the period end', async () => {
      const { accountId, key } = await account('Pro');
      expect(await services.billing.downgrade(accountId, 'Plus', CLI)).toMatchObject({
        tier: 'Pro',
        pendingTier: 'Plus',
      });
      clock.set('2026-12-22T09:59:59.999Z');
      expect(await quotaLimit(key)).toBe(DAILY.Pro);
      clock.set('2026-12-22T10:00:00.000Z');
      expect(await quotaLimit(key)).toBe(DAILY.Plus);
      expect(await services.billing.cancel(accountId, CLI)).toMatchObject({
        tier: 'Plus',
        status: 'cancelled',
        periodEnd: '2027-01-22T10:00:00.000Z',
      });
      clock.set('2027-01-22T09:59:59.999Z');
      expect(await quotaLimit(key)).toBe(DAILY.Plus);
      clock.set('2027-01-22T10:00:00.000Z');
      expect(await quotaLimit(key)).toBe(DAILY.Free);
    });

    it('resume undoes a pending cancellation or downgrade before the period end', async () => {
      const { accountId, key } = await account('Pro');
      await services.billing.cancel(accountId, CLI);
      expect(await services.billing.resume(accountId, CLI)).toMatchObject({
        tier: 'Pro',
        status: 'active',
        autoRenew: true,
      });
      await services.billing.downgrade(accountId, 'Free', CLI);
      const resumed = await services.billing.resume(accountId, CLI);
      expect(resumed.pendingTier).toBeUndefined();
      clock.set('2026-12-22T10:00:00.000Z');
      expect(await quotaLimit(key)).toBe(DAILY.Pro);
      expect(await errorCode(services.billing.resume(accountId, CLI))).toBe('invalid_parameter');
    });

    it('resume after an upgrade then a cancellation bills the upgraded tier', async () => {
      const { accountId } = await account('Plus');
      await services.subscriptions.upgrade(accountId, 'Pro', CLI);
      await services.billing.cancel(accountId, CLI);
      const resumed = await services.billing.resume(accountId, CLI);
      expect(resumed).toMatchObject({ tier: 'Pro', pendingPlanCode: 'pro-monthly' });
    });
  });

  describe('a failed renewal', () => {
    it('leaves 3 days of grace, then Free; the key stays valid', async () => {
      const { accountId, key } = await account('Plus');
      clock.set('2026-12-22T10:00:00.000Z');
      const failed = await services.billing.failRenewal(accountId, CLI);
      expect(failed).toMatchObject({
        tier: 'Plus',
        status: 'past_due',
        graceUntil: new Date(Date.parse('2026-12-22T10:00:00.000Z') + GRACE_MS).toISOString(),
      });
      // A second failure notice does not extend the grace.
      clock.advance(60 * 60 * 1000);
      expect((await services.billing.failRenewal(accountId, CLI)).graceUntil).toBe(
        failed.graceUntil,
      );
      clock.set('2026-12-25T09:59:59.999Z');
      expect(await quotaLimit(key)).toBe(DAILY.Plus);
      clock.set('2026-12-25T10:00:00.000Z');
      expect(await quotaLimit(key)).toBe(DAILY.Free);
      const sub = await services.billing.status(accountId);
      expect(sub.subscription).toMatchObject({ tier: 'Free', status: 'free' });
    });

    it('a payment during the grace keeps the plan', async () => {
      const { accountId, key } = await account('Plus');
      clock.set('2026-12-22T11:00:00.000Z');
      await services.billing.failRenewal(accountId, CLI);
      clock.set('2026-12-23T11:00:00.000Z');
      const paid = await services.billing.confirmPayment(accountId, {}, CLI);
      expect(paid).toMatchObject({ outcome: 'renewal_paid', subscription: { status: 'active' } });
      expect(paid.subscription.graceUntil).toBeUndefined();
      clock.set('2026-12-30T00:00:00.000Z');
      expect(await quotaLimit(key)).toBe(DAILY.Plus);
      expect(
        await errorCode(services.billing.confirmPayment(accountId, { renewal: true }, CLI)),
      ).toBe('invalid_parameter');
    });

    it('a failure on Free is refused', async () => {
      const { accountId } = await account('Free');
      expect(await errorCode(services.billing.failRenewal(accountId, CLI))).toBe(
        'invalid_parameter',
      );
    });
  });

  it('every change leaves an audit record naming who made it', async () => {
    const { accountId } = await account('Free');
    const started = await services.billing.requestUpgrade(accountId, 'Plus', {}, CLI);
    await services.billing.confirmPayment(
      accountId,
      {},
      { actor: 'admin-api', address: '192.0.2.7' },
    );
    await services.billing.cancel(accountId, CLI);
    const { audit } = await services.billing.status(accountId);
    expect(audit.map((a) => [a.action, a.actor, a.address])).toEqual([
      ['plan.cancel', 'cli', null],
      ['billing.confirm', 'admin-api', '192.0.2.7'],
      ['billing.upgrade-requested', 'cli', null],
    ]);
    expect(audit[1]?.detail).toEqual({
      reference: started.payment.reference,
      tier: 'Plus',
      outcome: 'upgraded',
    });
  });
});
