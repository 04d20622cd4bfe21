import type { Static } from 'typebox';
import type {
  LineupPlayerRecord,
  LineupSideRecord,
  LineupsRecord,
} from '../../football/lineups.js';
import type { MatchEventRecord, MatchStatisticRecord } from '../../football/match-events.js';
import { SCORING_EVENTS } from '../../football/vocabulary.js';
import type { Lineups, MatchEvent, MatchStatistic } from '../schemas/match-details.js';
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
      ...optional('relatedPlayer', e.relatedPlayer),
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

type Player = Static<typeof Lineups>['home']['starters'][number];

function presentPlayer(p: LineupPlayerRecord): Player {
  return {
    name: p.name,
    ...optional('shirtNumber', p.shirtNumber),
    ...optional('position', p.position),
    ...optional('x', p.x),
    ...optional('y', p.y),
    ...optional('rating', p.rating),
    captain: p.captain,
    goals: p.goals,
    cards: { yellow: p.yellowCards, red: p.redCards },
    ...optional('subbedInMinute', p.subInMinute),
    ...optional('subbedOutMinute', p.subOutMinute),
  };
}

function presentSide(side: LineupSideRecord): Static<typeof Lineups>['home'] {
  return {
    ...optional('formation', side.formation),
    ...optional('coach', side.coach),
    starters: side.players.filter((p) => p.starter).map(presentPlayer),
    substitutes: side.players.filter((p) => !p.starter).map(presentPlayer),
  };
}

export function presentLineups(lineups: LineupsRecord): Static<typeof Lineups> {
  return { home: presentSide(lineups.home), away: presentSide(lineups.away) };
}
