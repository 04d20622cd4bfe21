import {
  type DocumentNode,
  type ExecutionArgs,
  execute,
  Kind,
  type OperationDefinitionNode,
} from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import {
  type AddressLimiter,
  addressRateLimited,
  addressRateLimitHeaders,
} from '../../counters/address-limiter.js';
import type { ApiError } from '../../errors/api-error.js';
import type { Language } from '../../i18n/language.js';
import type { Gate, Pass, Seat } from '../../policy/gate.js';
import { validatorOf } from '../transport/http-cache.js';
import { asksIncrementalDelivery, NotAcceptable } from '../transport/incremental.js';
import { checkAffordable, costExtension, operationReservation } from './charges.js';
import type { CostPlan, TierPlans } from './cost.js';
import { plannedCosts } from './cost-plans.js';
import type { ExecutionContext } from './execution-context.js';
import { asApiError, coercedVariables, refusalFor, refusalOf } from './refusals.js';
import { type Payload, type Settled, settleOnce, settleWhenDelivered } from './settlement.js';

export interface AccessPluginOptions {
  gate: Gate;
  /** The per-address limit that keyless operations count on (DECISIONS.md "Access"). */
  addresses: AddressLimiter;
  /** The address the HTTP door saw (after TRUST_PROXY). */
  rawKeyOf(ctx: ExecutionContext): string | undefined;
  addressOf(ctx: ExecutionContext): string;
  /** The connection the operation came on, where its key's hash is kept (connection-key-hash.ts). */
  connectionOf?(ctx: ExecutionContext): object | undefined;
  /** The most one operation may cost (docs/graphql.md). */
  maxCost: number;
  /**
   * Where a settlement nobody waits for (a streamed answer's client gone) reports a failure, with
   * the operation's context (its request's logger carries the request id).
   */
  reportError(error: unknown, ctx: ExecutionContext): void;
}

/** Only the `usage` fields of the operation: what a dry run executes. */
function usageOnly(document: DocumentNode, operationName: string | null | undefined): DocumentNode {
  return {
    ...document,
    definitions: document.definitions.map((d) => {
      if (
        d.kind !== Kind.OPERATION_DEFINITION ||
        (operationName && d.name?.value !== operationName)
      ) {
        return d;
      }
      const selections = d.selectionSet.selections.filter(
        (s) => s.kind === Kind.FIELD && s.name.value === 'usage',
      );
      return { ...d, selectionSet: { ...d.selectionSet, selections } } as OperationDefinitionNode;
    }),
  };
}

/**
 * The operation's variables as it will run with them, and its plans for either tier (one walk,
 * kept per document: cost-plans.ts); `invalid` when its variables or arguments are refused.
 */
type Planning =
  | { variables: Record<string, unknown>; plans: TierPlans; invalid?: undefined }
  | { variables: Record<string, unknown>; plans?: undefined; invalid: ApiError };

function planOperation(args: ExecutionArgs, language: Language): Planning {
  let variables: Record<string, unknown> = {};
  try {
    variables = coercedVariables(
      args.schema,
      args.document,
      args.operationName,
      args.variableValues,
    );
    const { schema, document, operationName } = args;
    return {
      variables,
      plans: plannedCosts({ schema, document, operationName, variables, language }),
    };
  } catch (error) {
    return { variables, invalid: asApiError(error) };
  }
}

/** What the gate admitted an operation with: its pass and the plan of the key's tier. */
interface Admitted {
  pass: Pass;
  plan: CostPlan;
}

type Refuse = (error: ApiError, headers?: Record<string, string>) => void;

/** Yoga's hook after execution, as the plugin type names it (envelop's own type is not re-exported). */
type OnExecuteDone = NonNullable<
  Exclude<
    Awaited<ReturnType<NonNullable<Plugin<ExecutionContext>['onExecute']>>>,
    void
  >['onExecuteDone']
>;

/**
 * The shared access gate at the GraphQL door (DECISIONS.md "GraphQL", in the order of "Access"):
 * the key checks, the address, then the parameters (variables, and a cost bound the key's minute
 * could never afford), then the cost bound from the document and variables, reserved atomically
 * before any resolver or SQL runs; after execution the unused part goes back to the same windows.
 * An operation without keyed fields is keyless traffic: it counts on its address.
 */
export function useAccess(options: AccessPluginOptions): Plugin<ExecutionContext> {
  return {
    async onExecute({ args, setResultAndStopExecution, setExecuteFn }) {
      const ctx = args.contextValue;
      const refuse = refusalFor(ctx, setResultAndStopExecution);
      const planning = planOperation(args, ctx.language);
      const asks = () =>
        asksIncrementalDelivery(args.schema, args.document, args.operationName, planning.variables);
      // Either tier's plan says whether the operation is keyed.
      if (planning.plans && !planning.plans.analysis.keyed) {
        await admitKeyless(options, ctx, refuse);
        return undefined;
      }
      if (planning.invalid && options.rawKeyOf(ctx) === undefined) {
        // Sent without a key: keyless traffic (counted on its address by the door) refused on
        // its parameters.
        refuse(planning.invalid);
        return undefined;
      }
      const admitted = await admitKeyed(options, ctx, planning, asks, refuse);
      if (!admitted) {
        return undefined;
      }
      const { pass, plan } = admitted;
      if (plan.dryRun) {
        const document = usageOnly(args.document, args.operationName);
        setExecuteFn((executeArgs) => execute({ ...executeArgs, document }));
      }
      return {
        onExecuteDone: settleAfterExecution(options, ctx, pass, plan, asks),
      };
    },
  };
}

