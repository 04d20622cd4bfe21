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

export interface AccessEventTransport {
  send(event: AccessEvent): Promise<void>;
  /** `onLost` fires when the transport may have missed events (a dropped connection). */
  listen(onEvent: (event: AccessEvent) => void, onLost: () => void): Promise<void>;
  close(): Promise<void>;
}

/** Delivers in this process at once, and through every transport to the other instances. */
export function createAccessEvents(transports: AccessEventTransport[] = []): AccessEvents & {
  start(onLost: () => void): Promise<void>;
  close(): Promise<void>;
} {
  const listeners = new Set<(event: AccessEvent) => void>();
  const deliver = (event: AccessEvent) => {
    for (const listener of listeners) {
      listener(event);
    }
  };
  return {
    async publish(event) {
      deliver(event);
      await Promise.allSettled(transports.map((t) => t.send(event)));
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
      await Promise.all(transports.map((t) => t.listen(deliver, lost)));
    },
    async close() {
      await Promise.allSettled(transports.map((t) => t.close()));
    },
  };
}

export function parseAccessEvent(text: string): AccessEvent | null {
  try {
    const value = JSON.parse(text) as { type?: unknown; changes?: unknown };
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
      return changes ? { type: 'data-changed', changes } : { type: 'data-changed' };
    }
    return value as AccessEvent;
  } catch {
    return null;
  }
}
