import type { ChangeSummary } from '../cache/change-summary.js';

/**
 * Changes that cached access decisions must learn about. Revocation must reach every instance at
 * once (spec 5.5); plan and allowlist changes within `propagationSeconds`. Management code
 * publishes; each instance's key cache subscribes. Transports: in process always, plus Redis
 * pub/sub and PostgreSQL NOTIFY when configured (transports.ts).
 */
export type AccessEvent =
  | { type: 'key-revoked'; keyId: number; hash: string }
  | { type: 'key-changed'; keyId: number }
  | { type: 'account-changed'; accountId: number }
  | { type: 'plans-changed' }
  /**
   * Football data changed (import, analyze, live update, feed). With `changes`, only what shows
   * the changed resources is stale; without, every cached answer is.
   */
  | { type: 'data-changed'; changes?: ChangeSummary };

export interface AccessEvents {
  publish(event: AccessEvent): Promise<void>;
  subscribe(listener: (event: AccessEvent) => void): () => void;
}

/**
 * An event as transports carry it: stamped with the bus that published it and that bus's serial
 * number for it (the same in every transport's copy, so a receiver drops repeats: repeats.ts).
 */
export type SentEvent = AccessEvent & { origin?: string; serial?: number };
