import { resolve } from 'node:path';
import { footballDataCoUkSource } from '../../../src/ingest/sync/sources/football-data-co-uk/index.js';
import { syncRunner } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

/**
 * Man United 2-1 Fulham of test/fixtures/football-data-co-uk/week-1 (the row with every price
 * column): score, statistics, opening and closing odds with their two movements, and the
 * Betfair Exchange document, written by hand as change records, then synced from the file.
 */
describeConformance('football-data-co-uk', {
  handWritten: resolve(FIXTURES, 'providers/football-data-co-uk/conformance.ndjson'),
  dates: ['2025-08-15'],
  sync: async (database) => {
    const report = await syncRunner(database.prisma, footballDataCoUkSource, {
      scope: { paths: [resolve(FIXTURES, 'football-data-co-uk/week-1')] },
      now: () => new Date('2025-08-21T09:00:00Z'),
    }).pass('full');
    return [report.error];
  },
});
