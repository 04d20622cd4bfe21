import type { EventType, Side } from '../../football/vocabulary.js';
import { isPlayed, matchTime, type PeriodSpan, timestampMs, wallMs } from './match-clock.js';
import { otherSide, type PlayerNames, type SideOf } from './participants.js';
import type { StatsBombEvent } from './statsbomb-schema.js';

/** Statistics counted one per incident (possession is measured, cards come from events). */
export type CountedStatistic =
  | 'shots'
  | 'shotsOnTarget'
  | 'shotsOffTarget'
  | 'blockedShots'
  | 'corners'
  | 'fouls'
  | 'offsides'
  | 'passes';

/** A match event of the import format, before it has a match id and a `seq`. */
export interface EventDraft {
  type: EventType;
  side: Side;
  minute: number;
  extraMinute?: number;
  player?: string;
  relatedPlayer?: string;
  detail?: string;
  /** StatsBomb ids of `player` and `relatedPlayer`, for the team sheets' tallies. */
  playerId?: number;
  relatedId?: number;
}

/** Something that happened at `atMs` (wall ms after kick-off): counts and maybe an event. */
export interface Incident {
  atMs: number;
  side: Side;
  counts: CountedStatistic[];
  event?: EventDraft;
}

/** A stretch of `ms` with the ball, ending at wall time `endMs`. */
interface PossessionSpan {
  endMs: number;
  side: Side;
  ms: number;
}

export interface MatchFlow {
  /** What the replay shows as it happens, in wall-time order. */
  incidents: Incident[];
  /** Counted but not worth a step of their own (passes): shown with the next step. */
  background: Incident[];
  possession: PossessionSpan[];
}

const CARDS: Readonly<Record<string, EventType>> = {
  'Yellow Card': 'yellow',
  'Second Yellow': 'second_yellow',
  'Red Card': 'red',
};
const ON_TARGET = new Set(['Goal', 'Saved', 'Saved To Post']);
const ownGoalKey = (e: StatsBombEvent) => `${e.period}|${e.timestamp}`;

/** The incident of one event, or null for the many events the replay does not show. */
function incidentOf(
  e: StatsBombEvent,
  base: { atMs: number; side: Side; minute: number; extraMinute?: number },
  ctx: { names: PlayerNames; passers: Map<string, { id: number; name: string }> },
  ownGoalsAgainst: ReadonlySet<string>,
): Incident | null {
  const { atMs, side, ...time } = base;
  const player = e.player ? { player: ctx.names(e.player), playerId: e.player.id } : {};
  const incident = (counts: CountedStatistic[], event?: Omit<EventDraft, keyof typeof time>) =>
    event ? { atMs, side, counts, event: { ...event, ...time } } : { atMs, side, counts };
  const card = CARDS[(e.foul_committed ?? e.bad_behaviour)?.card?.name ?? ''];
  switch (e.type.name) {
    case 'Shot': {
      const outcome = e.shot?.outcome.name ?? '';
      const penalty = e.shot?.type?.name === 'Penalty';
      const on = ON_TARGET.has(outcome);
      const counts: CountedStatistic[] = [
        'shots',
        on ? 'shotsOnTarget' : outcome === 'Blocked' ? 'blockedShots' : 'shotsOffTarget',
      ];
      const keyPass = e.shot?.key_pass_id ? ctx.passers.get(e.shot.key_pass_id) : undefined;
      if (outcome === 'Goal') {
        return incident(counts, {
          type: penalty ? 'penalty' : 'goal',
          side,
          ...player,
          ...(keyPass ? { relatedPlayer: ctx.names(keyPass), relatedId: keyPass.id } : {}),
          detail: penalty ? 'Penalty' : (e.shot?.body_part?.name ?? 'Goal'),
        });
      }
      return penalty
        ? incident(counts, { type: 'missed_penalty', side, ...player, detail: outcome })
        : incident(counts);
    }
    case 'Pass': {
      const counts: CountedStatistic[] = [];
      if (e.pass?.outcome?.name === 'Pass Offside') {
        counts.push('offsides');
      }
      if (e.pass?.type?.name === 'Corner') {
        return incident(['corners', ...counts], { type: 'corner', side, ...player });
      }
      return counts.length > 0 ? incident(counts) : null;
    }
    case 'Offside':
      return incident(['offsides']);
    case 'Foul Committed':
    case 'Bad Behaviour': {
      const counts: CountedStatistic[] = e.type.name === 'Foul Committed' ? ['fouls'] : [];
      return card ? incident(counts, { type: card, side, ...player }) : incident(counts);
    }
    case 'Substitution': {
      const sub = e.substitution;
      return sub
        ? incident([], {
            type: 'substitution',
            side,
            player: ctx.names(sub.replacement),
            playerId: sub.replacement.id,
            ...(e.player ? { relatedPlayer: ctx.names(e.player), relatedId: e.player.id } : {}),
            ...(sub.outcome ? { detail: sub.outcome.name } : {}),
          })
        : null;
    }
    case 'Own Goal Against':
      // Listed under the side whose score it raised (docs/data-model.md), by the player who scored it.
      return incident([], {
        type: 'own_goal',
        side: otherSide(side),
        ...player,
        detail: 'Own goal',
      });
    case 'Own Goal For':
      // The same goal seen from the other team: only when its "Against" half is missing.
      return ownGoalsAgainst.has(ownGoalKey(e))
        ? null
        : incident([], { type: 'own_goal', side, detail: 'Own goal' });
    default:
      return null;
  }
}

