import type { EventType, Side } from '../../../../football/vocabulary.js';
import type { EventFact, MatchEventsFact } from '../../facts.js';
import type { FdoMatch } from './schemas.js';

/** The match resource's goal `type` (docs.football-data.org v4 "Match"). */
const TYPES: Readonly<Record<string, EventType>> = {
  REGULAR: 'goal',
  OWN: 'own_goal',
  PENALTY: 'penalty',
};

type FdoGoal = NonNullable<FdoMatch['goals']>[number];

const idOf = (p: FdoGoal['scorer']) =>
  p?.id !== null && p?.id !== undefined && p.name ? String(p.id) : null;

/**
 * The side a goal counts for: the side whose running `score` it raised where the goal carries
 * it (an own goal's `team` is not documented as the scorer's or the credited one), else `team`.
 */
function creditedSide(goal: FdoGoal, before: FdoGoal['score'], match: FdoMatch): Side {
  const after = goal.score;
  if (after && before && after.home !== null && after.away !== null) {
    if (after.home > (before.home ?? 0)) {
      return 'home';
    }
    if (after.away > (before.away ?? 0)) {
      return 'away';
    }
  }
  return goal.team.id === match.homeTeam.id ? 'home' : 'away';
}

/**
 * A match's goals as events, where the answer lists them (`goals`; plans and answers without
 * it give none): the whole list, so a goal the provider no longer lists is deleted. The scorer
 * and assisting player by name and by football-data.org's person id.
 */
export function goalEvents(match: FdoMatch): MatchEventsFact | undefined {
  if (!match.goals) {
    return undefined;
  }
  const seen = new Map<string, number>();
  let before: FdoGoal['score'] = { home: 0, away: 0 };
  const events: EventFact[] = [];
  for (const goal of match.goals) {
    const type = TYPES[goal.type ?? 'REGULAR'] ?? 'goal';
    const side = creditedSide(goal, before, match);
    before = goal.score ?? before;
    const minute = goal.minute ?? 0;
    const extra = goal.injuryTime ? goal.injuryTime : null;
    const key = `goal:${minute}${extra ? `+${extra}` : ''}:${idOf(goal.scorer) ?? goal.scorer?.name ?? '-'}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    events.push({
      sourceId: n === 1 ? key : `${key}#${n}`,
      minute,
      extraMinute: extra,
      type,
      side,
      player: goal.scorer?.name ?? null,
      relatedPlayer: goal.assist?.name ?? null,
      playerSourceId: idOf(goal.scorer),
      relatedPlayerSourceId: idOf(goal.assist),
    });
  }
  return { match: String(match.id), complete: true, events };
}
