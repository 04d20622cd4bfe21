import type { ChangeSummary } from '../changes/change-summary.js';

/**
 * What the bus carries to every instance: access changes, which cached access decisions must
 * learn about (revocation at once, spec 5.5; plan and allowlist changes within
 * `propagationSeconds`; management publishes, each instance's key cache subscribes), and data
 * changes, which the caches, the versions behind `Last-Modified` and the change hub follow
 * (src/changes/). Transports: in process always, plus Redis pub/sub and PostgreSQL NOTIFY when
 * configured (transports.ts).
 */
export type BusEvent =
  | { type: 'key-revoked'; keyId: number; hash: string }
  | { type: 'key-changed'; keyId: number }
  | { type: 'account-changed'; accountId: number }
  | { type: 'plans-changed' }
  /**
   * Football data changed (import, analyze, live update, feed). With `changes`, only what shows
   * the changed resources is stale; without, every cached answer is.
   */
  | { type: 'data-changed'; changes?: ChangeSummary };

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
}

/**
 * An event as transports carry it: stamped with the bus that published it and that bus's serial
 * number for it (the same in every transport's copy, so a receiver drops repeats: repeats.ts).
 */
export type SentEvent = BusEvent & { origin?: string; serial?: number };
