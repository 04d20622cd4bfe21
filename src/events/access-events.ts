import { randomUUID } from 'node:crypto';
import { type ChangeSummary, parseChangeSummary } from '../cache/change-summary.js';

/**
 * Changes that cached access decisions must learn about. Revocation must reach every instance at
 * once (spec 5.5); plan and allowlist changes within `propagationSeconds`. Management code
 * publishes; each instance's key cache subscribes. Transports: in process always, plus Redis
 * pub/sub and PostgreSQL NOTIFY when configured (see access-event-transports.ts).
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

/** An event as transports carry it: stamped with the bus that published it. */
export type SentEvent = AccessEvent & { origin?: string };

export interface AccessEventTransport {
  send(event: SentEvent): Promise<void>;
  /** `onLost` fires when the transport may have missed events (a dropped connection). */
  listen(onEvent: (event: SentEvent) => void, onLost: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Delivers in this process at once, and through every transport to the other instances. A
 * transport's echo of this bus's own event is dropped: delivered late, it would clear caches
 * filled after the change for nothing.
 */
export function createAccessEvents(transports: AccessEventTransport[] = []): AccessEvents & {
  start(onLost: () => void): Promise<void>;
  close(): Promise<void>;
} {
  const origin = randomUUID();
  const listeners = new Set<(event: AccessEvent) => void>();
  const deliver = (event: AccessEvent) => {
    for (const listener of listeners) {
      listener(event);
    }
  };
  return {
    async publish(event) {
      deliver(event);
      await Promise.allSettled(transports.map((t) => t.send({ ...event, origin })));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start(onLost) {
      // Events missed while a transport was away may have been data changes: every data cache
      // of this process starts over (an event in process only; the others lost nothing).
      const lost = () => {
        onLost();
        deliver({ type: 'data-changed' });
      };
      const heard = ({ origin: from, ...event }: SentEvent) => {
        if (from !== origin) {
          deliver(event as AccessEvent);
        }
      };
      await Promise.all(transports.map((t) => t.listen(heard, lost)));
    },
    async close() {
      await Promise.allSettled(transports.map((t) => t.close()));
    },
  };
}

export function parseAccessEvent(text: string): SentEvent | null {
  try {
    const value = JSON.parse(text) as { type?: unknown; changes?: unknown; origin?: unknown };
    const known = [
      'key-revoked',
      'key-changed',
      'account-changed',
      'plans-changed',
      'data-changed',
    ];
    if (typeof value.type !== 'string' || !known.includes(value.type)) {
      return null;
    }
    if (value.type === 'data-changed') {
      // A summary that does not read cleanly is dropped: the event then clears everything.
      const changes = parseChangeSummary(value.changes);
      const origin = typeof value.origin === 'string' ? { origin: value.origin } : {};
      return changes
        ? { type: 'data-changed', changes, ...origin }
        : { type: 'data-changed', ...origin };
    }
    return value as SentEvent;
  } catch {
    return null;
  }
}
