import { resolve } from 'node:path';
import { openfootballSource } from '../../../src/ingest/sync/sources/openfootball/index.js';
import { syncRunner } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

/**
 * Liverpool v Bournemouth (played) and Manchester City v Crystal Palace (postponed, no time) of
 * test/fixtures/openfootball/v1, written by hand as change records, then synced from the file.
 */
describeConformance('openfootball', {
  handWritten: resolve(FIXTURES, 'providers/openfootball/conformance.ndjson'),
  dates: ['2025-08-15', '2025-08-24'],
  sync: async (database) => {
    const report = await syncRunner(database.prisma, openfootballSource, {
      scope: { paths: [resolve(FIXTURES, 'openfootball/v1')] },
      now: () => new Date('2025-08-20T09:00:00Z'),
    }).pass('full');
    return [report.error];
  },
});
