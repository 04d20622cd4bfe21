import type { MatchDecision, MatchStatus, MatchWinner } from './vocabulary.js';

/**
 * How a match stands and how it was decided (issue 49, cup football): the one builder of
 * GraphQL `Match.result` and of REST's additive `score` fields (`regularTime`, `extraTime`,
 * `penalties`, `decidedBy`, `winner`). Pure: everything comes from the stored match row.
 *
 * The stored score (`score`, REST `score.current`) is the score after regular and extra time;
 * a shoot-out never adds to it (docs/data-model.md). So for h2h, form and standings a shoot-out
 * is a draw; its winner is the match's `winner` (the side that goes through).
 */

/** The phases of a match (GraphQL `MatchPhase`). */
export const MATCH_PHASES = [
  'not_started',
  'first_half',
  'half_time',
  'second_half',
  'extra_time',
  'penalties',
  'finished',
  'after_extra_time',
  'after_penalties',
  'awarded',
  'postponed',
  'cancelled',
  'abandoned',
  'suspended',
] as const;
export type MatchPhase = (typeof MATCH_PHASES)[number];

interface Goals {
  home: number | null;
  away: number | null;
}

/** What the builder reads of a match (a MatchRecord has all of it). */
export interface ResultInput {
  status: MatchStatus;
  minute: string | null;
  score: Goals;
  /** Goals scored in extra time (already in `score`); null: none played, or not reported. */
  extraTime: Goals;
  /** The shoot-out's score (never in `score`); null: none, or its score is not known. */
  penalties: Goals;
  decidedBy: MatchDecision | null;
  /** The winner as the source stated it; null: follows from the scores. */
  winner: MatchWinner | null;
}

export interface MatchResult {
  phase: MatchPhase;
  /** `home-away` after 90 minutes (running while they are played); null when unknown. */
  regularTime: string | null;
  /** Goals of extra time alone (`home-away`); null when none was played or not reported. */
  extraTime: string | null;
  /** The shoot-out's score; null when none was played or its score is not known. */
  penalties: string | null;
  /** How the match was decided beyond regular time (null: in regular time, or not over). */
  decidedBy: MatchDecision | null;
  /** Finished matches only: the side that won (a shoot-out's winner), `draw`, or null. */
  winner: MatchWinner | null;
}

const known = (g: Goals): g is { home: number; away: number } => g.home !== null && g.away !== null;

const pairOf = (g: Goals): string | null => (known(g) ? `${g.home}-${g.away}` : null);

/** "67" -> 67, "90+4" -> 90, "HT" -> null. */
function baseMinute(minute: string | null): number | null {
  const found = minute === null ? null : /^(\d{1,3})(\+\d{1,2})?$/.exec(minute);
  return found ? Number(found[1]) : null;
}

/** How the match was decided: what the source said, else what its scores show. */
function decisionOf(m: ResultInput): MatchDecision | null {
  if (m.decidedBy) {
    return m.decidedBy;
  }
  if (known(m.penalties)) {
    return 'penalties';
  }
  return known(m.extraTime) ? 'extra_time' : null;
}

function livePhase(m: ResultInput, decision: MatchDecision | null): MatchPhase {
  if (decision === 'penalties') {
    return 'penalties';
  }
  if (m.minute === 'HT') {
    return 'half_time';
  }
  const minute = baseMinute(m.minute);
  if (decision === 'extra_time' || (minute !== null && minute > 90)) {
    return 'extra_time';
  }
  return minute !== null && minute <= 45 ? 'first_half' : 'second_half';
}

const FINISHED_PHASE: Record<MatchDecision | 'none', MatchPhase> = {
  none: 'finished',
  extra_time: 'after_extra_time',
  penalties: 'after_penalties',
  awarded: 'awarded',
};

function phaseOf(m: ResultInput, decision: MatchDecision | null): MatchPhase {
  switch (m.status) {
    case 'scheduled':
      return 'not_started';
    case 'live':
      return livePhase(m, decision);
    case 'finished':
      return FINISHED_PHASE[decision ?? 'none'];
    default:
      return m.status;
  }
}

/** A finished match's winner: the source's word, else the shoot-out, else the score. */
function winnerOf(m: ResultInput): MatchWinner | null {
  if (m.status !== 'finished') {
    return null;
  }
  if (m.winner) {
    return m.winner;
  }
  const deciding =
    known(m.penalties) && m.penalties.home !== m.penalties.away ? m.penalties : m.score;
  if (!known(deciding)) {
    return null;
  }
  return deciding.home > deciding.away ? 'home' : deciding.home < deciding.away ? 'away' : 'draw';
}

/** The score after 90 minutes: the score less extra time's goals (unknown if those are). */
function regularTimeOf(m: ResultInput, decision: MatchDecision | null): string | null {
  if (known(m.extraTime) && known(m.score)) {
    return pairOf({
      home: Math.max(0, m.score.home - m.extraTime.home),
      away: Math.max(0, m.score.away - m.extraTime.away),
    });
  }
  // Extra time (or a shoot-out, which usually follows it) without its goals: unknown.
  return decision === 'extra_time' || decision === 'penalties' ? null : pairOf(m.score);
}

export function matchResult(m: ResultInput): MatchResult {
  const decision = decisionOf(m);
  const phase = phaseOf(m, decision);
  const over = phase === 'after_extra_time' || phase === 'after_penalties' || phase === 'awarded';
  return {
    phase,
    regularTime: phase === 'not_started' ? null : regularTimeOf(m, decision),
    extraTime: pairOf(m.extraTime),
    penalties: pairOf(m.penalties),
    decidedBy: over || m.status === 'live' ? decision : null,
    winner: winnerOf(m),
  };
}

/**
 * The side that goes through (a knockout tie decided in one match): the winner, a shoot-out's
 * included; null for a draw or an unfinished match.
 */
export function advancing(m: ResultInput): 'home' | 'away' | null {
  const winner = winnerOf(m);
  return winner === 'home' || winner === 'away' ? winner : null;
}
