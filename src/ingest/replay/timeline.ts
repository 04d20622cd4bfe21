import { SCORING_EVENTS, SIDES } from '../../football/vocabulary.js';
import type { ChangeRecord } from '../changes/format.js';
import type { Match, MatchEvent } from '../format.js';
import { ReplayError } from './errors.js';
import { readFlow } from './incidents.js';
import { clockTicks, layoutPeriods, MINUTE_MS } from './match-clock.js';
import { playerNames, sidesOf } from './participants.js';
import {
  competitionRecord,
  playerRecords,
  type ReplayIds,
  replayIds,
  scheduledMatch,
  teamRecords,
} from './references.js';
import { teamSheets } from './sheets.js';
import { type MatchPlan, REPLAY_STATISTICS, type Snapshot, snapshotAt } from './snapshot.js';
import type { StatsBombInput } from './statsbomb-read.js';

/** Team sheets are out an hour before kick-off, as in the demo (docs/live.md). */
export const LINEUPS_BEFORE_MS = 60 * MINUTE_MS;
/** The first step's time: applied as soon as the replay starts, whenever kick-off is. */
export const AT_START = Number.NEGATIVE_INFINITY;

/** One write of the replay: change records to apply `atMs` after kick-off (wall time, speed 1). */
export interface ReplayStep {
  atMs: number;
  /** What happened, for the progress lines ("18' goal Barcelona: Lionel Messi (1-0)"). */
  label: string;
  changes: ChangeRecord[];
}

export interface ReplayTimeline {
  ids: ReplayIds;
  /** "Barcelona v Girona". */
  title: string;
  steps: ReplayStep[];
  /** Kick-off to the final whistle at speed 1 (breaks included). */
  durationMs: number;
}

/** Remembers what has been sent, by record key, and offers only what changed. */
function createDiff() {
  const sent = new Map<string, string>();
  return (snapshot: Snapshot): ChangeRecord[] => {
    const out: ChangeRecord[] = [];
    const offer = (key: string, change: ChangeRecord) => {
      const json = JSON.stringify(change);
      if (sent.get(key) !== json) {
        sent.set(key, json);
        out.push(change);
      }
    };
    offer('match', { op: 'upsert', resource: 'matches', record: snapshot.match });
    for (const record of snapshot.events) {
      offer(`event ${record.seq}`, { op: 'upsert', resource: 'events', record });
    }
    for (const record of snapshot.statistics) {
      offer(`statistic ${record.type}`, { op: 'upsert', resource: 'statistics', record });
    }
    for (const record of snapshot.lineups) {
      offer(`lineup ${record.side}`, { op: 'upsert', resource: 'lineups', record });
    }
    return out;
  };
}

function describeEvent(e: MatchEvent, teams: Record<'home' | 'away', string>, score: string) {
  const clock = e.extraMinute ? `${e.minute}+${e.extraMinute}'` : `${e.minute}'`;
  const scored = (SCORING_EVENTS as ReadonlySet<string>).has(e.type) ? ` (${score})` : '';
  if (e.type === 'own_goal') {
    return `${clock} own goal${e.player ? ` by ${e.player}` : ''} for ${teams[e.side]}${scored}`;
  }
  const who = e.player ? `: ${e.player}` : '';
  return `${clock} ${e.type.replace('_', ' ')} ${teams[e.side]}${who}${scored}`;
}

function labelOf(
  before: Match,
  after: Snapshot,
  news: MatchEvent[],
  teams: Record<'home' | 'away', string>,
) {
  const m = after.match;
  const score = `${m.homeScore ?? 0}-${m.awayScore ?? 0}`;
  const phase =
    before.status === 'scheduled' && m.status === 'live'
      ? 'kick-off'
      : m.status === 'finished'
        ? `full time ${score}`
        : m.minute === 'HT' && before.minute !== 'HT'
          ? `half-time ${score}`
          : before.minute === 'HT' && m.minute !== 'HT'
            ? 'second half'
            : null;
  const parts = [...(phase ? [phase] : []), ...news.map((e) => describeEvent(e, teams, score))];
  if (parts.length > 0) {
    return parts.join('; ');
  }
  return m.minute !== before.minute ? `clock ${m.minute ?? ''}` : 'statistics';
}

