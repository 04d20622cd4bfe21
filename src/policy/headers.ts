import type { UsageSnapshot } from './quota-store.js';
import { secondsToHkMidnight, secondsToMinuteEnd } from './windows.js';

const remaining = (state: { limit: number; used: number }) =>
  String(Math.max(0, state.limit - state.used));

/** The policy names of the IETF fields: the key's minute, the account's day, its free list. */
export const RATE_LIMIT_POLICIES = {
  minute: 'minute',
  day: 'day',
  freeMatches: 'free-matches',
} as const;

/** Every header `quotaHeaders` may write. */
export const QUOTA_HEADER_NAMES = [
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-quota-limit',
  'x-quota-remaining',
  'x-quota-reset',
  'x-matches-bonus-limit',
  'x-matches-bonus-remaining',
  'x-matches-bonus-reset',
  'ratelimit-policy',
  'ratelimit',
] as const;

/**
 * Spec 8.2 rule 6: the rate and quota headers of every response to a request with a valid key
 * (errors included); the `X-Matches-Bonus-*` headers only on the match list. Beside them the
 * IETF `RateLimit-Policy` and `RateLimit` fields (draft-ietf-httpapi-ratelimit-headers, as
 * DECISIONS.md "Access" asks) say the same: the per-minute policy of the key, the daily policy
 * of the account and, on the match list, the free match-list allowance.
 */
export function quotaHeaders(
  usage: UsageSnapshot,
  now: Date,
  matchList: boolean,
): Record<string, string> {
  const untilMidnight = String(secondsToHkMidnight(now));
  const untilMinuteEnd = String(secondsToMinuteEnd(now));
  const minuteLeft = remaining(usage.minute);
  const quotaLeft = remaining(usage.quota);
  const { minute, day, freeMatches } = RATE_LIMIT_POLICIES;
  let policy = `"${minute}";q=${usage.minute.limit};w=60, "${day}";q=${usage.quota.limit};w=86400`;
  let current = `"${minute}";r=${minuteLeft};t=${untilMinuteEnd}, "${day}";r=${quotaLeft};t=${untilMidnight}`;
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(usage.minute.limit),
    'x-ratelimit-remaining': minuteLeft,
    'x-ratelimit-reset': untilMinuteEnd,
    'x-quota-limit': String(usage.quota.limit),
    'x-quota-remaining': quotaLeft,
    'x-quota-reset': untilMidnight,
  };
  if (matchList) {
    const freeLeft = remaining(usage.free);
    headers['x-matches-bonus-limit'] = String(usage.free.limit);
    headers['x-matches-bonus-remaining'] = freeLeft;
    headers['x-matches-bonus-reset'] = untilMidnight;
    policy += `, "${freeMatches}";q=${usage.free.limit};w=86400`;
    current += `, "${freeMatches}";r=${freeLeft};t=${untilMidnight}`;
  }
  headers['ratelimit-policy'] = policy;
  headers['ratelimit'] = current;
  return headers;
}
