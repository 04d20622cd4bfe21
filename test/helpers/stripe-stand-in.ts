import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One call the stand-in received: method, path and the form fields as Stripe's client sends them. */
export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A local HTTP server standing in for the Stripe API (the client is pointed at it with the
 * package's host, port and protocol settings): it answers the few calls touchline makes with
 * objects of the right shape and records them. No test reaches the internet.
 */
export async function startStripeStandIn() {
  const calls: StripeCall[] = [];
  let failing = false;
  let sequence = 0;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const form = await readForm(req);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const key = req.headers['idempotency-key'];
    calls.push({
      method: req.method ?? '',
      path,
      form,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    if (failing) {
      send(res, 400, { error: { type: 'invalid_request_error', message: 'refused by the test' } });
      return;
    }
    sequence += 1;
    if (path === '/v1/customers') {
      send(res, 200, { id: `cus_test${sequence}`, object: 'customer' });
    } else if (path === '/v1/checkout/sessions') {
      const id = `cs_test_${sequence}`;
      send(res, 200, { id, object: 'checkout.session', url: `${standIn.url}/pay/${id}` });
    } else if (path.startsWith('/v1/subscriptions/')) {
      const id = path.split('/')[3];
      send(res, 200, {
        id,
        object: 'subscription',
        items: { data: [{ id: `si_${id}`, price: { product: 'prod_touchline' } }] },
      });
    } else {
      send(res, 404, { error: { type: 'invalid_request_error', message: `no ${path}` } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn = {
    url: `http://127.0.0.1:${port}`,
    calls,
    /** Every call answers 400 while set. */
    fail(value: boolean) {
      failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}

export const TEST_WEBHOOK_SECRET = 'whsec_touchline_test_secret';
export const TEST_STRIPE_KEY = 'sk_test_touchline0000';

/** The environment of an app billing through the stand-in. */
export const stripeEnv = (apiUrl: string) => ({
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_URL: apiUrl,
});

const signer = new Stripe(TEST_STRIPE_KEY);
let eventSequence = 0;

/** A Stripe event of `type` about `object`, with a fresh id unless one is given. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; created?: Date } = {},
) {
  eventSequence += 1;
  return {
    id: options.id ?? `evt_test_${process.pid}_${eventSequence}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor((options.created ?? new Date()).getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    data: { object },
  };
}

/** The body and `Stripe-Signature` header of a delivery, signed with the package's own helper. */
export function signDelivery(event: unknown, secret = TEST_WEBHOOK_SECRET) {
  return signPayload(JSON.stringify(event), secret);
}

/** A body signed as it is, JSON or not (a malformed delivery with a good signature). */
export function signPayload(payload: string, secret = TEST_WEBHOOK_SECRET) {
  const header = signer.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}
