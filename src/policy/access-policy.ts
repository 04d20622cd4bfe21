import { checkApiKeyFormat, hashApiKey } from '../accounts/api-key-format.js';
import type {
  MaybePromise,
  QuotaStore,
  RefundUnits,
  RejectReason,
  Reservation,
  ReserveInput,
  ReserveOutcome,
  UsageSnapshot,
} from '../counters/quota-store.js';
import type { UsageWindow } from '../counters/usage-statement.js';
import {
  hkDay,
  minuteWindow,
  secondsToHkMidnight,
  secondsToMinuteEnd,
} from '../counters/windows.js';
import { ApiError } from '../errors/api-error.js';
import type { AccountAccess } from './account-cache.js';
import { isAddressAllowed } from './allowlist.js';
import { connectionKeyHash } from './connection-key-hash.js';
import type { KeyCache, KeyRecord } from './key-cache.js';

/** What a route costs and draws on: plan quota, analysis (Plus/Pro), or the free match list. */
export type Operation = 'plan' | 'analysis' | 'matchList';

export interface Principal {
  key: KeyRecord;
  account: AccountAccess;
}

export interface Admission {
  principal: Principal;
  reservation: Reservation;
  usage: UsageSnapshot;
}

export type ReserveResult =
  | { admitted: true; admission: Admission }
  | { admitted: false; error: ApiError; usage: UsageSnapshot };

export interface AccessPolicyDeps {
  keys: KeyCache;
  accounts: {
    get(accountId: number): Promise<AccountAccess | null>;
    peek(accountId: number): AccountAccess | null | undefined;
  };
  store: QuotaStore;
  now: () => Date;
  /**
   * Told what each request counted: units on the minute, and what a settled one kept on the day
   * (the `minute_usage` and `daily_usage` history; src/counters/usage-recorder.ts), and whether the
   * Redis day counters do not count those yet (`Reservation.uncounted`).
   */
  recordUsage?(
    window: UsageWindow,
    requests: number,
    plan: number,
    free: number,
    uncounted?: boolean,
  ): void;
}

const invalid = () => new ApiError('key_invalid', 'The API key is not valid');

function principalOf(key: KeyRecord, account: AccountAccess | null): Principal {
  if (!account) {
    throw invalid();
  }
  return { key, account };
}

/** 429 `rate_limited` or `quota_exceeded`, with the seconds until the window that refused resets. */
function reserveRefusal(input: ReserveInput, reason: RejectReason): ApiError {
  return reason === 'rate_limited'
    ? new ApiError('rate_limited', `More than ${input.limits.ratePerMinute} requests this minute`, {
        retryAfter: secondsToMinuteEnd(input.now),
      })
    : new ApiError(
        'quota_exceeded',
        'The daily quota is used up; it resets at 00:00 Hong Kong time (16:00 UTC)',
        { retryAfter: secondsToHkMidnight(input.now) },
      );
}

function reserveResult(
  principal: Principal,
  input: ReserveInput,
  outcome: ReserveOutcome,
): ReserveResult {
  if (outcome.admitted) {
    return {
      admitted: true,
      admission: { principal, reservation: outcome.reservation, usage: outcome.usage },
    };
  }
  return { admitted: false, error: reserveRefusal(input, outcome.reason), usage: outcome.usage };
}

/** What a settled reservation gives back: units on the minute, plan and free units on the day. */
interface Refund extends RefundUnits {
  minute: number;
  plan: number;
  free: number;
}

/**
 * Daily units are kept only for a charged outcome; `actual` below the reservation gives back the
 * difference, one number for both counters or the minute's and the day's apart.
 */
function refundOf(
  reservation: Reservation,
  charged: boolean,
  actual?: number | { minute: number; daily: number },
): Refund {
  const reserved = reservation.minuteUnits;
  const usedMinute = typeof actual === 'object' ? actual.minute : (actual ?? reserved);
  const usedDaily = typeof actual === 'object' ? actual.daily : (actual ?? reserved);
  const refundDaily = reserved - (charged ? Math.min(reserved, usedDaily) : 0);
  const plan = Math.min(reservation.planUnits, refundDaily);
  return {
    minute: Math.max(0, reserved - usedMinute),
    plan,
    free: Math.min(reservation.freeUnits, refundDaily - plan),
  };
}

function usageAfter(usage: UsageSnapshot, refund: Refund): UsageSnapshot {
  return {
    minute: { ...usage.minute, used: Math.max(0, usage.minute.used - refund.minute) },
    quota: { ...usage.quota, used: Math.max(0, usage.quota.used - refund.plan) },
    free: { ...usage.free, used: Math.max(0, usage.free.used - refund.free) },
  };
}

/**
 * The one access policy of both doors. Each check is a separate step so the doors can run them in
 * the order DECISIONS.md "Access" fixes: key present -> known -> not expired -> address -> tier
 * -> (parameters) -> rate -> quota. The gate (gate.ts) calls them in that order.
 */
export class AccessPolicy {
  constructor(private readonly deps: AccessPolicyDeps) {}

