import { createHash } from 'node:crypto';
import type { RedisClient } from '../db/redis.js';
import { createAddressLimiter } from './address-limiter.js';

/**
 * docs/accounts.md: sign-up and sign-in attempts (each POST of those forms) per calendar minute,
 * per address (per /64 for IPv6) and per e-mail address. Enough for a person who mistypes, far
 * too few to guess a 12-character password or flood a mailbox.
 */
export const SIGN_IN_LIMITS = { perAddress: 20, perEmail: 5 } as const;

export interface SignInAdmission {
  admitted: boolean;
  /** Seconds to the end of the minute (Retry-After when refused). */
  retryAfter: number;
}

/** The e-mail's counter is named by its hash: no address is written into Redis keys. */
const emailBucket = (email: string) => createHash('sha256').update(email).digest('hex');

/**
 * The sign-in limits, on the same counters as the keyless per-address limit: in Redis when
 * configured (shared by every instance), else in process.
 */
export function createSignInLimits(options: {
  now: () => Date;
  redis?: RedisClient;
  prefix?: string;
  instances?: () => number;
}) {
  const shared = {
    now: options.now,
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.instances ? { instances: options.instances } : {}),
  };
  const prefix = options.prefix ?? 'tl:v1';
  const byAddress = createAddressLimiter({
    ...shared,
    limit: SIGN_IN_LIMITS.perAddress,
    prefix: `${prefix}:signin`,
  });
  const byEmail = createAddressLimiter({
    ...shared,
    limit: SIGN_IN_LIMITS.perEmail,
    prefix: `${prefix}:signin-email`,
  });

  /** Counts one attempt from `address` for `email` (null: no valid address was given). */
  async function admit(address: string, email: string | null): Promise<SignInAdmission> {
    const fromAddress = await byAddress.admit(address);
    if (!fromAddress.admitted || email === null) {
      return { admitted: fromAddress.admitted, retryAfter: fromAddress.reset };
    }
    const forEmail = await byEmail.admit(emailBucket(email));
    return { admitted: forEmail.admitted, retryAfter: forEmail.reset };
  }

  return { admit };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;
