import type { MatchRecord, TeamRecord } from './match-record.js';
import type { Side } from './vocabulary.js';

type Result = 'W' | 'D' | 'L';

/** How many earlier meetings and recent results are read (docs/rest/matches.md). */
export const H2H_MEETINGS = 20;
export const FORM_MATCHES = 5;

interface H2hSummary {
  played: number;
  homeWins: number;
  draws: number;
  awayWins: number;
  homeGoals: number;
  awayGoals: number;
}

export interface FormEntry {
  match: MatchRecord;
  venue: Side;
  result: Result;
}

export interface H2hRecord {
  home: TeamRecord;
  away: TeamRecord;
  summary: H2hSummary;
  /** Earlier meetings, latest first; `result` is the current match's home team's. */
  meetings: Array<{ match: MatchRecord; result: Result }>;
  form: { home: FormEntry[]; away: FormEntry[] };
}

const latestFirst = (a: MatchRecord, b: MatchRecord) =>
  b.kickoffUtc.getTime() - a.kickoffUtc.getTime() || b.id - a.id;

/** Goals for and against `teamId` in a finished match (null when it did not play in it). */
function goalsOf(match: MatchRecord, teamId: number): { for: number; against: number } | null {
  const { home, away } = match.score;
  if (home === null || away === null) {
    return null;
  }
  if (match.home.id === teamId) {
    return { for: home, against: away };
  }
  return match.away.id === teamId ? { for: away, against: home } : null;
}

const resultOf = (g: { for: number; against: number }): Result =>
  g.for > g.against ? 'W' : g.for < g.against ? 'L' : 'D';

function form(teamId: number, matches: MatchRecord[]): FormEntry[] {
  return [...matches]
    .sort(latestFirst)
    .flatMap((match) => {
      const goals = goalsOf(match, teamId);
      const venue = match.home.id === teamId ? 'home' : 'away';
      return goals ? [{ match, venue, result: resultOf(goals) } as const] : [];
    })
    .slice(0, FORM_MATCHES);
}

/**
 * DECISIONS.md "Matches": head-to-head from the stored matches of the two teams before this
 * one, latest first, with a home/draw/away summary from this match's home team's side.
 */
export function computeH2h(
  target: MatchRecord,
  history: { meetings: MatchRecord[]; homeForm: MatchRecord[]; awayForm: MatchRecord[] },
): H2hRecord {
  const summary: H2hSummary = {
    played: 0,
    homeWins: 0,
    draws: 0,
    awayWins: 0,
    homeGoals: 0,
    awayGoals: 0,
  };
  const meetings: H2hRecord['meetings'] = [];
  for (const match of [...history.meetings].sort(latestFirst).slice(0, H2H_MEETINGS)) {
    const goals = goalsOf(match, target.home.id);
    if (!goals || goalsOf(match, target.away.id) === null) {
      continue;
    }
    const result = resultOf(goals);
    summary.played += 1;
    summary.homeWins += result === 'W' ? 1 : 0;
    summary.draws += result === 'D' ? 1 : 0;
    summary.awayWins += result === 'L' ? 1 : 0;
    summary.homeGoals += goals.for;
    summary.awayGoals += goals.against;
    meetings.push({ match, result });
  }
  return {
    home: target.home,
    away: target.away,
    summary,
    meetings,
    form: {
      home: form(target.home.id, history.homeForm),
      away: form(target.away.id, history.awayForm),
    },
  };
}