  /** Revoked, expired: a known key that may not be used (DECISIONS.md "Access" order). */
  private checkKey(key: KeyRecord | null): KeyRecord {
    if (!key || key.revokedAt) {
      throw invalid();
    }
    if (key.expiresAt && key.expiresAt.getTime() <= this.deps.now().getTime()) {
      throw new ApiError('key_expired', `The API key expired on ${key.expiresAt.toISOString()}`);
    }
    return key;
  }

  private async load(hash: string): Promise<Principal> {
    const key = this.checkKey(await this.deps.keys.get(hash));
    return principalOf(key, await this.deps.accounts.get(key.accountId));
  }

  /**
   * 401 `unauthorized`, 401 `key_invalid`, 403 `key_expired`. Answers at once (no promise) when
   * the key and its account are cached, as they are for every request after a key's first.
   * `connection`: the socket the request came on, whose previous key's hash may be this one's.
   */
  authenticate(rawKey: string | undefined, connection?: object): MaybePromise<Principal> {
    if (!rawKey) {
      throw new ApiError(
        'unauthorized',
        'Send your API key in the Authorization (Bearer) or X-Api-Key header',
      );
    }
    const hash = connection ? connectionKeyHash(connection, rawKey) : hashApiKey(rawKey);
    const cached = this.deps.keys.peek(hash);
    if (cached) {
      // Its hash is a stored key's: well formed by construction, no need to parse it again.
      const key = this.checkKey(cached);
      const account = this.deps.accounts.peek(key.accountId);
      return account === undefined ? this.load(hash) : principalOf(key, account);
    }
    // A malformed key or a bad checksum is refused without a storage read.
    if (!checkApiKeyFormat(rawKey) || cached === null) {
      throw invalid();
    }
    return this.load(hash);
  }

  /** 403 `ip_not_allowed`; the detail names the address the service saw (spec 5.6). */
  checkAddress(principal: Principal, address: string): void {
    if (!isAddressAllowed(address, principal.key.allowlist)) {
      throw new ApiError(
        'ip_not_allowed',
        `Requests from ${address} are not allowed for this key`,
        { address },
      );
    }
  }

  /** 403 `tier_insufficient`: analysis needs Plus or Pro (spec 4.4). */
  checkTier(principal: Principal, operation: Operation): void {
    if (operation === 'analysis' && !principal.account.limits.analysis) {
      throw new ApiError(
        'tier_insufficient',
        `Analysis endpoints need the Plus or Pro plan; this account is on ${principal.account.tier}`,
      );
    }
  }

  private windowInput(principal: Principal) {
    return {
      accountId: principal.key.accountId,
      keyId: principal.key.keyId,
      limits: principal.account.limits,
      now: this.deps.now(),
    };
  }

  /**
   * Rate (429 `rate_limited`) then quota (429 `quota_exceeded`); nothing is written on a refusal.
   * At once with the in-process store, after the round trip with Redis. `dailyCost` (default:
   * `cost`) is the part that counts on the day: 0 counts the request on the minute only.
   */
  reserve(
    principal: Principal,
    cost: number,
    freeEligible: number,
    dailyCost = cost,
  ): MaybePromise<ReserveResult> {
    // Written out, not spread from windowInput: this object is made on every request, and a
    // literal of one shape keeps the store's reads of it monomorphic (docs/benchmarks.md).
    const input: ReserveInput = {
      accountId: principal.key.accountId,
      keyId: principal.key.keyId,
      limits: principal.account.limits,
      now: this.deps.now(),
      cost,
      freeEligible,
      dailyCost,
    };
    const outcome = this.deps.store.reserve(input);
    return outcome instanceof Promise
      ? outcome.then((o) => reserveResult(principal, input, o))
      : reserveResult(principal, input, outcome);
  }

  /** A request with a valid key that ends before the quota step (400, 403 tier) counts on the minute. */
  async chargeMinute(principal: Principal): Promise<UsageSnapshot> {
    const input = this.windowInput(principal);
    const usage = await this.deps.store.chargeMinute(input);
    const { accountId, keyId, now } = input;
    const window = { accountId, keyId, day: hkDay(now), minute: minuteWindow(now) };
    this.deps.recordUsage?.(window, 1, 0, 0);
    return usage;
  }

  peek(principal: Principal): Promise<UsageSnapshot> {
    return this.deps.store.peek(this.windowInput(principal));
  }

  /**
   * After the handler: daily units are kept only for an outcome that is charged (2xx or 404);
   * otherwise they go back. `actual` below the reservation refunds the difference: one number
   * for both counters, or the minute's and the day's apart (a GraphQL operation whose reads
   * partly failed keeps those on the minute only, as REST does).
   */
  settle(
    admission: Admission,
    charged: boolean,
    actual?: number | { minute: number; daily: number },
  ): MaybePromise<UsageSnapshot> {
    const { reservation, usage } = admission;
    const refund = refundOf(reservation, charged, actual);
    this.deps.recordUsage?.(
      reservation,
      reservation.minuteUnits - refund.minute,
      reservation.planUnits - refund.plan,
      reservation.freeUnits - refund.free,
      reservation.uncounted === true,
    );
    if (refund.plan === 0 && refund.free === 0 && refund.minute === 0) {
      return usage;
    }
    const after = usageAfter(usage, refund);
    const refunded = this.deps.store.refund(reservation, refund);
    return refunded instanceof Promise ? refunded.then(() => after) : after;
  }
}
