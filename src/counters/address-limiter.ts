import ipaddr from 'ipaddr.js';
import type { RedisClient } from '../db/redis.js';
import { ApiError } from '../errors/api-error.js';
import type { MaybePromise } from './quota-store.js';
import { minuteTtlMs, minuteWindow, secondsToMinuteEnd } from './windows.js';

/** Distinct addresses tracked in one minute by one instance; past it they share one counter. */
const MAX_TRACKED = 100_000;
const OVERFLOW_BUCKET = 'overflow';
/** After a failed Redis call, count in process for this long before asking Redis again. */
const REDIS_RETRY_MS = 1000;

/**
 * The counter an address draws on: the IPv4 address itself (also when written IPv4-mapped), the
 * /64 network of an IPv6 address (one subscriber's allocation: its 2^64 addresses are one
 * caller), or the text itself when it is not an address.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) {
    return address.slice(0, 64);
  }
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') {
    return parsed.toString();
  }
  const parts = (parsed as ipaddr.IPv6).parts;
  return `${parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(':')}::/64`;
}

export interface AddressAdmission {
  admitted: boolean;
  limit: number;
  /** Requests of this address this minute, the current one included. */
  used: number;
  /** Seconds to the end of the minute. */
  reset: number;
}

/** 429 `rate_limited` for a keyless caller over its minute (Retry-After: the minute's end). */
export function addressRateLimited(admission: AddressAdmission): ApiError {
  return new ApiError(
    'rate_limited',
    `More than ${admission.limit} requests without an API key from this address this minute`,
    { retryAfter: admission.reset },
  );
}

/** The IETF rate-limit fields of the address policy (draft-ietf-httpapi-ratelimit-headers). */
export function addressRateLimitHeaders(admission: AddressAdmission): Record<string, string> {
  const remaining = Math.max(0, admission.limit - admission.used);
  return {
    'ratelimit-policy': `"address";q=${admission.limit};w=60`,
    ratelimit: `"address";r=${remaining};t=${admission.reset}`,
  };
}

const ADDRESS_SCRIPT = `
local used = redis.call('INCR', KEYS[1])
if used == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return used
`;

type AddressRedis = RedisClient & {
  tlAddress(key: string, ttlMs: number): Promise<number>;
};

export interface AddressLimiterOptions {
  limit: number;
  now: () => Date;
  /** Shared counters across instances (REDIS_URL); in process otherwise. */
  redis?: RedisClient;
  prefix?: string;
  /** Instances sharing the Redis: while it is unreachable each counts its share in process. */
  instances?: () => number;
}

/**
 * The per-address limit of every keyless request (meta routes, keyless GraphQL, docs): one
 * counter per address and calendar minute, in Redis when configured (one atomic INCR script),
 * else in process. An unreachable Redis does not stop keyless traffic: each instance then counts
 * its share of the limit in process until Redis answers again.
 */
export function createAddressLimiter(options: AddressLimiterOptions) {
  const { limit, now } = options;
  let minute = -1;
  let counts = new Map<string, number>();
  let redisDownUntil = 0;
  const redis = options.redis as AddressRedis | undefined;
  redis?.defineCommand('tlAddress', { numberOfKeys: 1, lua: ADDRESS_SCRIPT });

  const admission = (used: number, cap: number, at: Date): AddressAdmission => ({
    admitted: used <= cap,
    limit,
    used,
    reset: secondsToMinuteEnd(at),
  });

  function countLocally(bucket: string, at: Date, cap: number): AddressAdmission {
    const current = minuteWindow(at);
    if (current !== minute) {
      minute = current;
      counts = new Map();
    }
    const slot = counts.has(bucket) || counts.size < MAX_TRACKED ? bucket : OVERFLOW_BUCKET;
    const used = (counts.get(slot) ?? 0) + 1;
    counts.set(slot, used);
    return admission(used, cap, at);
  }

  function localShare(): number {
    const instances = Math.max(1, options.instances?.() ?? 1);
    return Math.max(1, Math.floor(limit / instances));
  }

  function admit(address: string): MaybePromise<AddressAdmission> {
    const at = now();
    const bucket = addressBucket(address);
    if (!redis || at.getTime() < redisDownUntil) {
      return countLocally(bucket, at, redis ? localShare() : limit);
    }
    const key = `${options.prefix ?? 'tl:v1'}:addr:${bucket}:${minuteWindow(at)}`;
    return redis.tlAddress(key, minuteTtlMs(at)).then(
      (used) => admission(used, limit, at),
      () => {
        redisDownUntil = at.getTime() + REDIS_RETRY_MS;
        return countLocally(bucket, at, localShare());
      },
    );
  }

  return { admit, limit };
}

export type AddressLimiter = ReturnType<typeof createAddressLimiter>;