/** Who had the ball between one event and the next, period by period (StatsBomb's possessions). */
function possessionSpans(
  events: readonly StatsBombEvent[],
  spans: readonly PeriodSpan[],
  sideOf: SideOf,
) {
  const out: PossessionSpan[] = [];
  for (let i = 0; i + 1 < events.length; i++) {
    const e = events[i] as StatsBombEvent;
    const next = events[i + 1] as StatsBombEvent;
    const ms = timestampMs(next.timestamp) - timestampMs(e.timestamp);
    if (next.period === e.period && ms > 0 && e.possession_team) {
      const endMs = wallMs(spans, e.period, timestampMs(next.timestamp));
      out.push({ endMs, side: sideOf(e.possession_team.id), ms });
    }
  }
  return out;
}

/** The replay's reading of the events: incidents on the wall clock, and possession. */
export function readFlow(
  all: readonly StatsBombEvent[],
  spans: readonly PeriodSpan[],
  sideOf: SideOf,
  names: PlayerNames,
): MatchFlow {
  const events = all.filter(isPlayed);
  const passers = new Map<string, { id: number; name: string }>();
  const ownGoalsAgainst = new Set<string>();
  for (const e of events) {
    if (e.type.name === 'Pass' && e.id && e.player) {
      passers.set(e.id, e.player);
    }
    if (e.type.name === 'Own Goal Against') {
      ownGoalsAgainst.add(ownGoalKey(e));
    }
  }
  const incidents: Incident[] = [];
  const background: Incident[] = [];
  for (const e of events) {
    const atMs = wallMs(spans, e.period, timestampMs(e.timestamp));
    const side = sideOf(e.team.id);
    const t = matchTime(e.period, e.minute);
    const base = { atMs, side, minute: t.minute, ...(t.extra ? { extraMinute: t.extra } : {}) };
    if (e.type.name === 'Pass') {
      background.push({ atMs, side, counts: ['passes'] });
    }
    const found = incidentOf(e, base, { names, passers }, ownGoalsAgainst);
    if (found) {
      incidents.push(found);
    }
  }
  const byTime = (a: Incident, b: Incident) => a.atMs - b.atMs;
  return {
    incidents: incidents.sort(byTime),
    background: background.sort(byTime),
    possession: possessionSpans(events, spans, sideOf),
  };
}
