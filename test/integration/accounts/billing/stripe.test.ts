import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STRIPE_EVENT_BYTES } from '../../../../src/billing-webhooks/plugin.js';
import type { Services } from '../../../../src/deps.js';
import { buildTestApp } from '../../../helpers/app.js';
import { createFakeClock } from '../../../helpers/clock.js';
import { describeEachDatabase } from '../../../helpers/db.js';
import {
  signDelivery,
  signPayload,
  startStripeStandIn,
  stripeEnv,
  stripeEvent,
} from '../../../helpers/stripe-stand-in.js';
import { errorCode } from '../../management/setup.js';

const START = '2026-11-22T10:00:00.000Z';
const DASHBOARD = { actor: 'account:test' };
const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describeEachDatabase('Stripe billing', ({ db }) => {
  const clock = createFakeClock(START);
  let standIn: Awaited<ReturnType<typeof startStripeStandIn>>;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let services: Services;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    app = await buildTestApp(db(), { clock, env: stripeEnv(standIn.url) });
    services = app.deps.services;
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });

  const deliver = (event: unknown, header?: string) => {
    const signed = signDelivery(event);
    return app.inject({
      method: 'POST',
      url: '/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header ?? signed.header },
      payload: signed.payload,
    });
  };

  async function quotaLimit(key: string) {
    await app.deps.events.publish({ type: 'plans-changed' });
    const res = await app.inject({
      method: 'GET',
      url: '/v1/football/matches/live',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.headers['x-quota-limit'];
  }

  const tierOf = async (accountId: number) =>
    (await services.subscriptions.getAccountAccess(accountId)).tier;

  const auditCount = (accountId: number) => db().prisma.auditRecord.count({ where: { accountId } });

  /** Invoice objects as Stripe sends them (the fields touchline reads). */
  const invoice = (
    subscription: string,
    reason: string,
    start: string,
    end: string,
    reference?: string,
  ) => ({
    id: `in_${subscription}_${seconds(start)}`,
    object: 'invoice',
    billing_reason: reason,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription, metadata: reference ? { reference } : {} },
    },
    lines: { object: 'list', data: [{ period: { start: seconds(start), end: seconds(end) } }] },
  });

  /** An account on Plus through Checkout: Free, upgrade, first invoice paid. */
  async function stripePlusAccount(subscription: string) {
    clock.set(START);
    const { id } = await services.accounts.createAccount('Free');
    const key = (await services.keys.createKey(id)).key;
    const started = await services.billing.requestUpgrade(id, 'Plus', {}, DASHBOARD);
    const res = await deliver(
      stripeEvent(
        'invoice.paid',
        invoice(
          subscription,
          'subscription_create',
          START,
          '2026-12-22T10:00:00.000Z',
          started.payment.reference,
        ),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    return { accountId: id, key, reference: started.payment.reference };
  }

  describe('an upgrade through Checkout', () => {
    it('takes effect only when its payment is reported, once', async () => {
      clock.set(START);
      const { id } = await services.accounts.createAccount('Free');
      const key = (await services.keys.createKey(id)).key;
      standIn.calls.length = 0;
      const started = await services.billing.requestUpgrade(id, 'Plus', {}, DASHBOARD);
      expect(started.next).toMatchObject({ kind: 'redirect' });
      expect(started.next.kind === 'redirect' && started.next.url).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/,
      );
      const checkout = standIn.calls.find((c) => c.path === '/v1/checkout/sessions');
      expect(checkout?.form).toMatchObject({
        mode: 'subscription',
        'line_items[0][price_data][currency]': 'hkd',
        'line_items[0][price_data][unit_amount]': '18800',
        'line_items[0][price_data][recurring][interval]': 'month',
        'metadata[reference]': started.payment.reference,
        'metadata[accountId]': String(id),
        'subscription_data[metadata][reference]': started.payment.reference,
      });
      expect(checkout?.form['subscription_data[billing_cycle_anchor]']).toBeUndefined();
      expect(checkout?.idempotencyKey).toBe(`touchline-checkout-${started.payment.reference}`);
      expect(await quotaLimit(key)).toBe('30');

      const completed = stripeEvent('checkout.session.completed', {
        id: 'cs_test_x',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        subscription: 'sub_first',
        metadata: { reference: started.payment.reference },
      });
      const res = await deliver(completed);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'applied' });
      expect(await quotaLimit(key)).toBe('5000');

      // Its first invoice is a second notice of the same payment: nothing changes twice.
      const audits = await auditCount(id);
      const paid = await deliver(
        stripeEvent(
          'invoice.paid',
          invoice(
            'sub_first',
            'subscription_create',
            START,
            '2026-12-22T10:00:00.000Z',
            started.payment.reference,
          ),
        ),
      );
      expect(paid.statusCode).toBe(200);
      expect(await auditCount(id)).toBe(audits);
      const replay = await deliver(completed);
      expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
      expect(await auditCount(id)).toBe(audits);
      expect(await tierOf(id)).toBe('Plus');
    });

    it('from a paid plan: nothing charged until the period end, the old subscription stops renewing', async () => {
      const { accountId, key } = await stripePlusAccount('sub_plus_a');
      standIn.calls.length = 0;
      const started = await services.billing.requestUpgrade(accountId, 'Pro', {}, DASHBOARD);
      const checkout = standIn.calls.find((c) => c.path === '/v1/checkout/sessions');
      expect(checkout?.form).toMatchObject({
        'line_items[0][price_data][unit_amount]': '68800',
        'subscription_data[billing_cycle_anchor]': String(seconds('2026-12-22T10:00:00.000Z')),
        'subscription_data[proration_behavior]': 'none',
      });
      expect(standIn.calls.some((c) => c.path === '/v1/customers')).toBe(false);
      expect(await quotaLimit(key)).toBe('5000');
      const res = await deliver(
        stripeEvent('checkout.session.completed', {
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'no_payment_required',
          subscription: 'sub_pro_a',
          metadata: { reference: started.payment.reference },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(await quotaLimit(key)).toBe('30000');
      const stop = standIn.calls.find((c) => c.path === '/v1/subscriptions/sub_plus_a');
      expect(stop?.form).toEqual({ cancel_at_period_end: 'true' });
      const access = await services.subscriptions.getAccountAccess(accountId);
      expect(access.subscription.planVersion?.planCode).toBe('plus-monthly');
      expect(access.subscription.pendingPlan?.planCode).toBe('pro-monthly');
      // The old subscription ending at its period end is not the account's cancellation.
      const ended = await deliver(
        stripeEvent('customer.subscription.deleted', {
          id: 'sub_plus_a',
          object: 'subscription',
          metadata: {},
        }),
      );
      expect(ended.statusCode).toBe(200);
      expect((await services.billing.status(accountId)).subscription.status).toBe('active');
    });
  });

  describe('renewals', () => {
    it('a paid renewal records the period; an older failure delivered late changes nothing', async () => {
      const { accountId } = await stripePlusAccount('sub_renew_b');
      clock.set('2026-12-22T10:05:00.000Z');
      const next = ['2026-12-22T10:00:00.000Z', '2027-01-22T10:00:00.000Z'] as const;
      const paid = await deliver(
        stripeEvent('invoice.paid', invoice('sub_renew_b', 'subscription_cycle', ...next)),
      );
      expect(paid.statusCode).toBe(200);
      const billing = await db().prisma.billingAccount.findUnique({ where: { accountId } });
      expect(billing?.paidThrough?.toISOString()).toBe(next[1]);
      const late = await deliver(
        stripeEvent(
          'invoice.payment_failed',
          invoice('sub_renew_b', 'subscription_cycle', ...next),
        ),
      );
      expect(late.statusCode).toBe(200);
      expect((await services.billing.status(accountId)).subscription.status).toBe('active');
      // An invoice of an older period, paid again late, does not move the record back.
      const old = await deliver(
        stripeEvent('invoice.paid', invoice('sub_renew_b', 'subscription_cycle', START, next[0])),
      );
      expect(old.statusCode).toBe(200);
      const after = await db().prisma.billingAccount.findUnique({ where: { accountId } });
      expect(after?.paidThrough?.toISOString()).toBe(next[1]);
    });

    it('a failed renewal leaves 3 days of grace from the event, then Free with the key valid', async () => {
      const { accountId, key } = await stripePlusAccount('sub_fail_c');
      const due = ['2026-12-22T10:00:00.000Z', '2027-01-22T10:00:00.000Z'] as const;
      clock.set('2026-12-22T11:00:00.000Z');
      const failed = stripeEvent(
        'invoice.payment_failed',
        invoice('sub_fail_c', 'subscription_cycle', ...due),
        {
          created: new Date('2026-12-22T11:00:00.000Z'),
        },
      );
      expect((await deliver(failed)).statusCode).toBe(200);
      const status = (await services.billing.status(accountId)).subscription;
      expect(status).toMatchObject({ status: 'past_due', graceUntil: '2026-12-25T11:00:00.000Z' });
      clock.set('2026-12-25T10:59:59.000Z');
      expect(await quotaLimit(key)).toBe('5000');
      clock.set('2026-12-25T11:00:00.000Z');
      expect(await quotaLimit(key)).toBe('30');
    });

    it('a renewal paid during the grace ends it', async () => {
      const { accountId } = await stripePlusAccount('sub_grace_d');
      const due = ['2026-12-22T10:00:00.000Z', '2027-01-22T10:00:00.000Z'] as const;
      clock.set('2026-12-22T11:00:00.000Z');
      await deliver(
        stripeEvent(
          'invoice.payment_failed',
          invoice('sub_grace_d', 'subscription_cycle', ...due),
          {
            created: clock.now(),
          },
        ),
      );
      await deliver(
        stripeEvent('invoice.paid', invoice('sub_grace_d', 'subscription_cycle', ...due)),
      );
      clock.set('2026-12-30T00:00:00.000Z');
      expect(await tierOf(accountId)).toBe('Plus');
    });
  });

  describe('cancellation', () => {
    it('cancel and resume tell Stripe first; a refusal there changes nothing here', async () => {
      const { accountId } = await stripePlusAccount('sub_cancel_e');
      standIn.calls.length = 0;
      expect(await services.billing.cancel(accountId, DASHBOARD)).toMatchObject({
        status: 'cancelled',
      });
      expect(standIn.calls.at(-1)).toMatchObject({
        path: '/v1/subscriptions/sub_cancel_e',
        form: { cancel_at_period_end: 'true' },
      });
      standIn.fail(true);
      try {
        expect(await errorCode(services.billing.resume(accountId, DASHBOARD))).toBe(
          'upstream_unavailable',
        );
      } finally {
        standIn.fail(false);
      }
      expect((await services.billing.status(accountId)).subscription.status).toBe('cancelled');
      expect(await services.billing.resume(accountId, DASHBOARD)).toMatchObject({
        status: 'active',
      });
      expect(standIn.calls.at(-1)?.form).toEqual({ cancel_at_period_end: 'false' });
    });

    it('deleted keeps access to the period end; a paid event for it afterwards changes nothing', async () => {
      const { accountId } = await stripePlusAccount('sub_deleted_f');
      clock.set('2026-12-01T00:00:00.000Z');
      const res = await deliver(
        stripeEvent('customer.subscription.deleted', {
          id: 'sub_deleted_f',
          object: 'subscription',
          metadata: {},
        }),
      );
      expect(res.statusCode).toBe(200);
      expect((await services.billing.status(accountId)).subscription).toMatchObject({
        tier: 'Plus',
        status: 'cancelled',
      });
      const late = await deliver(
        stripeEvent(
          'invoice.paid',
          invoice(
            'sub_deleted_f',
            'subscription_cycle',
            '2026-12-22T10:00:00.000Z',
            '2027-01-22T10:00:00.000Z',
          ),
        ),
      );
      expect(late.statusCode).toBe(200);
      clock.set('2026-12-22T10:00:00.000Z');
      expect(await tierOf(accountId)).toBe('Free');
    });

    it('a Checkout subscription deleted before it was paid can no longer confirm the upgrade', async () => {
      clock.set(START);
      const { id } = await services.accounts.createAccount('Free');
      const started = await services.billing.requestUpgrade(id, 'Pro', {}, DASHBOARD);
      const reference = started.payment.reference;
      await deliver(
        stripeEvent('customer.subscription.deleted', {
          id: 'sub_never_g',
          object: 'subscription',
          metadata: { reference },
        }),
      );
      const late = await deliver(
        stripeEvent(
          'invoice.paid',
          invoice(
            'sub_never_g',
            'subscription_create',
            START,
            '2026-12-22T10:00:00.000Z',
            reference,
          ),
        ),
      );
      expect(late.statusCode).toBe(200);
      expect(await tierOf(id)).toBe('Free');
    });
  });

  describe('deliveries', () => {
    it('refuses a bad, missing or foreign signature with 400 and no internals', async () => {
      const event = stripeEvent(
        'invoice.paid',
        invoice('sub_x', 'subscription_cycle', START, START),
      );
      const foreign = signDelivery(event, 'whsec_someone_elses_secret');
      for (const header of [foreign.header, 't=1,v1=00', undefined]) {
        const res = await app.inject({
          method: 'POST',
          url: '/billing/webhooks/stripe',
          headers: {
            'content-type': 'application/json',
            ...(header ? { 'stripe-signature': header } : {}),
          },
          payload: JSON.stringify(event),
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({
          code: 'invalid_parameter',
          parameter: 'stripe-signature',
        });
        expect(res.body).not.toMatch(/whsec|stack|Error:/);
      }
      // The body is signed byte for byte: re-serialised JSON does not pass.
      const signed = signDelivery(event);
      const tampered = await app.inject({
        method: 'POST',
        url: '/billing/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.header },
        payload: `${signed.payload} `,
      });
      expect(tampered.statusCode).toBe(400);
    });

    it('refuses a signed but malformed event with 400 saying what is wrong, and changes nothing', async () => {
      const { accountId } = await stripePlusAccount('sub_malformed_m');
      const before = await auditCount(accountId);
      const paid = invoice('sub_malformed_m', 'subscription_cycle', START, START);
      const { lines: _lines, ...withoutLines } = paid;
      const malformed: Array<[string, string]> = [
        ['not JSON', '{"id":'],
        ['no lines', JSON.stringify(stripeEvent('invoice.paid', withoutLines))],
        [
          'a period that is not a number',
          JSON.stringify(
            stripeEvent('invoice.payment_failed', {
              ...paid,
              lines: { object: 'list', data: [{ period: { start: 'soon', end: 'later' } }] },
            }),
          ),
        ],
        [
          'a subscription id that is not a string',
          JSON.stringify(stripeEvent('customer.subscription.deleted', { id: 42, metadata: {} })),
        ],
        [
          'no creation time',
          JSON.stringify({
            ...stripeEvent('customer.subscription.deleted', { id: 'sub_malformed_m' }),
            created: 'yesterday',
          }),
        ],
        ['no data', JSON.stringify({ id: 'evt_x', type: 'invoice.paid', created: 1 })],
      ];
      for (const [what, payload] of malformed) {
        const signed = signPayload(payload);
        const res = await app.inject({
          method: 'POST',
          url: '/billing/webhooks/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': signed.header },
          payload: signed.payload,
        });
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        expect(res.json(), what).toMatchObject({ code: 'invalid_parameter', parameter: 'body' });
        expect(res.json().detail, what).toMatch(/Stripe event/);
        expect(res.body, what).not.toMatch(/stack|TypeError|prisma/i);
      }
      expect(await auditCount(accountId)).toBe(before);
      expect((await services.billing.status(accountId)).subscription.status).toBe('active');
    });

    it('names the size it refuses an oversized delivery at', async () => {
      const signed = signPayload(JSON.stringify({ padding: 'x'.repeat(600 * 1024) }));
      const res = await app.inject({
        method: 'POST',
        url: '/billing/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.header },
        payload: signed.payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toContain(`${MAX_STRIPE_EVENT_BYTES} bytes`);
    });

    it('answers other event types 200 and changes nothing', async () => {
      const res = await deliver(
        stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
      );
      expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    });

    it('two deliveries of one event at once: applied once', async () => {
      const { accountId } = await stripePlusAccount('sub_twice_h');
      const before = await auditCount(accountId);
      clock.set('2026-12-22T11:00:00.000Z');
      const failed = stripeEvent(
        'invoice.payment_failed',
        invoice(
          'sub_twice_h',
          'subscription_cycle',
          '2026-12-22T10:00:00.000Z',
          '2027-01-22T10:00:00.000Z',
        ),
      );
      const answers = await Promise.all([deliver(failed), deliver(failed), deliver(failed)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((r) => r.json().outcome).sort()).toEqual([
        'applied',
        'duplicate',
        'duplicate',
      ]);
      expect(await auditCount(accountId)).toBe(before + 1);
    });

    it('a failure to store is a 500 without internals; the retried delivery is applied', async () => {
      const { accountId } = await stripePlusAccount('sub_store_i');
      const prisma = db().prisma;
      await prisma.$executeRawUnsafe(
        `CREATE FUNCTION refuse_billing_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'storage refused by the test'; END $$`,
      );
      await prisma.$executeRawUnsafe(
        'CREATE TRIGGER refuse_billing_event BEFORE INSERT ON billing_events FOR EACH ROW EXECUTE FUNCTION refuse_billing_event()',
      );
      clock.set('2026-12-01T00:00:00.000Z');
      const ended = stripeEvent('customer.subscription.deleted', {
        id: 'sub_store_i',
        object: 'subscription',
        metadata: {},
      });
      try {
        const res = await deliver(ended);
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ code: 'internal_error' });
        expect(res.body).not.toMatch(/storage refused|billing_events|trigger/);
        expect((await services.billing.status(accountId)).subscription.status).toBe('active');
      } finally {
        await prisma.$executeRawUnsafe('DROP TRIGGER refuse_billing_event ON billing_events');
        await prisma.$executeRawUnsafe('DROP FUNCTION refuse_billing_event()');
      }
      const retried = await deliver(ended);
      expect(retried.json()).toEqual({ received: true, outcome: 'applied' });
      expect((await services.billing.status(accountId)).subscription.status).toBe('cancelled');
    });
  });
});
