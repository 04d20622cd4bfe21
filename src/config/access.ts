import { type EnvOf, integer, oneOf, type Reading, text } from './env.js';

/** Who may operate the server, and how the counters behave when Redis is away. */
export const ACCESS_ENV = {
  ADMIN_TOKEN: text({ minLength: 16 }),
  QUOTA_FAILURE_MODE: oneOf(['local', 'open', 'closed']),
  ADDRESS_RATE_PER_MINUTE: integer(1, 1_000_000_000),
} as const;

export const ACCESS_SECRETS = ['ADMIN_TOKEN'] as const;

export type QuotaFailureMode = 'local' | 'open' | 'closed';

export interface AccessConfig {
  readonly adminToken: string | undefined;
  readonly quotaFailureMode: QuotaFailureMode;
  /** Keyless requests allowed per address (per /64 for IPv6) per minute (docs/access.md). */
  readonly addressRatePerMinute: number;
}

export function readAccess(env: EnvOf<typeof ACCESS_ENV>): Reading<AccessConfig> {
  return {
    problems: [],
    config: () => ({
      adminToken: env.ADMIN_TOKEN,
      quotaFailureMode: env.QUOTA_FAILURE_MODE ?? 'local',
      // DECISIONS.md "Access": 600 keyless requests per minute per address.
      addressRatePerMinute: env.ADDRESS_RATE_PER_MINUTE ?? 600,
    }),
  };
}
