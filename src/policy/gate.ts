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
 * Spec 8.2: the final statuses that keep a reservation's daily units. 2xx and 404 are charged;
 * everything else (304, 400, 5xx) gives them back. The one place this rule is written.
 */
export const keepsUnits = (status: number) => (status >= 200 && status < 300) || status === 404;

/** Where a door keeps a request's pass: handed it once the key is good, before any refusal. */
export interface Seat {
  pass: Pass | null | undefined;
}

/**
 * One request's way through the access gate, once its key is known. Its methods can only be
 * used in the order DECISIONS.md "Access" fixes (address, tier, then parameters, then rate and
 * quota, then the handler), and `settleFor` counts what the rules say for wherever the request
 * stopped:
 * - refused on its address (403): nothing counted (the key is valid, not allowed);
 * - refused on tier (403): one request on the minute, nothing on the day (counted by `allow`);
 * - stopped at the parameters (400, or a path that names no resource): one on the minute;
 * - refused on rate or quota (429): nothing at all;
 * - reserved: the reservation kept (2xx, 404) or given back (304, 5xx; the unused part of a
 *   GraphQL bound), to the same windows (`keepsUnits`).
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
   * After the handler, or wherever the request stopped: `status` is the answer's (`keepsUnits`
   * says whether a reservation keeps its daily units); `read`, what a GraphQL operation really
   * read. Settles once; afterwards, the counters as they were. Returns the counters the response
   * reports.
   */
  settleFor(status: number, read?: Read): MaybePromise<UsageSnapshot> {
    const stage = this.stage;
    this.stage = 'settled';
    if (stage === 'reserved' && this.admission) {
      const admission = this.admission;
      this.admission = undefined;
      return then(this.policy.settle(admission, keepsUnits(status), read), (usage) => {
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
    return this.peek();
  }

  /** Counters for a response that counts nothing more (a refusal decided elsewhere). */
  peek(): MaybePromise<UsageSnapshot> {
    return this.usage ?? this.policy.peek(this.principal);
  }
}

/**
 * The access gate every door calls (DECISIONS.md "Access", in order), one entry per door shape.
 * Each entry first runs the key checks (present, well formed and known, not revoked, not
 * expired: 401/403, thrown: no counters to report) and looks at the address; the Pass it hands
 * out does the rest. With the key and account cached and the in-process counters, no step waits
 * for anything, and no entry makes a closure unless a step waits.
 */
export class Gate {
  constructor(private readonly policy: AccessPolicy) {}

  /**
   * The key checks, the address, then the tier of `operation` (none: the address only): the
   * pass of a request whose door checks its parameters next, then `reserve`s (the REST hooks,
   * the GraphQL access plugin, subscriptions, the operation cache). `seat` is handed the pass
   * as soon as the key is good, so that a refusal after it still reports the counters.
   * `connection`: the request's socket, on which the key's hash is kept (connection-key-hash.ts).
   */
  enter(
    rawKey: string | undefined,
    address: string,
    operation?: Operation,
    connection?: object,
    seat?: Seat,
  ): MaybePromise<Pass> {
    const opened = this.open(rawKey, address, connection);
    return opened instanceof Promise
      ? opened.then((pass) => allowed(pass, operation, seat))
      : allowed(opened, operation, seat);
  }

  /** `enter`, then `units` reserved: a door with no parameters of its own (the REST replay). */
  admit(
    rawKey: string | undefined,
    address: string,
    operation: Operation,
    units: Units,
    connection?: object,
    seat?: Seat,
  ): MaybePromise<Pass> {
    const entered = this.enter(rawKey, address, operation, connection, seat);
    return entered instanceof Promise
      ? entered.then((pass) => reserved(pass, units))
      : reserved(entered, units);
  }

  /**
   * Whether a key is still good here (key checks, address), counting nothing: a WebSocket
   * connection's key, the keys of open streams checked again.
   */
  check(rawKey: string | undefined, address: string): MaybePromise<Principal> {
    return then(this.enter(rawKey, address), principalOf);
  }

  /**
   * A request refused on its parameters before the door's gate ran (a document that does not
   * parse or validate): the key checks and the address (thrown), then one request on the
   * minute. Returns the counters the refusal reports.
   */
  refuseParameters(
    rawKey: string | undefined,
    address: string,
    connection?: object,
  ): MaybePromise<UsageSnapshot> {
    return then(this.enter(rawKey, address, undefined, connection), settleRefused);
  }

  private open(rawKey: string | undefined, address: string, connection?: object) {
    return then(this.policy.authenticate(rawKey, connection), (principal) => {
      let refusal: ApiError | undefined;
      try {
        this.policy.checkAddress(principal, address);
      } catch (error) {
        refusal = error as ApiError;
      }
      return new Pass(principal, this.policy, refusal);
    });
  }
}

function allowed(pass: Pass, operation: Operation | undefined, seat: Seat | undefined) {
  if (seat) {
    seat.pass = pass;
  }
  const allow = pass.allow(operation);
  return allow instanceof Promise ? allow.then(() => pass) : pass;
}

function reserved(pass: Pass, units: Units): MaybePromise<Pass> {
  const reservation = pass.reserve(units);
  return reservation instanceof Promise ? reservation.then(() => pass) : pass;
}

const principalOf = (pass: Pass) => pass.principal;
const settleRefused = (pass: Pass) => pass.settleFor(400);

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
