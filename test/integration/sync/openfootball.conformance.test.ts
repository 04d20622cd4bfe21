import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { openfootballSource } from '../../../src/ingest/sync/sources/openfootball/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { syncRunner, truncateSyncTables } from '../../helpers/sync.js';
import { applyChangeFile, readAnswers } from '../../helpers/sync-conformance.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');

/**
 * Liverpool v Bournemouth (played) and Manchester City v Crystal Palace (postponed, no time) of
 * test/fixtures/openfootball/v1, written by hand as change records
 * (test/fixtures/providers/openfootball/conformance.ndjson), then synced from the file.
 */
describeEachDatabase(
  'openfootball conformance: a sync answers as hand-written records',
  ({ db }) => {
    it('REST and GraphQL give the same answers, ids aside', async () => {
      const dates = ['2025-08-15', '2025-08-24'];
      await truncateSyncTables(db().prisma);
      await applyChangeFile(
        db().prisma,
        resolve(FIXTURES, 'providers/openfootball/conformance.ndjson'),
      );
      const expected = await readAnswers(db(), dates);
      await truncateSyncTables(db().prisma);
      const report = await syncRunner(db().prisma, openfootballSource, {
        scope: { paths: [resolve(FIXTURES, 'openfootball/v1')] },
        now: () => new Date('2025-08-20T09:00:00Z'),
      }).pass('full');
      expect(report.ok, report.error).toBe(true);
      const synced = await readAnswers(db(), dates);
      expect(Object.keys(synced)).toEqual(Object.keys(expected));
      for (const [route, answer] of Object.entries(expected)) {
        expect(synced[route], route).toBe(answer);
      }
    });
  },
);
