import type { UsageSnapshot } from '../../counters/quota-store.js';
import { ApiError } from '../../errors/api-error.js';
import type { CostPlan } from './cost.js';

/**
 * DECISIONS.md "GraphQL": every operation with a valid key counts at least one request on the
 * minute, even one that reads nothing billable (`usage`, `viewer`, a dry run, `match(id){ id }`);
 * the day is charged only what it reads. What to reserve for an operation of this bound.
 */
export const operationReservation = (bound: number) => ({
  cost: Math.max(1, bound),
  dailyCost: bound,
});

export const costExtension = (
  plan: Pick<CostPlan, 'bound' | 'dryRun' | 'tierRefused'>,
  reads: { actual: number; minute: number },
  usage: UsageSnapshot | undefined,
) => ({
  requested: plan.bound,
  actual: reads.actual,
  refunded: plan.bound - reads.actual,
  // Reads that failed upstream (502, 503): on the minute, as REST counts them, not on the day.
  ...(reads.minute > reads.actual ? { failedReads: reads.minute - reads.actual } : {}),
  ...(plan.dryRun ? { dryRun: true } : {}),
  ...(plan.tierRefused ? { tierRefused: plan.tierRefused } : {}),
  ...(usage
    ? {
        rate: { limit: usage.minute.limit, used: usage.minute.used },
        quota: { limit: usage.quota.limit, used: usage.quota.used },
        freeMatches: { limit: usage.free.limit, used: usage.free.used },
      }
    : {}),
});

/** A refusal before execution: the operation could never be afforded or is too costly. */
export function checkAffordable(bound: number, maxCost: number, ratePerMinute: number): void {
  if (!Number.isSafeInteger(bound) || bound < 0) {
    throw new ApiError('invalid_parameter', 'The cost of this operation could not be bounded');
  }
  if (bound > maxCost) {
    throw new ApiError(
      'invalid_parameter',
      `This operation could cost up to ${bound} units; one operation may cost at most ${maxCost}`,
    );
  }
  if (bound > ratePerMinute) {
    throw new ApiError(
      'invalid_parameter',
      `This operation could cost up to ${bound} units, more than this key's ${ratePerMinute} per minute: it could never run`,
    );
  }
}
