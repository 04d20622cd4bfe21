import type { FastifyInstance } from 'fastify';
import type { StripeWebhooks } from '../accounts/billing/stripe-webhooks.js';

/**
 * Stripe's events are small; anything far larger is not one. The route's limit, so the 400 that
 * refuses a larger body names this size (src/http/problem.ts reads the route's `bodyLimit`).
 */
export const MAX_STRIPE_EVENT_BYTES = 512 * 1024;

/**
 * `POST /billing/webhooks/stripe` (DECISIONS.md "Accounts on the web"). The signature covers the
 * exact bytes Stripe sent, so this route alone reads its body raw. The answer is 2xx only once
 * the change is stored; a bad signature or a malformed event is 400 and a storage failure 500 (Stripe then retries).
 */
export async function billingWebhooksPlugin(
  app: FastifyInstance,
  { webhooks }: { webhooks: StripeWebhooks },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post(
    '/billing/webhooks/stripe',
    // Signed by Stripe, not keyless traffic: its deliveries come in bursts from few addresses.
    { config: { addressLimit: false }, bodyLimit: MAX_STRIPE_EVENT_BYTES },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const outcome = await webhooks.receive(
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true, outcome };
    },
  );
}
