import type { UsageSnapshot } from '../counters/quota-store.js';
import { secondsToHkMidnight, secondsToMinuteEnd } from '../counters/windows.js';

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
 *
 * Appended to `lines` as name and value in turn (Node's flat form of header lines): the replays
 * of cached answers write them so, with no object built for them on the hit path.
 */
export function appendQuotaHeaders(
  lines: string[],
  usage: UsageSnapshot,
  now: Date,
  matchList: boolean,
): void {
  const { untilMidnight, untilMinuteEnd } = resetsAt(now);
  const minuteLeft = remaining(usage.minute);
  const quotaLeft = remaining(usage.quota);
  const limits = limitsText(usage.minute.limit, usage.quota.limit);
  const { minute, day, freeMatches } = RATE_LIMIT_POLICIES;
  let policy = limits.policy;
  let current = `"${minute}";r=${minuteLeft};t=${untilMinuteEnd}, "${day}";r=${quotaLeft};t=${untilMidnight}`;
  lines.push(
    'x-ratelimit-limit',
    limits.minute,
    'x-ratelimit-remaining',
    minuteLeft,
    'x-ratelimit-reset',
    untilMinuteEnd,
    'x-quota-limit',
    limits.day,
    'x-quota-remaining',
    quotaLeft,
    'x-quota-reset',
    untilMidnight,
  );
  if (matchList) {
    const freeLeft = remaining(usage.free);
    lines.push(
      'x-matches-bonus-limit',
      String(usage.free.limit),
      'x-matches-bonus-remaining',
      freeLeft,
      'x-matches-bonus-reset',
      untilMidnight,
    );
    policy += `, "${freeMatches}";q=${usage.free.limit};w=86400`;
    current += `, "${freeMatches}";r=${freeLeft};t=${untilMidnight}`;
  }
  lines.push('ratelimit-policy', policy, 'ratelimit', current);
}

/** The same headers as one object, for Fastify's `reply.headers`. */
export function quotaHeaders(
  usage: UsageSnapshot,
  now: Date,
  matchList: boolean,
): Record<string, string> {
  const lines: string[] = [];
  appendQuotaHeaders(lines, usage, now, matchList);
  return headerRecordOf(lines);
}

/** Header lines in Node's flat form (name and value in turn) as one object. */
export function headerRecordOf(lines: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < lines.length; i += 2) {
    headers[lines[i] as string] = lines[i + 1] as string;
  }
  return headers;
}

/*
 * What every answer of the same second, or of the same limits, says alike is formatted once: the
 * reset fields are whole seconds to the minute's end and to Hong Kong midnight, the same for
 * every instant of one second; the limits are a plan's.
 */
let resetSecond = Number.NaN;
let resets = { untilMidnight: '', untilMinuteEnd: '' };

function resetsAt(now: Date) {
  const second = Math.floor(now.getTime() / 1000);
  if (second !== resetSecond) {
    resetSecond = second;
    resets = {
      untilMidnight: String(secondsToHkMidnight(now)),
      untilMinuteEnd: String(secondsToMinuteEnd(now)),
    };
  }
  return resets;
}

interface LimitsText {
  minute: string;
  day: string;
  /** The `RateLimit-Policy` field without the free allowance. */
  policy: string;
}

/** By minute limit, then daily limit: as many as there are plans (and keys' own limits). */
const MAX_LIMITS_TEXTS = 256;
const limitsTexts = new Map<number, Map<number, LimitsText>>();

function limitsText(minuteLimit: number, dayLimit: number): LimitsText {
  let byDay = limitsTexts.get(minuteLimit);
  if (!byDay) {
    if (limitsTexts.size >= MAX_LIMITS_TEXTS) {
      limitsTexts.clear();
    }
    byDay = new Map();
    limitsTexts.set(minuteLimit, byDay);
  }
  let text = byDay.get(dayLimit);
  if (!text) {
    const { minute, day } = RATE_LIMIT_POLICIES;
    text = {
      minute: String(minuteLimit),
      day: String(dayLimit),
      policy: `"${minute}";q=${minuteLimit};w=60, "${day}";q=${dayLimit};w=86400`,
    };
    if (byDay.size >= MAX_LIMITS_TEXTS) {
      byDay.clear();
    }
    byDay.set(dayLimit, text);
  }
  return text;
}
