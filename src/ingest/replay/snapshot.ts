import { SCORING_EVENTS, SIDES, type Side } from '../../football/vocabulary.js';
import type { Lineup, Match, MatchEvent, Statistic } from '../format.js';
import type { CountedStatistic, EventDraft, Incident, MatchFlow } from './incidents.js';
import { type PeriodSpan, phaseAt } from './match-clock.js';
import { statsBombPlayerId } from './references.js';
import { sheetRecord, type TeamSheet } from './sheets.js';

/** The statistics a replay shows, in display order (the demo's names and order). */
export const REPLAY_STATISTICS = [
  'possession',
  'shots',
  'shotsOnTarget',
  'shotsOffTarget',
  'blockedShots',
  'corners',
  'fouls',
  'offsides',
  'yellowCards',
  'redCards',
  'passes',
] as const;

/** What the match shows at one moment, as import-format records. */
export interface Snapshot {
  match: Match;
  events: MatchEvent[];
  statistics: Statistic[];
  lineups: Lineup[];
}

/** Everything fixed for the whole match: the replay's reading of the StatsBomb files. */
export interface MatchPlan {
  scheduled: Match;
  spans: PeriodSpan[];
  flow: MatchFlow;
  sheets: Record<Side, TeamSheet>;
}

type Pair = Record<Side, number>;
const pair = (): Pair => ({ home: 0, away: 0 });

/** The event with its players by touchline id where the team sheets (players.ndjson) have them. */
function eventRecord(
  matchId: number,
  seq: number,
  d: EventDraft,
  listed: ReadonlySet<number>,
): MatchEvent {
  const { playerId, relatedId, ...record } = d;
  const byId = (id: number | undefined) =>
    id !== undefined && listed.has(id) ? statsBombPlayerId(id) : undefined;
  const player = byId(playerId);
  const related = byId(relatedId);
  return {
    matchId,
    seq,
    ...record,
    ...(player === undefined ? {} : { playerId: player }),
    ...(related === undefined ? {} : { relatedPlayerId: related }),
  };
}

function tally(events: readonly EventDraft[], types: readonly string[]): Pair {
  const out = pair();
  for (const e of events) {
    if (types.includes(e.type)) {
      out[e.side] += 1;
    }
  }
  return out;
}

function counted(incidents: readonly Incident[], t: number): Map<CountedStatistic, Pair> {
  const out = new Map<CountedStatistic, Pair>();
  for (const i of incidents) {
    if (i.atMs > t) {
      break;
    }
    for (const c of i.counts) {
      const p = out.get(c) ?? pair();
      p[i.side] += 1;
      out.set(c, p);
    }
  }
  return out;
}

/** Possession in percent of the time played up to `t`; null before anyone had the ball. */
function possessionAt(plan: MatchPlan, t: number): Pair | null {
  const ms = pair();
  for (const span of plan.flow.possession) {
    if (span.endMs <= t) {
      ms[span.side] += span.ms;
    }
  }
  const total = ms.home + ms.away;
  if (total === 0) {
    return null;
  }
  const home = Math.round((100 * ms.home) / total);
  return { home, away: 100 - home };
}

function statistics(plan: MatchPlan, t: number, events: readonly EventDraft[]): Statistic[] {
  const counts = counted(plan.flow.incidents, t);
  for (const [type, value] of counted(plan.flow.background, t)) {
    counts.set(type, value);
  }
  const values: Record<(typeof REPLAY_STATISTICS)[number], Pair | null> = {
    possession: possessionAt(plan, t),
    shots: counts.get('shots') ?? pair(),
    shotsOnTarget: counts.get('shotsOnTarget') ?? pair(),
    shotsOffTarget: counts.get('shotsOffTarget') ?? pair(),
    blockedShots: counts.get('blockedShots') ?? pair(),
    corners: counts.get('corners') ?? pair(),
    fouls: counts.get('fouls') ?? pair(),
    offsides: counts.get('offsides') ?? pair(),
    yellowCards: tally(events, ['yellow', 'second_yellow']),
    redCards: tally(events, ['red', 'second_yellow']),
    passes: counts.get('passes') ?? pair(),
  };
  const matchId = plan.scheduled.id;
  return REPLAY_STATISTICS.flatMap((type, sort) => {
    const value = values[type];
    return value ? [{ matchId, type, home: value.home, away: value.away, sort }] : [];
  });
}

/**
 * The match at wall time `t` (ms after kick-off), as the live engine shows a demo match: the
 * clock, the score (and half-time score once the first half is over), corners and cards on the
 * match; every event so far; statistics; the team sheets with goals, cards and substitutions.
 * Before kick-off: the scheduled match and the team sheets only.
 */
const listedOf = new WeakMap<MatchPlan, Set<number>>();
/** The StatsBomb ids of both sheets' players (the replay writes them as players first). */
function listedPlayers(plan: MatchPlan): Set<number> {
  let listed = listedOf.get(plan);
  if (!listed) {
    listed = new Set(SIDES.flatMap((side) => plan.sheets[side].players.map((p) => p.id)));
    listedOf.set(plan, listed);
  }
  return listed;
}

export function snapshotAt(plan: MatchPlan, t: number): Snapshot {
  const matchId = plan.scheduled.id;
  const phase = phaseAt(plan.spans, t);
  const happened = plan.flow.incidents.filter((i) => i.atMs <= t);
  const drafts = happened.flatMap((i) => (i.event ? [i.event] : []));
  const lineups = SIDES.map((side) => sheetRecord(matchId, plan.sheets[side], drafts));
  if (phase.status === 'scheduled') {
    return { match: plan.scheduled, events: [], statistics: [], lineups };
  }
  const score = tally(drafts, [...SCORING_EVENTS]);
  const firstHalfEnd = plan.spans[0]?.endMs ?? 0;
  const firstHalf = happened.filter((i) => i.atMs <= firstHalfEnd).flatMap((i) => i.event ?? []);
  const ht = tally(firstHalf, [...SCORING_EVENTS]);
  const corners = tally(drafts, ['corner']);
  const yellow = tally(drafts, ['yellow', 'second_yellow']);
  const red = tally(drafts, ['red', 'second_yellow']);
  const match: Match = {
    ...plan.scheduled,
    status: phase.status,
    ...(phase.minute === null ? {} : { minute: phase.minute }),
    homeScore: score.home,
    awayScore: score.away,
    ...(phase.firstHalfOver ? { htHomeScore: ht.home, htAwayScore: ht.away } : {}),
    homeCorners: corners.home,
    awayCorners: corners.away,
    homeYellow: yellow.home,
    homeRed: red.home,
    awayYellow: yellow.away,
    awayRed: red.away,
  };
  return {
    match,
    events: drafts.map((d, seq) => eventRecord(matchId, seq, d, listedPlayers(plan))),
    statistics: statistics(plan, t, drafts),
    lineups,
  };
}
