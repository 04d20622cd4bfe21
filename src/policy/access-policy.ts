import { checkApiKeyFormat, hashApiKey } from '../accounts/api-key-format.js';
import type {
  MaybePromise,
  QuotaStore,
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

/**
 * The one access policy of both doors. Each check is a separate step so the doors can run them in
 * the order DECISIONS.md "Access" fixes: key present -> known -> not expired -> address -> tier
 * -> (parameters) -> rate -> quota.
 */
export function createAccessPolicy(deps: AccessPolicyDeps) {
  const invalid = () => new ApiError('key_invalid', 'The API key is not valid');

  /** Revoked, expired: a known key that may not be used (DECISIONS.md "Access" order). */
  function checkKey(key: KeyRecord | null): KeyRecord {
    if (!key || key.revokedAt) {
      throw invalid();
    }
    if (key.expiresAt && key.expiresAt.getTime() <= deps.now().getTime()) {
      throw new ApiError('key_expired', `The API key expired on ${key.expiresAt.toISOString()}`);
    }
    return key;
  }

  function principalOf(key: KeyRecord, account: AccountAccess | null): Principal {
    if (!account) {
      throw invalid();
    }
    return { key, account };
  }

  async function load(hash: string): Promise<Principal> {
    const key = checkKey(await deps.keys.get(hash));
    return principalOf(key, await deps.accounts.get(key.accountId));
  }

  /**
   * 401 `unauthorized`, 401 `key_invalid`, 403 `key_expired`. Answers at once (no promise) when
   * the key and its account are cached, as they are for every request after a key's first.
   * `connection`: the socket the request came on, whose previous key's hash may be this one's.
   */
  function authenticate(rawKey: string | undefined, connection?: object): MaybePromise<Principal> {
    if (!rawKey) {
      throw new ApiError(
        'unauthorized',
        'Send your API key in the Authorization (Bearer) or X-Api-Key header',
      );
    }
    const hash = connection ? connectionKeyHash(connection, rawKey) : hashApiKey(rawKey);
    const cached = deps.keys.peek(hash);
    if (cached) {
      // Its hash is a stored key's: well formed by construction, no need to parse it again.
      const key = checkKey(cached);
      const account = deps.accounts.peek(key.accountId);
      return account === undefined ? load(hash) : principalOf(key, account);
    }
    // A malformed key or a bad checksum is refused without a storage read.
    if (!checkApiKeyFormat(rawKey) || cached === null) {
      throw invalid();
    }
    return load(hash);
  }

  /** 403 `ip_not_allowed`; the detail names the address the service saw (spec 5.6). */
  function checkAddress(principal: Principal, address: string): void {
    if (!isAddressAllowed(address, principal.key.allowlist)) {
      throw new ApiError(
        'ip_not_allowed',
        `Requests from ${address} are not allowed for this key`,
        { address },
      );
    }
  }

  /** 403 `tier_insufficient`: analysis needs Plus or Pro (spec 4.4). */
  function checkTier(principal: Principal, operation: Operation): void {
    if (operation === 'analysis' && !principal.account.limits.analysis) {
      throw new ApiError(
        'tier_insufficient',
        `Analysis endpoints need the Plus or Pro plan; this account is on ${principal.account.tier}`,
      );
    }
  }

  const windowInput = (principal: Principal) => ({
    accountId: principal.key.accountId,
    keyId: principal.key.keyId,
    limits: principal.account.limits,
    now: deps.now(),
  });

  /**
   * Rate (429 `rate_limited`) then quota (429 `quota_exceeded`); nothing is written on a refusal.
   * At once with the in-process store, after the round trip with Redis. `dailyCost` (default:
   * `cost`) is the part that counts on the day: 0 counts the request on the minute only.
   */
  function reserve(
    principal: Principal,
    cost: number,
    freeEligible: number,
    dailyCost = cost,
  ): MaybePromise<ReserveResult> {
    const input: ReserveInput = {
      accountId: principal.key.accountId,
      keyId: principal.key.keyId,
      limits: principal.account.limits,
      now: deps.now(),
      cost,
      freeEligible,
      dailyCost,
    };
    const outcome = deps.store.reserve(input);
    return outcome instanceof Promise
      ? outcome.then((o) => reserveResult(principal, input, o))
      : reserveResult(principal, input, outcome);
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
    const error =
      outcome.reason === 'rate_limited'
        ? new ApiError(
            'rate_limited',
            `More than ${input.limits.ratePerMinute} requests this minute`,
            {
              retryAfter: secondsToMinuteEnd(input.now),
            },
          )
        : new ApiError(
            'quota_exceeded',
            'The daily quota is used up; it resets at 00:00 Hong Kong time (16:00 UTC)',
            {
              retryAfter: secondsToHkMidnight(input.now),
            },
          );
    return { admitted: false, error, usage: outcome.usage };
  }

  /** A request with a valid key that ends before the quota step (400, 403 tier) counts on the minute. */
  async function chargeMinute(principal: Principal): Promise<UsageSnapshot> {
    const input = windowInput(principal);
    const usage = await deps.store.chargeMinute(input);
    const { accountId, keyId, now } = input;
    deps.recordUsage?.({ accountId, keyId, day: hkDay(now), minute: minuteWindow(now) }, 1, 0, 0);
    return usage;
  }

  const peek = (principal: Principal) => deps.store.peek(windowInput(principal));

  /**
   * After the handler: daily units are kept only for an outcome that is charged (2xx or 404);
   * otherwise they go back. `actual` below the reservation refunds the difference: one number
   * for both counters, or the minute's and the day's apart (a GraphQL operation whose reads
   * partly failed keeps those on the minute only, as REST does).
   */
  function settle(
    admission: Admission,
    charged: boolean,
    actual?: number | { minute: number; daily: number },
  ): MaybePromise<UsageSnapshot> {
    const { reservation, usage } = admission;
    const reserved = reservation.minuteUnits;
    const usedMinute = typeof actual === 'object' ? actual.minute : (actual ?? reserved);
    const usedDaily = typeof actual === 'object' ? actual.daily : (actual ?? reserved);
    const unused = Math.max(0, reserved - usedMinute);
    const keepDaily = charged ? Math.min(reserved, usedDaily) : 0;
    const refundDaily = reserved - keepDaily;
    const plan = Math.min(reservation.planUnits, refundDaily);
    const free = Math.min(reservation.freeUnits, refundDaily - plan);
    deps.recordUsage?.(
      reservation,
      reserved - unused,
      reservation.planUnits - plan,
      reservation.freeUnits - free,
      reservation.uncounted === true,
    );
    if (plan === 0 && free === 0 && unused === 0) {
      return usage;
    }
    const after = {
      minute: { ...usage.minute, used: Math.max(0, usage.minute.used - unused) },
      quota: { ...usage.quota, used: Math.max(0, usage.quota.used - plan) },
      free: { ...usage.free, used: Math.max(0, usage.free.used - free) },
    };
    const refunded = deps.store.refund(reservation, { minute: unused, plan, free });
    return refunded instanceof Promise ? refunded.then(() => after) : after;
  }

  return { authenticate, checkAddress, checkTier, reserve, chargeMinute, peek, settle };
}

export type AccessPolicy = ReturnType<typeof createAccessPolicy>;
