import { resolve } from 'node:path';
import { SportmonksSource } from '../../../src/ingest/sync/sources/sportmonks/index.js';
import { loadSession, startStandIn } from '../../helpers/provider-stand-in.js';
import { syncRunner } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';

/**
 * Manchester United 1-0 Fulham (16 August 2024) of the recorded matchday (season.json): its
 * score, events, team sheets and statistics written by hand as change records, then synced.
 */
describeConformance('sportmonks', {
  handWritten: resolve(
    import.meta.dirname,
    '../../fixtures/providers/sportmonks/conformance.ndjson',
  ),
  dates: ['2024-08-16'],
  sync: async (database) => {
    const standIn = await startStandIn(loadSession('sportmonks', 'season'));
    try {
      const report = await syncRunner(database.prisma, new SportmonksSource(), {
        standIn,
        scope: { competitions: ['8'], from: '2024-08-16', to: '2024-08-24', paths: [] },
        now: () => new Date('2024-08-20T09:00:00Z'),
      }).pass('full');
      return [report.error];
    } finally {
      await standIn.stop();
    }
  },
});
