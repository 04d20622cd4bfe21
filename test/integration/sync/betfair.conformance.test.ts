import { resolve } from 'node:path';
import { betfairSource } from '../../../src/ingest/sync/sources/betfair/index.js';
import { loadSession } from '../../helpers/provider-stand-in.js';
import { fillFixtures, type ReplayedPass, replaySession } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';

/** The live session's passes, each at the time it stands for (10 November 2024, UTC). */
const PASSES: readonly ReplayedPass[] = [
  ['pre-match', 'full', '2024-11-10T16:00:00Z'],
  ['kick-off', 'live', '2024-11-10T16:31:00Z'],
  ['half-time', 'live', '2024-11-10T17:20:00Z'],
  ['goal', 'live', '2024-11-10T17:46:00Z'],
  ['reopened', 'live', '2024-11-10T17:47:00Z'],
  ['full-time', 'live', '2024-11-10T18:24:00Z'],
  ['settled', 'live', '2024-11-10T18:40:00Z'],
];

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
  sync: async ({ prisma }) => {
    await fillFixtures(prisma, 'live');
    const session = loadSession('betfair', 'live');
    return replaySession(prisma, betfairSource, session, ['10932509'], PASSES);
  },
});
