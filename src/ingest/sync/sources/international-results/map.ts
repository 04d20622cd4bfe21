import type { MatchWinner } from '../../../../football/vocabulary.js';
import type {
  CompetitionFact,
  EventFact,
  MatchEventsFact,
  MatchFact,
  TeamFact,
} from '../../facts.js';
import { type GoalRow, meetingKey, type ResultRow, type ShootoutRow } from './read.js';

/**
 * martj42's international results as facts (docs/sources/international-results.md). A match is
 * known by its date and two teams; the files give no kick-off time, so it is placed at 12:00 UTC
 * on its date (the same day in Asia and Europe).
 */

/** Short codes of the tournaments the real-data subset holds; others: the name, hyphenated. */
const CODES: Readonly<Record<string, string>> = {
  'AFC Asian Cup': 'AFC-ASIAN-CUP',
  'AFF Championship': 'AFF-CHAMPIONSHIP',
  'EAFF Championship': 'EAFF-CHAMPIONSHIP',
  'Gulf Cup': 'GULF-CUP',
};

const codeOf = (tournament: string) =>
  CODES[tournament] ??
  tournament
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

/**
 * Every tournament is a cup: national teams meet in groups and knockouts (or, for friendlies, in
 * no table at all), never in a season-long league. The files name no rounds, so such a cup has no
 * tables and its coverage says so (docs/decisions.md).
 */
export function competitionFact(tournament: string): CompetitionFact {
  return {
    sourceId: tournament,
    name: tournament,
    code: codeOf(tournament),
    country: null,
    region: 'Asia',
    type: 'cup',
  };
}

/** A national team: the country it plays for is its own name as the repository writes it. */
export function teamFact(name: string, tournament: string): TeamFact {
  return { sourceId: name, name, country: name, competition: tournament };
}

/** Goals of one match by side, and whether the goal rows add up to the score (coverage). */
function goalsOf(result: ResultRow, goals: readonly GoalRow[]) {
  const side = (g: GoalRow) => (g.team === result.home ? 'home' : 'away');
  const count = (which: 'home' | 'away', test: (g: GoalRow) => boolean) =>
    goals.filter((g) => side(g) === which && test(g)).length;
  const complete =
    result.homeScore !== null &&
    count('home', () => true) === result.homeScore &&
    count('away', () => true) === result.awayScore;
  const inExtraTime = (g: GoalRow) => g.minute !== null && g.minute > 90;
  return {
    complete,
    extraTimePlayed: goals.some(inExtraTime),
    extraTime: { home: count('home', inExtraTime), away: count('away', inExtraTime) },
  };
}

/**
 * The match. `results.csv` gives the score after extra time, without a shoot-out;
 * `shootouts.csv` the shoot-out's winner but not its score, so a shoot-out is stored as
 * `decidedBy: penalties` with its `winner` and no `penHomeScore`/`penAwayScore`. Extra time is
 * known where a goal was scored after the 90th minute: its goals are stored when the goal rows
 * add up to the score (every goal listed), else only that it was played.
 */
export function matchFact(
  result: ResultRow,
  goals: readonly GoalRow[],
  shootout: ShootoutRow | undefined,
): MatchFact {
  const played = result.homeScore !== null && result.awayScore !== null;
  const { complete, extraTimePlayed, extraTime } = goalsOf(result, goals);
  const winner: MatchWinner | null = shootout
    ? shootout.winner === result.home
      ? 'home'
      : shootout.winner === result.away
        ? 'away'
        : null
    : null;
  return {
    sourceId: meetingKey(result),
    competition: result.tournament,
    home: result.home,
    away: result.away,
    status: played ? 'finished' : 'scheduled',
    minute: null,
    kickoffUtc: `${result.date}T12:00:00.000Z`,
    season: result.date.slice(0, 4),
    round: null,
    venue: [result.city, result.country].filter(Boolean).join(', ') || null,
    homeScore: result.homeScore,
    awayScore: result.awayScore,
    etHomeScore: extraTimePlayed && complete ? extraTime.home : null,
    etAwayScore: extraTimePlayed && complete ? extraTime.away : null,
    penHomeScore: null,
    penAwayScore: null,
    decidedBy: shootout && played ? 'penalties' : extraTimePlayed && played ? 'extra_time' : null,
    winner: played ? winner : null,
  };
}

/**
 * The goals of one match as events: `own_goal` and `penalty` from their flags, listed under the
 * side the goal counted for (the import format's rule for own goals). A goal without a minute
 * is left out (11 rows of the subset). The list is the whole of what the files say.
 */
export function eventsFact(result: ResultRow, goals: readonly GoalRow[]): MatchEventsFact {
  const seen = new Map<string, number>();
  const events: EventFact[] = [];
  for (const g of goals) {
    if (g.minute === null) {
      continue;
    }
    const base = `${g.minute}|${g.team}|${g.scorer ?? ''}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    events.push({
      sourceId: n === 1 ? base : `${base}|${n}`,
      minute: g.minute,
      type: g.ownGoal ? 'own_goal' : g.penalty ? 'penalty' : 'goal',
      side: g.team === result.home ? 'home' : 'away',
      player: g.scorer,
    });
  }
  events.sort((a, b) => a.minute - b.minute);
  return { match: meetingKey(result), complete: true, events };
}
