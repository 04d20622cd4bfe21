import { resolve } from 'node:path';
import { apiFootballSource } from '../../../src/ingest/sync/sources/api-football/index.js';
import { startStandIn } from '../../helpers/provider-stand-in.js';
import { syncRunner } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';
import { apiFootballLiveDay } from '../../helpers/sync-sessions.js';

/** The live session's passes, each at the time it stands for (18 August 2024, UTC). */
const LIVE_PASSES = [
  ['kick-off', '15:31:30'],
  ['goal', '15:49:40'],
  ['half-time', '16:20:00'],
  ['equaliser', '16:52:10'],
  ['goal-withdrawn', '16:55:30'],
  ['full-time', '17:27:00'],
] as const;

/**
 * Chelsea 0-2 Manchester City (18 August 2024) as the morning's full pass and the live session
 * tell it: score, events (numbered in the order they happened; 4 was the equaliser VAR ruled
 * out), team sheets with pitch positions, statistics, Bet365's and Pinnacle's pre-match odds and
 * the in-play prices with their movement, written by hand as change records, then synced.
 */
describeConformance('api-football', {
  handWritten: resolve(
    import.meta.dirname,
    '../../fixtures/providers/api-football/conformance.ndjson',
  ),
  dates: ['2024-08-18'],
  sync: async (database) => {
    const standIn = await startStandIn(apiFootballLiveDay());
    const pass = (time: string, kind: 'full' | 'live') =>
      syncRunner(database.prisma, apiFootballSource, {
        standIn,
        scope: { competitions: ['PL'], paths: [] },
        now: () => new Date(`2024-08-18T${time}Z`),
      }).pass(kind);
    try {
      const errors = [(await pass('10:00:00', 'full')).error];
      for (const [step, time] of LIVE_PASSES) {
        standIn.step(step);
        errors.push((await pass(time, 'live')).error);
      }
      return errors;
    } finally {
      await standIn.stop();
    }
  },
});
