import { resolve } from 'node:path';
import { betfairSource } from '../../../src/ingest/sync/sources/betfair/index.js';
import { loadSession, startStandIn } from '../../helpers/provider-stand-in.js';
import { fillFixtures, syncRunner } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';

/** The live session's passes, each at the time it stands for (10 November 2024, UTC). */
const PASSES = [
  ['pre-match', 'full', '16:00:00'],
  ['kick-off', 'live', '16:31:00'],
  ['half-time', 'live', '17:20:00'],
  ['goal', 'live', '17:46:00'],
  ['reopened', 'live', '17:47:00'],
  ['full-time', 'live', '18:24:00'],
  ['settled', 'live', '18:40:00'],
] as const;

/**
 * Chelsea v Arsenal (10 November 2024) as football-data.org lists it before kick-off, on the
 * exchange from half an hour before kick-off to settlement (live.json): the best back prices of
 * match odds and over/under 2.5 (opening and closing at the pre-match pass, in-play changes as
 * movement only, nothing while suspended) and the match odds book at full time as the exchange
 * document. Written by hand as change records, then synced: football-data.org's fixtures first,
 * Betfair after.
 */
describeConformance('betfair', {
  handWritten: resolve(import.meta.dirname, '../../fixtures/providers/betfair/conformance.ndjson'),
  dates: ['2024-11-10'],
  sync: async (database) => {
    await fillFixtures(database.prisma, 'live');
    const standIn = await startStandIn(loadSession('betfair', 'live'));
    try {
      const errors: (string | undefined)[] = [];
      for (const [step, kind, time] of PASSES) {
        standIn.step(step);
        const runner = syncRunner(database.prisma, betfairSource, {
          standIn,
          competitions: ['10932509'],
          at: `2024-11-10T${time}Z`,
        });
        errors.push((await runner.pass(kind)).error);
      }
      return errors;
    } finally {
      await standIn.stop();
    }
  },
});
