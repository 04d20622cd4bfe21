import type { UsageSnapshot } from '../../counters/quota-store.js';
import type { Services } from '../../deps.js';
import type { Language } from '../../i18n/language.js';
import type { Principal } from '../../policy/access-policy.js';
import type { Push } from '../../push/push.js';
import type { ReadLedger } from '../charging/field-billing.js';
import type { Loaders } from './loaders.js';

/** What the access plugin learnt about the operation before it ran. */
export interface OperationAccess {
  principal?: Principal;
  /** Whether analysis fields may resolve (Plus and Pro; DECISIONS.md "GraphQL"). */
  analysis: boolean;
  /** The planned upper bound, reserved before execution. */
  requested: number;
  /** Counters after the reservation (what the headers and `usage` report). */
  usage?: UsageSnapshot;
  dryRun: boolean;
}

/**
 * What resolvers read: the services and this operation's loaders, its language, what the access
 * plugin decided. The plugins see it merged with the door's part (charging/execution-context.ts).
 */
export interface ResolverContext {
  services: Services;
  loaders: Loaders;
  /** Negotiated from Accept-Language, as on REST (names, AI report default). */
  language: Language;
  assetsUrl: string;
  now: () => Date;
  ledger: ReadLedger;
  access: OperationAccess;
  /** Subscriptions' source of changes (the app's push hub, shared with the SSE route). */
  push: Push;
  /**
   * Fresh loaders and ledger for one subscription event: the event's fields read the data as it
   * is now, not as the previous event's loaders cached it.
   */
  renew(): void;
}
