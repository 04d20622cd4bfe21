import type { Counters } from '../counters/counters.js';
import type { Database } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { AccessPolicy } from './access-policy.js';
import type { AccountAccess, AccountCache } from './account-cache.js';
import { createAccountCache } from './account-cache.js';
import { Gate } from './gate.js';
import { createKeyCache } from './key-cache.js';
import { loadKeyRecord } from './key-loader.js';

export interface AccessLayerOptions {
  database: Database;
  events: EventBus & { start(onLost: () => void): Promise<void>; close(): Promise<void> };
  now: () => Date;
  counters: Counters;
  /** The account's plan in force now (subscriptions service). */
  loadAccount(accountId: number, now: Date): Promise<AccountAccess | null>;
}

/** The request-time half of the access policy, assembled for one process. */
export function createAccessLayer(options: AccessLayerOptions) {
  const { database, events, now, counters } = options;
  const keys = createKeyCache({ load: (hash) => loadKeyRecord(database.prisma, hash) });
  const accounts: AccountCache = createAccountCache({
    load: (id) => options.loadAccount(id, now()),
  });
  events.subscribe((event) => {
    keys.onEvent(event);
    accounts.onEvent(event);
  });
  const { store, usage, addresses } = counters;
  const policy = new AccessPolicy({ keys, accounts, store, now, recordUsage: usage.record });
  return {
    policy,
    /** The order of the checks, for the doors (src/policy/gate.ts). */
    gate: new Gate(policy),
    store,
    usage,
    /** The per-address limit of keyless requests (DECISIONS.md "Access"). */
    addresses,
    /** Sign-up and sign-in attempts per address and per e-mail (the web door's forms). */
    signIns: counters.signIns,
    /** Open push streams per account, across instances where the counters are shared. */
    streams: counters.streams,
    async start() {
      await events.start(() => {
        keys.clear();
        accounts.clear();
      });
      await counters.start();
    },
    async close() {
      await counters.close();
      await events.close();
    },
  };
}

export type AccessLayer = ReturnType<typeof createAccessLayer>;