/**
 * The key, its address, the parameters, then the operation's bound reserved; a refusal is
 * answered (with the counters when the key was good) and leaves nothing admitted.
 */
async function admitKeyed(
  options: AccessPluginOptions,
  ctx: ExecutionContext,
  planning: Planning,
  /** Whether the operation asks for its answer in parts (@defer, @stream): walked when needed. */
  asksIncremental: () => boolean,
  refuse: Refuse,
): Promise<Admitted | undefined> {
  // Handed the pass once the key is good: a refusal after it reports the counters.
  const seat: Seat = { pass: undefined };
  try {
    const rawKey = options.rawKeyOf(ctx);
    const address = options.addressOf(ctx);
    const pass = await options.gate.enter(
      rawKey,
      address,
      undefined,
      options.connectionOf?.(ctx),
      seat,
    );
    if (planning.invalid) {
      throw planning.invalid;
    }
    const analysis = pass.principal.account.limits.analysis;
    // Planned for both tiers before the key was known: the key's tier picks its plan.
    const plan = analysis ? planning.plans.analysis : planning.plans.noAnalysis;
    ctx.access = {
      principal: pass.principal,
      analysis,
      requested: plan.bound,
      dryRun: plan.dryRun,
    };
    ctx.operation.planned(plan.matchList);
    if (!plan.dryRun && !ctx.operation.door.streams && asksIncremental()) {
      throw new NotAcceptable();
    }
    checkAffordable(plan.bound, options.maxCost, pass.principal.account.limits.ratePerMinute);
    // A dry run reads nothing: one request on the minute, as any operation.
    const units = operationReservation(plan.dryRun ? 0 : plan.bound);
    const usage = await pass.reserve({ ...units, freeEligible: plan.freeEligible });
    ctx.access.usage = usage;
    ctx.operation.charged(usage);
    return { pass, plan };
  } catch (error) {
    // A key that needs the database to be checked while it is away: 503 for the whole
    // operation, as REST answers (docs/operations.md).
    const refusal = refusalOf(error);
    if (!refusal) {
      throw error;
    }
    // A request with a known key carries its counters, as on REST (spec 8.2 rule 6); the
    // pass counts what its stage calls for (a 400 after the key checks: one request on the
    // minute; a 429 or an address refused: nothing).
    if (seat.pass) {
      ctx.operation.charged(await seat.pass.settleFor(refusal.status));
    }
    refuse(refusal);
    return undefined;
  }
}

/**
 * After execution: a stream settles when delivered; a whole answer settles as 200 or (a
 * conditional GET the client holds) 304, tells the operation what ran and carries its cost.
 */
function settleAfterExecution(
  options: AccessPluginOptions,
  ctx: ExecutionContext,
  pass: Pass,
  planned: CostPlan,
  asksIncremental: () => boolean,
): OnExecuteDone {
  const settle = settleOnce(pass, planned, () => ctx.ledger);
  const withCost = <R extends Payload>(result: R, settled: Settled): R => ({
    ...result,
    extensions: { ...result.extensions, cost: costExtension(planned, settled, settled.usage) },
  });
  return async ({ result, setResult }) => {
    if (isAsyncIterable(result)) {
      // The headers go out with the first payload: they say what was reserved.
      const stream = settleWhenDelivered(settle, withCost, (error) =>
        options.reportError(error, ctx),
      );
      ctx.operation.streaming(stream.close);
      return stream.hooks;
    }
    const clean = !result.errors?.length && !planned.perCaller && 'data' in result;
    // A conditional GET whose answer the client holds already is a 304 (http-cache.ts).
    const validator =
      clean && ctx.operation.door.conditional ? validatorOf(ctx.req, result.data) : undefined;
    if (validator) {
      ctx.operation.validated(validator);
    }
    const settled = await settle(validator?.notModified ? 304 : 200);
    const { actual, minute } = settled;
    const analysis = ctx.access.analysis;
    // The operation cache may keep it, unless it reads the caller or asks for several
    // parts (it came whole only because nothing was there to defer).
    const keep = clean && !asksIncremental();
    ctx.operation.ran(
      settled.usage,
      keep ? { plan: planned, actual, minute, analysis, data: result.data } : undefined,
    );
    setResult(withCost(result, settled));
    return undefined;
  };
}

/** A keyless operation counts on its address's minute, unless the door already counted it. */
async function admitKeyless(
  options: AccessPluginOptions,
  ctx: ExecutionContext,
  refuse: Refuse,
): Promise<void> {
  if (!ctx.operation.countOnAddress()) {
    return;
  }
  const keyless = await options.addresses.admit(options.addressOf(ctx));
  if (!keyless.admitted) {
    refuse(addressRateLimited(keyless), addressRateLimitHeaders(keyless));
  }
}
