import { afterAll, beforeAll, expect, it } from 'vitest';
import { listAudit } from '../../../src/accounts/audit.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { startStripeStandIn, stripeEnv } from '../../helpers/stripe-stand-in.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

const DAY_MS = 86_400_000;

describeEachDatabase('dashboard: plan changes (manual provider)', ({ db }) => {
  let f: DashboardFixture;
  beforeAll(async () => {
    f = await dashboardFixture(db());
  });
  afterAll(() => f?.close());

  const allowances = (html: string) =>
    /<dt>Plan requests per day<\/dt><dd>([^<]+)<\/dd>/.exec(html)?.[1];

  it('upgrades only once the operator confirms the payment', async () => {
    const owner = await f.signUp('uma@example.com');
    const accountId = await f.accountIdOf('uma@example.com');
    const free = await owner.get('/dashboard');
    expect(free.body).toContain('Upgrade to Plus');
    expect(free.body).toContain('Upgrade to Pro');
    expect(free.body).not.toContain('Cancel the plan');
    const freeQuota = allowances(free.body);

    const unconfirmed = await f.submitOnDashboard(owner, '/dashboard/plan/upgrade');
    expect(unconfirmed.statusCode).toBe(400);
    const asked = await f.submitOnDashboard(owner, '/dashboard/plan/upgrade', {
      confirm: 'yes',
      period: 'yearly',
    });
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe('/dashboard?lang=en&notice=upgrade');
    const waiting = await owner.get(asked.headers.location as string);
    expect(waiting.body).toContain('Upgrade requested.');
    expect(waiting.body).toMatch(/An upgrade to Plus is waiting for its payment to be confirmed/);
    expect(waiting.body).toContain('<dt>Plan</dt><dd>Free</dd>');
    expect(allowances(waiting.body)).toBe(freeQuota);
    const [record] = await listAudit(db().prisma, { accountId });
    expect(record).toMatchObject({
      actor: 'web:uma@example.com',
      action: 'billing.upgrade-requested',
      address: '203.0.113.7',
      detail: { tier: 'Plus', planCode: 'plus-yearly' },
    });

    // `touchline billing confirm`: the allowances rise, and the page shows it at once.
    await f.app.deps.services.billing.confirmPayment(accountId);
    const plus = await owner.get('/dashboard');
    expect(plus.body).toContain('<dt>Plan</dt><dd>Plus</dd>');
    expect(allowances(plus.body)).not.toBe(freeQuota);
    expect(plus.body).not.toContain('is waiting for its payment');
    expect(plus.body).toMatch(
      /Current period ends<\/dt><dd>\d{4}-\d{2}-\d{2} \(HKT\), then renews/,
    );
  });

  it('cancels at the period end (access kept until then) and resumes', async () => {
    const owner = await f.signUp('val@example.com');
    const accountId = await f.accountIdOf('val@example.com');
    await f.app.deps.services.subscriptions.upgrade(accountId, 'Plus');
    const page = await owner.get('/dashboard');
    expect(page.body).toContain('Cancel the plan');

    const cancelled = await f.submitOnDashboard(owner, '/dashboard/plan/cancel', {
      confirm: 'yes',
    });
    expect(cancelled.statusCode).toBe(303);
    const after = await owner.get('/dashboard');
    expect(after.body).toContain('then ends (cancelled)');
    expect(after.body).toContain('<dt>Plan</dt><dd>Plus</dd>');
    expect(after.body).toContain('Keep my plan');
    expect(after.body).not.toContain('Cancel the plan');
    expect((await listAudit(db().prisma, { accountId }))[0]).toMatchObject({
      actor: 'web:val@example.com',
      action: 'plan.cancel',
    });

    const resumed = await f.submitOnDashboard(owner, '/dashboard/plan/resume', {
      confirm: 'yes',
    });
    expect(resumed.statusCode).toBe(303);
    expect((await owner.get('/dashboard')).body).toContain('then renews');

    // Cancelled again, the account falls to Free when the period ends, not before.
    await f.submitOnDashboard(owner, '/dashboard/plan/cancel', { confirm: 'yes' });
    const { subscription } = await f.app.deps.services.subscriptions.getAccountAccess(accountId);
    f.clock.set(new Date(subscription.periodEnd!.getTime() - 1000).toISOString());
    await f.signInAgain(owner, accountId);
    expect((await owner.get('/dashboard')).body).toContain('<dt>Plan</dt><dd>Plus</dd>');
    f.clock.advance(6_000);
    expect((await owner.get('/dashboard')).body).toContain('<dt>Plan</dt><dd>Free</dd>');
    f.clock.set('2026-11-27T10:00:05.000Z');
  });

  it('downgrades at the period end and can undo it', async () => {
    const owner = await f.signUp('wes@example.com');
    const accountId = await f.accountIdOf('wes@example.com');
    await f.app.deps.services.subscriptions.upgrade(accountId, 'Pro');
    const down = await f.submitOnDashboard(owner, '/dashboard/plan/downgrade', {
      confirm: 'yes',
    });
    expect(down.statusCode).toBe(303);
    const page = await owner.get('/dashboard');
    expect(page.body).toContain('then changes to Plus');
    expect(page.body).toContain('<dt>Plan</dt><dd>Pro</dd>');
    await f.submitOnDashboard(owner, '/dashboard/plan/resume', { confirm: 'yes' });
    expect((await owner.get('/dashboard')).body).toContain('then renews');
  });

  it('refuses a tampered tier or period with the reason (400), changing nothing', async () => {
    const owner = await f.signUp('xia@example.com');
    const accountId = await f.accountIdOf('xia@example.com');
    for (const [fields, reason] of [
      [{ tier: 'Gold' }, "tier must be Free, Plus or Pro, got 'Gold'"],
      [{ period: 'weekly' }, "period must be monthly or yearly, got 'weekly'"],
      [{ tier: 'Free' }, 'An upgrade must be to a higher tier than Free, got Free'],
    ] as const) {
      const res = await f.submitOnDashboard(owner, '/dashboard/plan/upgrade', {
        confirm: 'yes',
        ...fields,
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(reason.replace(/'/g, '&#39;'));
    }
    const status = await f.app.deps.services.billing.status(accountId);
    expect(status.payments).toEqual([]);
    expect(status.subscription.tier).toBe('Free');
  });

  it('shows the grace after a failed renewal', async () => {
    const owner = await f.signUp('yan@example.com');
    const accountId = await f.accountIdOf('yan@example.com');
    await f.app.deps.services.subscriptions.upgrade(accountId, 'Plus');
    await f.app.deps.services.billing.failRenewal(accountId);
    const page = await owner.get('/dashboard?lang=zh-HK');
    const until = new Date(f.clock.now().getTime() + 3 * DAY_MS).toISOString().slice(0, 10);
    expect(page.body).toContain('續期付款失敗');
    expect(page.body).toContain(until);
  });
});

describeEachDatabase('dashboard: plan changes (Stripe)', ({ db }) => {
  let f: DashboardFixture;
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    f = await dashboardFixture(db(), { env: stripeEnv(standIn.url) });
  });
  afterAll(async () => {
    await f?.close();
    await standIn?.close();
  });

  it("hands an upgrade on to the provider's Checkout page (link and Refresh); nothing changes yet", async () => {
    const owner = await f.signUp('zed@example.com');
    const accountId = await f.accountIdOf('zed@example.com');
    const res = await f.submitOnDashboard(owner, '/dashboard/plan/upgrade', {
      confirm: 'yes',
      tier: 'Pro',
    });
    // Not a 303: the page's form-action 'self' would stop a redirect to another origin.
    expect(res.statusCode).toBe(200);
    const checkout = new RegExp(`${standIn.url}/pay/cs_test_\\w+`);
    expect(res.headers.refresh).toMatch(new RegExp(`^0; url=${checkout.source}$`));
    expect(res.body).toMatch(new RegExp(`<a class="button" href="${checkout.source}">`));
    expect(standIn.calls.map((c) => c.path)).toContain('/v1/checkout/sessions');
    const page = await owner.get('/dashboard');
    expect(page.body).toContain('<dt>Plan</dt><dd>Free</dd>');
    expect(page.body).toContain('An upgrade to Pro is waiting for its payment to be confirmed');
    expect((await f.app.deps.services.billing.status(accountId)).payments[0]?.provider).toBe(
      'stripe',
    );
  });

  it('shows a refusal by the provider as a message (503), changing nothing', async () => {
    const owner = await f.signUp('abe@example.com');
    standIn.fail(true);
    try {
      const res = await f.submitOnDashboard(owner, '/dashboard/plan/upgrade', {
        confirm: 'yes',
        tier: 'Plus',
      });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('The payment provider did not answer.');
    } finally {
      standIn.fail(false);
    }
  });
});
