import { describe, expect, it } from 'vitest';
import type { ChangedMatch } from '../../../src/changes/change-summary.js';
import type { BusEvent } from '../../../src/events/event-bus.js';
import { createEventBusFromConfig } from '../../../src/events/transports.js';
import { TEST_DATABASE_URL } from '../../helpers/db.js';
import { TEST_REDIS_URL, uniquePrefix } from '../../helpers/redis.js';

/** A tick of 300 live matches whose rows and events changed: far over one NOTIFY's 8,000 bytes. */
const matches: ChangedMatch[] = Array.from({ length: 300 }, (_, i) => ({
  id: 1_000_001 + i,
  resources: ['detail', 'events', 'statistics'],
  day: '2026-11-25',
  teams: [601 + (i % 20), 701 + (i % 20)],
  status: 'live',
}));

const transports = [
  { name: 'PostgreSQL NOTIFY', url: TEST_DATABASE_URL, config: { databaseUrl: TEST_DATABASE_URL } },
  { name: 'Redis pub/sub', url: TEST_REDIS_URL, config: { redisUrl: TEST_REDIS_URL } },
  {
    name: 'both (as with DATABASE_URL and REDIS_URL)',
    url: TEST_DATABASE_URL && TEST_REDIS_URL,
    config: { databaseUrl: TEST_DATABASE_URL, redisUrl: TEST_REDIS_URL },
  },
];

/** docs/live.md "Caches under live writes": what changed reaches the other instances whole. */
describe.each(transports)('a data change through $name', ({ url, config }) => {
  it.skipIf(!url)('reaches another instance with every changed match, still targeted', async () => {
    const settings = {
      redisUrl: undefined,
      databaseUrl: undefined,
      redisPrefix: uniquePrefix(),
      ...config,
    };
    const sender = createEventBusFromConfig(settings);
    const receiver = createEventBusFromConfig(settings);
    const received: BusEvent[] = [];
    const own: BusEvent[] = [];
    let published = 0;
    receiver.subscribe((event) => received.push(event));
    sender.subscribe((event) => own.push(event));
    await receiver.start(() => {});
    await sender.start(() => {});
    try {
      const seen = () =>
        new Set(
          received
            .flatMap((e) => (e.type === 'data-changed' ? (e.changes?.matches ?? []) : []))
            .map((m) => m.id),
        );
      // Subscriptions settle asynchronously: send until the receiver hears (well within a second).
      for (let attempt = 0; attempt < 50 && received.length === 0; attempt++) {
        await sender.publish({
          type: 'data-changed',
          changes: { seq: '1', reference: false, matches: [] },
        });
        published += 1;
        await new Promise((r) => setTimeout(r, 100));
      }
      received.length = 0;
      await sender.publish({
        type: 'data-changed',
        changes: { seq: '42', reference: false, matches },
      });
      published += 1;
      for (let waited = 0; waited < 5000 && seen().size < matches.length; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(seen().size).toBe(matches.length);
      // Each match once, whatever the transports: a copy heard again would evict again.
      await new Promise((r) => setTimeout(r, 200));
      const heard = received.flatMap((e) =>
        e.type === 'data-changed' ? (e.changes?.matches ?? []) : [],
      );
      expect(heard).toHaveLength(matches.length);
      expect(received.every((e) => e.type === 'data-changed' && e.changes?.seq === '42')).toBe(
        true,
      );
      expect(received.some((e) => 'origin' in e)).toBe(false);
      // The sender heard each of its events once, in process: the transport's echo, which
      // arrives with the receiver's copy, was dropped. (A bare data-changed is the sender's own
      // start: listening began, so whatever came before is unknown.)
      await new Promise((r) => setTimeout(r, 200));
      expect(own.filter((e) => e.type === 'data-changed' && e.changes)).toHaveLength(published);
    } finally {
      await sender.close();
      await receiver.close();
    }
  });
});
