import type { Services } from './create-services.js';
import type { Database } from './db/database.js';
import type { EventBus } from './events/event-bus.js';
import type { Metrics } from './metrics/metrics.js';
import type { AccessLayer } from './policy/access-layer.js';

export type { Services } from './create-services.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * What the doors are given: the database, the services over it, the access layer, the event
 * bus, the clock and the metrics. Built by the composition root (app/compose.ts), never by a door.
 */
export interface Deps {
  readonly database: Database;
  readonly services: Services;
  readonly access: AccessLayer;
  readonly events: EventBus;
  readonly clock: Clock;
  /** This process's Prometheus registry and instruments (docs/operations.md "Metrics"). */
  readonly metrics: Metrics;
  close(): Promise<void>;
}
