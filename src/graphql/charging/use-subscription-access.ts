import {
  type ExecutionResult,
  type GraphQLSchema,
  getArgumentValues,
  Kind,
  type OperationDefinitionNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { StreamLease, StreamLeases } from '../../counters/stream-leases.js';
import { ApiError } from '../../errors/api-error.js';
import type { Gate, Seat } from '../../policy/gate.js';
import { type KeyRefused, leaseStream, type Push } from '../../push/push.js';
import { operationOf } from '../documents/operation-of.js';
import type { SubscriptionCheck } from '../schema/types/subscription.js';
import { graphqlErrorOf } from '../transport/errors.js';
import { NotAcceptable } from '../transport/incremental.js';
import type { ExecutionContext } from './execution-context.js';
import { asApiError, coercedVariables, refusalFor, refusalOf } from './refusals.js';

export interface SubscriptionAccessOptions {
  gate: Gate;
  streams: StreamLeases;
  push: Push;
  rawKeyOf(ctx: ExecutionContext): string | undefined;
  addressOf(ctx: ExecutionContext): string;
}

type Results = AsyncIterableIterator<ExecutionResult>;

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

const isIterable = (value: unknown): value is Results =>
  value !== null && typeof value === 'object' && Symbol.asyncIterator in value;

/** The subscription's one root field, its definition and its arguments. */
function rootFieldOf(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode | undefined,
  variables: Record<string, unknown>,
) {
  const node = operation?.selectionSet.selections[0];
  const field =
    node?.kind === Kind.FIELD ? schema.getSubscriptionType()?.getFields()[node.name.value] : null;
  if (!node || node.kind !== Kind.FIELD || !field) {
    throw new ApiError('invalid_parameter', 'A subscription selects one subscription field');
  }
  return { field, args: getArgumentValues(field, node, variables) };
}

/**
 * The results of one subscription while its key stays good and its lease held: every 2 s the key
 * is checked again; a key that is no longer good (revoked, expired) ends it with an error naming
 * the code (within 5 s, DECISIONS.md "Push"). An error of the source (a subscriber fallen too far
 * behind) ends it the same way. Its end, however it comes, gives the lease back.
 */
function guarded(
  source: Results,
  options: { watchKey(refused: KeyRefused): () => void; lease: StreamLease; push: Push },
): Results {
  let ending: ExecutionResult | undefined;
  let finished = false;
  const fail = (error: unknown) => {
    ending ??= { errors: [graphqlErrorOf(refusalOf(error) ?? asApiError(error))] };
    void source.return?.();
  };
  const unwatch = options.watchKey(fail);
  const finish = () => {
    if (!finished) {
      finished = true;
      unwatch();
      forget();
      void options.lease.release();
    }
  };
  const results: Results = {
    async next() {
      if (finished) {
        return DONE;
      }
      let step: IteratorResult<ExecutionResult>;
      try {
        step = await source.next();
      } catch (error) {
        fail(error);
        step = DONE;
      }
      if (ending) {
        const last = ending;
        finish();
        return { done: false, value: last };
      }
      if (step.done) {
        finish();
      }
      return step;
    },
    async return() {
      finish();
      await source.return?.();
      return DONE;
    },
    [Symbol.asyncIterator]() {
      return results;
    },
  };
  const forget = options.push.track({ close: () => void results.return?.() }, 'graphql');
  return results;
}

/**
 * The access policy of GraphQL subscriptions (DECISIONS.md "Push"), the same as the SSE route's:
 * the key checks and the address, the field's arguments (a 400 before anything is charged), then
 * one request on the minute and one unit of the day, then one of the account's concurrent
 * streams (429 `rate_limited` past the plan's number). Events are free; analysis changes reach
 * Plus and Pro only (`ctx.access.analysis`).
 */
export function useSubscriptionAccess(
  options: SubscriptionAccessOptions,
): Plugin<ExecutionContext> {
  const { gate } = options;
  return {
    async onSubscribe({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue;
      // Counted as a stream, not a query (docs/operations.md "Metrics").
      ctx.req.surface = 'stream';
      const refuse = refusalFor(ctx, setResultAndStopExecution);
      const operation = operationOf(args.document, args.operationName);
      const watchKey = (refused: KeyRefused) =>
        options.push.watchKey(options.rawKeyOf(ctx), options.addressOf(ctx), refused);
      // Handed the pass once the key is good: a refusal after it reports the counters.
      const seat: Seat = { pass: undefined };
      let lease: StreamLease | undefined;
      try {
        const pass = await gate.enter(
          options.rawKeyOf(ctx),
          options.addressOf(ctx),
          'plan',
          undefined,
          seat,
        );
        if (!ctx.operation.door.streams) {
          // Yoga would open it, then find no way to send it (406): refused before the day is
          // charged or a stream leased, as a bad parameter (one request on the minute).
          throw new NotAcceptable(
            'A subscription answers as a stream: send Accept: text/event-stream (or use graphql-ws)',
          );
        }
        const variables = coercedVariables(
          args.schema,
          args.document,
          args.operationName,
          args.variableValues,
        );
        const root = rootFieldOf(args.schema, operation, variables);
        const analysis = pass.principal.account.limits.analysis;
        ctx.access = { principal: pass.principal, analysis, requested: 1, dryRun: false };
        const check = root.field.extensions['subscriptionCheck'] as SubscriptionCheck | undefined;
        await check?.(root.args, ctx);
        ctx.operation.charged(await pass.reserve({ cost: 1, freeEligible: 0 }));
        lease = await leaseStream(options.streams, pass.principal);
        ctx.access.usage = await pass.settleFor(200);
        ctx.operation.charged(ctx.access.usage);
      } catch (error) {
        const refusal = refusalOf(error) ?? asApiError(error);
        // Leased, then refused (the day's settlement failed): the stream never opens.
        await lease?.release();
        if (seat.pass) {
          ctx.operation.charged(await seat.pass.settleFor(refusal.status));
        }
        refuse(refusal);
        return undefined;
      }
      const held = lease;
      return {
        onSubscribeResult({ result, setResult }) {
          if (!isIterable(result)) {
            // Refused by the field itself (its source could not open): nothing streams.
            void held.release();
            return;
          }
          setResult(guarded(result, { watchKey, lease: held, push: options.push }));
        },
      };
    },
  };
}
