import type Stripe from 'stripe';
import Type, { type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { ApiError } from '../../errors/api-error.js';
import { describeSchemaErrors } from '../../ingest/import/schema-errors.js';

/**
 * The parts of a Stripe event that touchline reads, per event type it acts on. A delivery with
 * a good signature can still be malformed (a test tool, a changed API version): it is refused
 * with 400 and the field at fault, not a 500 that Stripe would retry for days.
 */

const Id = Type.String({ minLength: 1 });
const IdOrObject = Type.Union([Id, Type.Object({ id: Id }), Type.Null()]);
const Metadata = Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]);
const Seconds = Type.Integer({ minimum: 0 });

const event = (object: TSchema) =>
  Type.Object({
    id: Id,
    type: Type.String(),
    created: Seconds,
    data: Type.Object({ object }),
  });

const Invoice = Type.Object({
  billing_reason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  parent: Type.Optional(
    Type.Union([
      Type.Object({
        subscription_details: Type.Optional(
          Type.Union([
            Type.Object({
              subscription: Type.Optional(IdOrObject),
              metadata: Type.Optional(Metadata),
            }),
            Type.Null(),
          ]),
        ),
      }),
      Type.Null(),
    ]),
  ),
  lines: Type.Object({
    data: Type.Array(Type.Object({ period: Type.Object({ start: Seconds, end: Seconds }) })),
  }),
});

const CheckoutSession = Type.Object({
  mode: Type.String(),
  payment_status: Type.String(),
  subscription: Type.Optional(IdOrObject),
  metadata: Type.Optional(Metadata),
});

const Subscription = Type.Object({ id: Id, metadata: Type.Optional(Metadata) });

const SHAPES: Record<string, ReturnType<typeof Compile>> = {
  'checkout.session.completed': Compile(event(CheckoutSession)),
  'invoice.paid': Compile(event(Invoice)),
  'invoice.payment_failed': Compile(event(Invoice)),
  'customer.subscription.deleted': Compile(event(Subscription)),
};

const malformed = (detail: string) =>
  new ApiError('invalid_parameter', `The Stripe event is malformed: ${detail}`, {
    parameter: 'body',
  });

/**
 * The signed body as an event: a JSON object whose fields touchline reads have the types it
 * reads them as (only for the event types it acts on; the others are answered and ignored).
 */
export function parseStripeEvent(rawBody: Buffer): Stripe.Event {
  let value: unknown;
  try {
    value = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw malformed('the body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw malformed('the body is not a JSON object');
  }
  const shape = SHAPES[String((value as { type?: unknown }).type)];
  if (shape && !shape.Check(value)) {
    const problem = describeSchemaErrors(shape.Errors(value));
    throw malformed(`${problem.field || '/'} ${problem.reason}`);
  }
  return value as Stripe.Event;
}
