import { resolve } from 'node:path';
import { theOddsApiSource } from '../../../src/ingest/sync/sources/the-odds-api/index.js';
import { loadSession } from '../../helpers/provider-stand-in.js';
import { fillFixtures, type ReplayedPass, replaySession } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';

/** The live session's passes, each at the time it stands for (2024, UTC). */
const PASSES: readonly ReplayedPass[] = [
  ['open', 'full', '2024-11-04T09:00:00Z'],
  ['moves', 'live', '2024-11-10T16:20:00Z'],
  ['close', 'live', '2024-11-10T16:26:00Z'],
  ['in-play', 'live', '2024-11-10T17:05:00Z'],
  ['ended', 'live', '2024-11-10T18:30:00Z'],
];

/**
 * Chelsea v Arsenal (10 November 2024) as football-data.org lists it before kick-off, priced by
 * The Odds API from the first prices to the end (live.json): Pinnacle's 1X2, handicap and
 * totals, William Hill's 1X2 and totals, opening (first seen), closing (last before kick-off)
 * and every change as movement, William Hill's in-play prices a movement only. Written by hand
 * as change records, then synced: football-data.org's fixtures first, The Odds API after.
 */
describeConformance('the-odds-api', {
  handWritten: resolve(
    import.meta.dirname,
    '../../fixtures/providers/the-odds-api/conformance.ndjson',
  ),
  dates: ['2024-11-10'],
  sync: async ({ prisma }) => {
    await fillFixtures(prisma, 'live');
    const session = loadSession('the-odds-api', 'live');
    return replaySession(prisma, theOddsApiSource, session, ['soccer_epl'], PASSES);
  },
});
