import { LRUCache } from 'lru-cache';
import type { TierName } from '../accounts/tiers.js';
import type { CounterLimits } from '../counters/quota-store.js';
import type { BusEvent } from '../events/event-bus.js';

/** The account's plan as it stands now: a key's permissions follow it (spec 5.2). */
export interface AccountAccess {
  accountId: number;
  tier: TierName;
  limits: CounterLimits & { analysis: boolean };
}

/**
 * Account -> effective plan, cached within propagationSeconds (plan changes reach every instance
 * within 60 s, spec 3.2) and evicted at once by change events where they arrive.
 */
export function createAccountCache(options: {
  load(accountId: number): Promise<AccountAccess | null>;
  ttlMs?: number;
  max?: number;
}) {
  const cache = new LRUCache<number, { value: AccountAccess | null }>({
    max: options.max ?? 50_000,
    ttl: options.ttlMs ?? 60_000,
  });
  const inFlight = new Map<number, Promise<AccountAccess | null>>();

  async function get(accountId: number): Promise<AccountAccess | null> {
    const hit = cache.get(accountId);
    if (hit) {
      return hit.value;
    }
    let pending = inFlight.get(accountId);
    if (!pending) {
      pending = options.load(accountId).then(
        (value) => {
          cache.set(accountId, { value });
          inFlight.delete(accountId);
          return value;
        },
        (error: unknown) => {
          inFlight.delete(accountId);
          throw error;
        },
      );
      inFlight.set(accountId, pending);
    }
    return pending;
  }

  /** The cached plan (null: no such account), or undefined when it must be loaded. */
  function peek(accountId: number): AccountAccess | null | undefined {
    return cache.get(accountId)?.value;
  }

  function onEvent(event: BusEvent) {
    if (event.type === 'account-changed') {
      cache.delete(event.accountId);
    } else if (event.type === 'plans-changed') {
      cache.clear();
    }
  }

  return { get, peek, onEvent, clear: () => cache.clear() };
}

export type AccountCache = ReturnType<typeof createAccountCache>;
