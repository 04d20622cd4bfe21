import { resolve } from 'node:path';
import { apiFootballSource } from '../../../src/ingest/sync/sources/api-football/index.js';
import { type ReplayedPass, replaySession } from '../../helpers/sync.js';
import { describeConformance } from '../../helpers/sync-conformance.js';
import { apiFootballLiveDay } from '../../helpers/sync-sessions.js';

/** The morning's full pass and the live session's passes (18 August 2024, UTC). */
const PASSES: readonly ReplayedPass[] = [
  ['round-1', 'full', '2024-08-18T10:00:00Z'],
  ['kick-off', 'live', '2024-08-18T15:31:30Z'],
  ['goal', 'live', '2024-08-18T15:49:40Z'],
  ['half-time', 'live', '2024-08-18T16:20:00Z'],
  ['equaliser', 'live', '2024-08-18T16:52:10Z'],
  ['goal-withdrawn', 'live', '2024-08-18T16:55:30Z'],
  ['full-time', 'live', '2024-08-18T17:27:00Z'],
];

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
  sync: ({ prisma }) =>
    replaySession(prisma, apiFootballSource, apiFootballLiveDay(), ['PL'], PASSES),
});
