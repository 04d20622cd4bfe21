import { ApiError } from '../../errors/api-error.js';
import type { ResolverContext } from '../schema/context.js';
import { type FieldBilling, requestKey } from './field-billing.js';

/** The scope of a match's children in request keys: the planner uses the same form. */
export const matchScope = (matchId: number) => `match:${matchId}`;

type Resolve<P, A, R> = (parent: P, args: A, ctx: ResolverContext) => Promise<R> | R;

/**
 * Wraps a billable field's resolver: analysis fields refuse a Free key (`tier_insufficient`,
 * never charged), and every read is recorded in the operation's ledger once per distinct REST
 * request, charged as REST would charge its outcome.
 */
export function billed<P, A extends object, R>(
  billing: FieldBilling,
  scopeOf: (parent: P, args: A) => string,
  resolve: Resolve<P, A, R>,
): Resolve<P, A, R> {
  return async (parent, args, ctx) => {
    if (billing.operation === 'analysis' && !ctx.access.analysis) {
      throw new ApiError(
        'tier_insufficient',
        'Analysis fields need the Plus or Pro plan; they were not charged',
      );
    }
    const key = requestKey(
      billing,
      scopeOf(parent, args),
      args as Record<string, unknown>,
      ctx.language,
    );
    try {
      const value = await resolve(parent, args, ctx);
      ctx.ledger.record(billing, key);
      return value;
    } catch (error) {
      // REST charges a 404 in full; any other failure (502, 503) only on the minute.
      ctx.ledger.record(billing, key, error instanceof ApiError && error.code === 'not_found');
      throw error;
    }
  };
}

/** A child of a match: scoped by the parent match's id. */
export const billedChild = <P extends { id: number }, A extends object, R>(
  billing: FieldBilling,
  resolve: Resolve<P, A, R>,
) => billed<P, A, R>(billing, (match) => matchScope(match.id), resolve);
