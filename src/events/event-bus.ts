import { randomUUID } from 'node:crypto';
import { parseChangeSummary } from '../changes/change-summary.js';
import type { BusEvent, EventBus, SentEvent } from './event-types.js';
import { createRepeatFilter } from './repeats.js';

export type { BusEvent, EventBus, SentEvent } from './event-types.js';

export interface EventTransport {
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
export function createEventBus(transports: EventTransport[] = []): EventBus & {
  start(onLost: () => void): Promise<void>;
  close(): Promise<void>;
} {
  const origin = randomUUID();
  let serial = 0;
  const listeners = new Set<(event: BusEvent) => void>();
  const deliver = (event: BusEvent) => {
    for (const listener of listeners) {
      listener(event);
    }
  };
  return {
    async publish(event) {
      deliver(event);
      serial += 1;
      const sent = { ...event, origin, serial };
      await Promise.allSettled(transports.map((t) => t.send(sent)));
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
      const firstTime = createRepeatFilter();
      const heard = (sent: SentEvent) => {
        if (sent.origin === origin) {
          return;
        }
        const event = firstTime(sent);
        if (event) {
          deliver(event);
        }
      };
      await Promise.all(transports.map((t) => t.listen(heard, lost)));
    },
    async close() {
      await Promise.allSettled(transports.map((t) => t.close()));
    },
  };
}

/** The sender's stamp, kept only where it reads cleanly (an odd one means: not a repeat). */
function stampOf(value: {
  origin?: unknown;
  serial?: unknown;
}): Pick<SentEvent, 'origin' | 'serial'> {
  const origin = typeof value.origin === 'string' ? { origin: value.origin } : {};
  return Number.isSafeInteger(value.serial) && typeof value.origin === 'string'
    ? { ...origin, serial: value.serial as number }
    : origin;
}

export function parseBusEvent(text: string): SentEvent | null {
  try {
    const value = JSON.parse(text) as {
      type?: unknown;
      changes?: unknown;
      origin?: unknown;
      serial?: unknown;
    };
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
      const stamp = stampOf(value);
      return changes
        ? { type: 'data-changed', changes, ...stamp }
        : { type: 'data-changed', ...stamp };
    }
    const { origin: _origin, serial: _serial, ...event } = value;
    return { ...(event as BusEvent), ...stampOf(value) };
  } catch {
    return null;
  }
}
