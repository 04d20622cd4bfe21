import { ApiError } from '../../errors/api-error.js';
import type { MatchRecord } from '../../football/match-record.js';
import type { ResolverContext } from '../schema/context.js';
import { matchScope } from './billed-resolver.js';
import { BILLING, requestKey } from './field-billing.js';

/** What a selection asks of a match by id (match-selection.ts `selectsMatchPayload`, `selectsBeyondId`). */
export interface MatchAsked {
  /** A field of the detail payload: the detail route is read. */
  payload: boolean;
  /** Anything beyond its ids: for an unknown id, the one request REST answers 404. */
  beyondId: boolean;
}

/**
 * A match named by id (`match`, `matchesByIds`, `node`), charged as REST would: found, the detail
 * route only when its payload is read; unknown, the one 404 a REST client gets on its first
 * request about the match, whatever it asked for, and a `not_found` error.
 */
export async function matchById(
  id: number,
  ctx: ResolverContext,
  asked: MatchAsked,
): Promise<MatchRecord> {
  const found = id > 0 ? await ctx.loaders.match.load(id) : null;
  if (id > 0 && (found ? asked.payload : asked.beyondId)) {
    ctx.ledger.record(BILLING.detail, requestKey(BILLING.detail, matchScope(id), {}, ctx.language));
  }
  if (!found) {
    throw new ApiError('not_found', `Match ${id} does not exist`);
  }
  return found;
}
