import { resolve } from 'node:path';
import { footballDataOrgSource } from '../../../src/ingest/sync/sources/football-data-org/index.js';
import { loadSession } from '../../helpers/provider-stand-in.js';
import { replaySession } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';

/**
 * The Premier League of season.json read between matchdays 1 and 2: Brentford 2-1 Crystal
 * Palace and Chelsea 0-2 Manchester City (18 August 2024, with their half-time scores), and
 * the two matches of 24 August still to play, written by hand as change records, then synced.
 */
describeConformance('football-data-org', {
  handWritten: resolve(
    import.meta.dirname,
    '../../fixtures/providers/football-data-org/conformance.ndjson',
  ),
  dates: ['2024-08-18', '2024-08-24'],
  sync: ({ prisma }) =>
    replaySession(
      prisma,
      footballDataOrgSource,
      loadSession('football-data-org', 'season'),
      ['PL'],
      [['round-1', 'full', '2024-08-20T12:00:00Z']],
    ),
});
