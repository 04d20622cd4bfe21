import {
  type MaybePromise,
  andThen as then,
  type UsageSnapshot,
  whenReady,
} from '../counters/quota-store.js';
import type { ApiError } from '../errors/api-error.js';
import type { AccessPolicy, Admission, Operation, Principal } from './access-policy.js';

/** What one request reserves: units on the minute, of which `dailyCost` count on the day. */
export interface Units {
  cost: number;
  /** Default: `cost`. 0 counts the request on the minute only. */
  dailyCost?: number;
  /** How many units may come from the free match-list allowance (spec 8.2 rule 3). */
  freeEligible: number;
}

/** What a request read, when it differs from what it reserved (GraphQL: the ledger). */
export interface Read {
  minute: number;
  daily: number;
}

type Stage = 'opened' | 'allowed' | 'refused' | 'reserved' | 'settled';

/**
 * One request's way through the access gate, once its key is known. Its methods can only be
 * used in the order DECISIONS.md "Access" fixes (address, tier, then parameters, then rate and
 * quota, then the handler), and `settle` counts what the rules say for wherever the request
 * stopped:
 * - refused on its address (403): nothing counted (the key is valid, not allowed);
 * - refused on tier (403): one request on the minute, nothing on the day (counted by `allow`);
 * - stopped at the parameters (400, or a path that names no resource): one on the minute;
 * - refused on rate or quota (429): nothing at all;
 * - reserved: the reservation kept (2xx, 404) or given back (304, 5xx; the unused part of a
 *   GraphQL bound), to the same windows.
 * Every one of them reports the counters (spec 8.2 rule 6: a valid key, errors included).
 */
export class Pass {
  usage: UsageSnapshot | undefined = undefined;
  private stage: Stage = 'opened';
  private admission: Admission | undefined = undefined;

  constructor(
    readonly principal: Principal,
    private readonly policy: AccessPolicy,
    private readonly addressRefusal: ApiError | undefined,
  ) {}

  /**
   * 403 `ip_not_allowed` when the key's allowlist does not hold the caller's address (nothing
   * counted); then, for an operation, 403 `tier_insufficient` for a Free key on analysis (one
   * request on the minute).
   */
  allow(operation?: Operation): MaybePromise<void> {
    if (this.addressRefusal) {
      this.stage = 'refused';
      throw this.addressRefusal;
    }
    try {
      if (operation) {
        this.policy.checkTier(this.principal, operation);
      }
      this.stage = 'allowed';
      return undefined;
    } catch (error) {
      this.stage = 'refused';
      return then(this.policy.chargeMinute(this.principal), (usage) => {
        this.usage = usage;
        throw error;
      });
    }
  }

  /**
   * Rate (429 `rate_limited`), then quota (429 `quota_exceeded`): a refusal writes nothing.
   * Admitted, the counters after the reservation.
   */
  reserve(units: Units): MaybePromise<UsageSnapshot> {
    if (this.stage !== 'allowed') {
      throw new Error(`reserve when ${this.stage}`);
    }
    // Until admitted, nothing is counted: a counter store that fails (Redis away in `closed`
    // mode: 503) leaves the request refused, not stopped at the parameters.
    this.stage = 'refused';
    const reserved = this.policy.reserve(
      this.principal,
      units.cost,
      units.freeEligible,
      units.dailyCost ?? units.cost,
    );
    return then(reserved, (result) => {
      if (!result.admitted) {
        this.stage = 'refused';
        this.usage = result.usage;
        throw result.error;
      }
      this.stage = 'reserved';
      this.admission = result.admission;
      this.usage = result.admission.usage;
      return result.admission.usage;
    });
  }

  /**
   * After the handler (or wherever the request stopped): `charged` says whether the outcome is
   * one that keeps its daily units (2xx, 404); `read`, what a GraphQL operation really read.
   * Returns the counters the response reports.
   */
  settle(charged: boolean, read?: Read): MaybePromise<UsageSnapshot> {
    const stage = this.stage;
    this.stage = 'settled';
    if (stage === 'reserved' && this.admission) {
      const admission = this.admission;
      this.admission = undefined;
      return then(this.policy.settle(admission, charged, read), (usage) => {
        this.usage = usage;
        return usage;
      });
    }
    if (stage === 'allowed') {
      // Past the key, address and tier checks, short of the rate step: the parameters were
      // refused.
      return then(this.policy.chargeMinute(this.principal), (usage) => {
        this.usage = usage;
        return usage;
      });
    }
    return this.usage ?? this.policy.peek(this.principal);
  }

  /** Counters for a response that counts nothing more (a refusal decided elsewhere). */
  peek(): MaybePromise<UsageSnapshot> {
    return this.usage ?? this.policy.peek(this.principal);
  }
}

/**
 * The access gate both doors call (DECISIONS.md "Access", in order): `open` runs the key checks
 * (present, well formed and known, not revoked, not expired: 401/403, thrown: no counters to
 * report) and looks at the address; the Pass it hands out does the rest. With the key and account
 * cached and the in-process counters, no step waits for anything.
 */
export function createGate(policy: AccessPolicy) {
  /** `connection`: the request's socket, on which the key's hash is kept (connection-key-hash.ts). */
  function open(
    rawKey: string | undefined,
    address: string,
    connection?: object,
  ): MaybePromise<Pass> {
    return then(policy.authenticate(rawKey, connection), (principal) => {
      let refusal: ApiError | undefined;
      try {
        policy.checkAddress(principal, address);
      } catch (error) {
        refusal = error as ApiError;
      }
      return new Pass(principal, policy, refusal);
    });
  }
  return { open };
}

export type Gate = ReturnType<typeof createGate>;

/**
 * Runs a gate step for a callback-style hook: `done()` once it passed, `done(error)` with its
 * refusal (an ApiError the door renders), whether the step answers at once, later, or throws.
 */
export function runStep(step: () => MaybePromise<unknown>, done: (error?: Error) => void): void {
  try {
    whenReady(step(), () => done(), done);
  } catch (error) {
    done(error as ApiError);
  }
}
