import type { UsageSnapshot } from './quota-store.js';
import { secondsToHkMidnight, secondsToMinuteEnd } from './windows.js';

const remaining = (state: { limit: number; used: number }) =>
  String(Math.max(0, state.limit - state.used));

/**
 * Spec 8.2 rule 6: the rate and quota headers of every response to a request with a valid key
 * (errors included); the `X-Matches-Bonus-*` headers only on the match list.
 */
export function quotaHeaders(
  usage: UsageSnapshot,
  now: Date,
  matchList: boolean,
): Record<string, string> {
  const untilMidnight = String(secondsToHkMidnight(now));
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(usage.minute.limit),
    'x-ratelimit-remaining': remaining(usage.minute),
    'x-ratelimit-reset': String(secondsToMinuteEnd(now)),
    'x-quota-limit': String(usage.quota.limit),
    'x-quota-remaining': remaining(usage.quota),
    'x-quota-reset': untilMidnight,
  };
  if (matchList) {
    headers['x-matches-bonus-limit'] = String(usage.free.limit);
    headers['x-matches-bonus-remaining'] = remaining(usage.free);
    headers['x-matches-bonus-reset'] = untilMidnight;
  }
  return headers;
}
