import type { Static } from 'typebox';
import type { MatchEventRecord, MatchStatisticRecord } from '../../football/match-events.js';
import { SCORING_EVENTS } from '../../football/vocabulary.js';
import type { MatchEvent, MatchStatistic } from '../schemas/match-details.js';
import { optional } from './common.js';

/** "45+2" in stoppage time, else the minute. */
export const eventClock = (minute: number, extra: number | null) =>
  extra ? `${minute}+${extra}` : String(minute);

/** Events in source order; scoring events carry the score after them (docs/rest/matches.md). */
export function presentEvents(events: MatchEventRecord[]): Static<typeof MatchEvent>[] {
  const goals = { home: 0, away: 0 };
  return events.map((e) => {
    const scored = SCORING_EVENTS.has(e.type);
    if (scored) {
      goals[e.side] += 1;
    }
    return {
      seq: e.seq,
      minute: e.minute,
      ...optional('extraMinute', e.extraMinute),
      clock: eventClock(e.minute, e.extraMinute),
      type: e.type,
      side: e.side,
      ...optional('player', e.player),
      ...optional('playerId', e.playerId),
      ...optional('relatedPlayer', e.relatedPlayer),
      ...optional('relatedPlayerId', e.relatedPlayerId),
      ...optional('detail', e.detail),
      ...optional('score', scored ? `${goals.home}-${goals.away}` : null),
    };
  });
}

export function presentStatistics(stats: MatchStatisticRecord[]): Static<typeof MatchStatistic>[] {
  return stats.map((s) => ({
    type: s.type,
    ...optional('home', s.home),
    ...optional('away', s.away),
  }));
}
