/**
 * The counters behind spec 8.2, as one interface with two stores: in process (one instance) and
 * Redis (any number of instances, one atomic script per request). A request reserves its cost on
 * every counter it involves before the handler runs and settles after it (refunds go back to the
 * exact windows the reservation used).
 */

export interface CounterLimits {
  ratePerMinute: number;
  dailyQuota: number;
  freeMatchesDailyQuota: number;
}

export interface ReserveInput {
  accountId: number;
  keyId: number;
  /** Units this request costs (1 for a REST call; a GraphQL operation's upper bound). */
  cost: number;
  /**
   * How many of those units count on the day (default: all). 0 for a GraphQL operation that
   * reads nothing billable: it counts one request on the minute only (DECISIONS.md "GraphQL").
   */
  dailyCost?: number;
  /** How many of those units may come from the free match-list allowance (spec 8.2 rule 3). */
  freeEligible: number;
  limits: CounterLimits;
  now: Date;
}

/** What a reservation took, and from which windows, so a refund can give exactly that back. */
export interface Reservation {
  accountId: number;
  keyId: number;
  minute: number;
  day: string;
  minuteUnits: number;
  freeUnits: number;
  planUnits: number;
  /**
   * The Redis day counters do not count its day units yet: admitted during an outage (the
   * journal's replay adds them) or from a counter slice (a settlement adds them).
   */
  uncounted?: boolean;
}

export interface CounterState {
  limit: number;
  used: number;
}

/** Usage after the request: the headers of spec 8.2 rule 6 count the current request. */
export interface UsageSnapshot {
  minute: CounterState;
  quota: CounterState;
  free: CounterState;
}

export type RejectReason = 'rate_limited' | 'quota_exceeded';

export type ReserveOutcome =
  | { admitted: true; reservation: Reservation; usage: UsageSnapshot }
  | { admitted: false; reason: RejectReason; usage: UsageSnapshot };

export interface RefundUnits {
  minute?: number;
  free?: number;
  plan?: number;
}

/** A value now, or later: the in-process store answers at once, Redis after a round trip. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Runs `step` on a value now or later: a chain of steps that waits only where a step does (the
 * access gate's hot path, with the key cached and the counters in process, never waits).
 */
export const andThen = <T, R>(value: MaybePromise<T>, step: (resolved: T) => MaybePromise<R>) =>
  value instanceof Promise ? value.then(step) : step(value);

/** Runs `then` on a value now, or when its promise settles; failures go to `done`. */
export function whenReady<T>(
  value: MaybePromise<T>,
  then: (resolved: T) => void,
  done: (error?: Error) => void,
): void {
  if (value instanceof Promise) {
    value.then(then, done);
  } else {
    then(value);
  }
}

/** A request's windows without its cost: what a charge on the minute or a look at the counters reads. */
export type WindowInput = Omit<ReserveInput, 'cost' | 'freeEligible'>;

export interface QuotaStore {
  readonly kind: 'memory' | 'redis';
  /** Checks and advances every counter involved, atomically; writes nothing on a rejection. */
  reserve(input: ReserveInput): MaybePromise<ReserveOutcome>;
  /** Gives units back to the windows the reservation used (never below zero). */
  refund(reservation: Reservation, units: RefundUnits): MaybePromise<void>;
  /** Counts a request on the key's minute only (a 400 or 403 `tier_insufficient`: DECISIONS "Access", what counts). */
  chargeMinute(input: WindowInput): Promise<UsageSnapshot>;
  /** The counters now, without spending anything. */
  peek(input: WindowInput): Promise<UsageSnapshot>;
  /** Today's usage per key of an account (for `touchline usage`). */
  usageByKey(accountId: number, now: Date): Promise<Map<number, { plan: number; free: number }>>;
  close(): Promise<void>;
}

/** How a reservation of `cost` splits between the free allowance and the plan quota. */
export function splitCost(
  cost: number,
  freeEligible: number,
  freeUsed: number,
  freeLimit: number,
): { free: number; plan: number } {
  const free = Math.max(0, Math.min(freeEligible, cost, freeLimit - freeUsed));
  return { free, plan: cost - free };
}
