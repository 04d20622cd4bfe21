import type { EventType, Side } from '../../../../football/vocabulary.js';
import type { EventFact, MatchEventsFact } from '../../facts.js';
import type { SmEvent } from './schemas.js';

/**
 * Event types (docs: Definitions > Types > Events) by `type_id`. Shootout kicks (22 missed,
 * 23 scored) are not match events: the shootout is described in docs/sources/sportmonks.md.
 */
const EVENT_TYPES: ReadonlyMap<number, EventType> = new Map([
  [10, 'var'],
  [14, 'goal'],
  [15, 'own_goal'],
  [16, 'penalty'],
  [17, 'missed_penalty'],
  [18, 'substitution'],
  [19, 'yellow'],
  [20, 'red'],
  [21, 'second_yellow'],
]);

/**
 * One event. `participant_id` is the team credited: for an own goal, the team whose score rose
 * (the docs' example own goal for Liverpool moves the result from 4-2 to 5-2), which is how
 * touchline lists own goals too. A substitution's player came on; its related player went off.
 */
function eventFact(event: SmEvent, sides: ReadonlyMap<number, Side>): EventFact | null {
  const type = EVENT_TYPES.get(event.type_id);
  const side = event.participant_id === null ? undefined : sides.get(event.participant_id);
  if (type === undefined || side === undefined || event.rescinded === true) {
    return null;
  }
  return {
    sourceId: String(event.id),
    minute: event.minute,
    extraMinute: event.extra_minute ? event.extra_minute : null,
    type,
    side,
    player: event.player_name ?? null,
    relatedPlayer: event.related_player_name ?? null,
    detail: event.info ?? event.addition ?? null,
    playerSourceId: event.player_id == null ? null : String(event.player_id),
    relatedPlayerSourceId: event.related_player_id == null ? null : String(event.related_player_id),
  };
}

const byClock = (a: EventFact, b: EventFact) =>
  a.minute - b.minute ||
  (a.extraMinute ?? 0) - (b.extraMinute ?? 0) ||
  Number(a.sourceId) - Number(b.sourceId);

/**
 * A match's events. The `events` include lists every event of the fixture, so the list is
 * complete: a goal Sportmonks withdraws after a VAR review is no longer listed (a VAR event
 * says why) and is deleted. A rescinded event is treated as withdrawn.
 */
export function eventsFact(
  match: string,
  events: readonly SmEvent[],
  sides: ReadonlyMap<number, Side>,
): MatchEventsFact {
  const facts = events.flatMap((e) => eventFact(e, sides) ?? []).sort(byClock);
  return { match, complete: true, events: facts };
}