/** Deletes of what an earlier replay into this match id wrote: the replay starts clean. */
function cleanSlate(matchId: number, eventCount: number): ChangeRecord[] {
  return [
    ...Array.from(
      { length: eventCount },
      (_, seq): ChangeRecord => ({ op: 'delete', resource: 'events', key: { matchId, seq } }),
    ),
    ...REPLAY_STATISTICS.map(
      (type): ChangeRecord => ({ op: 'delete', resource: 'statistics', key: { matchId, type } }),
    ),
    ...SIDES.map(
      (side): ChangeRecord => ({ op: 'delete', resource: 'lineups', key: { matchId, side } }),
    ),
  ];
}

/**
 * The replay of one recorded match as steps of change records, the feed's own format
 * (docs/feed-format.md "Replay"): at the start the competition, the teams and the scheduled match
 * (with deletes of anything an earlier replay of it left), the team sheets an hour before
 * kick-off, then every clock minute and every incident as it happened, to the final whistle.
 */
export function buildTimeline(
  input: StatsBombInput,
  options: { kickoffUtc: string; matchId?: number },
): ReplayTimeline {
  const { match } = input;
  const ids = replayIds(match, options.matchId);
  const sideOf = sidesOf(match);
  const names = playerNames(input.lineups);
  const spans = layoutPeriods(input.events);
  const plan: MatchPlan = {
    scheduled: scheduledMatch(match, ids, options.kickoffUtc),
    spans,
    flow: readFlow(input.events, spans, sideOf, names),
    sheets: teamSheets(input, sideOf, names),
  };
  const teams = { home: match.home_team.home_team_name, away: match.away_team.away_team_name };
  const diff = createDiff();
  const before = snapshotAt(plan, -LINEUPS_BEFORE_MS);
  // Before kick-off a snapshot is the scheduled match, then the two team sheets.
  const [matchChange, ...sheetChanges] = diff(before);
  const steps: ReplayStep[] = [
    {
      atMs: AT_START,
      label: `scheduled: ${teams.home} v ${teams.away}`,
      changes: [
        { op: 'upsert', resource: 'competitions', record: competitionRecord(match, ids) },
        ...teamRecords(match, ids).map(
          (record): ChangeRecord => ({ op: 'upsert', resource: 'teams', record }),
        ),
        ...(matchChange ? [matchChange] : []),
        // Issue 49: the sheets' players, before the sheets and events that name them by id.
        ...playerRecords(plan.sheets, ids).map(
          (record): ChangeRecord => ({ op: 'upsert', resource: 'players', record }),
        ),
        ...cleanSlate(ids.matchId, plan.flow.incidents.filter((i) => i.event).length),
      ],
    },
    { atMs: -LINEUPS_BEFORE_MS, label: 'team sheets', changes: sheetChanges },
  ];
  const moments = [
    ...new Set([0, ...clockTicks(spans), ...plan.flow.incidents.map((i) => i.atMs)]),
  ];
  let shown = before;
  for (const t of moments.sort((a, b) => a - b)) {
    const now = snapshotAt(plan, t);
    const changes = diff(now);
    if (changes.length > 0) {
      const news = now.events.slice(shown.events.length);
      steps.push({ atMs: t, label: labelOf(shown.match, now, news, teams), changes });
    }
    shown = now;
  }
  checkFinalScore(input, shown.match);
  return {
    ids,
    title: `${teams.home} v ${teams.away}`,
    steps,
    durationMs: spans.at(-1)?.endMs ?? 0,
  };
}

/** The events must add up to the match record's score (a doctored file does not, see the tests). */
function checkFinalScore(input: StatsBombInput, final: Match) {
  const { home_score: home, away_score: away } = input.match;
  if (home === null || home === undefined || away === null || away === undefined) {
    return;
  }
  if (final.homeScore !== home || final.awayScore !== away) {
    throw new ReplayError(
      `${input.files.events}: the goals in the events make ${final.homeScore}-${final.awayScore}, ${input.files.match} says ${home}-${away}`,
    );
  }
}
