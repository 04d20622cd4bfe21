import type {
  HandicapResult,
  HandicapStatistics,
  TeamHistoryEntry,
  TotalResult,
  TotalStatistics,
} from './market-types.js';
import { percent, round2 } from './numbers.js';
import type { Outcome } from './settle.js';
import { settleHandicap, settleTotal } from './settle.js';

/** What differs between the handicap and the over-under analysis. */
export interface MarketRules<R extends string, S> {
  /** The line as shown in history rows, from the stored line. */
  displayLine(entry: TeamHistoryEntry, storedLine: number): number;
  settle(entry: TeamHistoryEntry, displayLine: number): Outcome;
  label(outcome: Outcome): R;
  statistics(outcomes: readonly Outcome[]): S;
}

interface Tally {
  matches: number;
  full: number;
  half: number;
  push: number;
  halfMinus: number;
  minus: number;
  net: number;
}

function tally(outcomes: readonly Outcome[]): Tally {
  const t: Tally = { matches: 0, full: 0, half: 0, push: 0, halfMinus: 0, minus: 0, net: 0 };
  for (const o of outcomes) {
    t.matches += 1;
    t.net += o;
    if (o === 1) {
      t.full += 1;
    } else if (o === 0.5) {
      t.half += 1;
    } else if (o === 0) {
      t.push += 1;
    } else if (o === -0.5) {
      t.halfMinus += 1;
    } else {
      t.minus += 1;
    }
  }
  return t;
}

function labeller<R extends string>(labels: readonly [R, R, R, R, R]) {
  return (outcome: Outcome): R => labels[2 - outcome * 2] as R;
}

const HANDICAP_LABELS = ['win', 'halfWin', 'push', 'halfLoss', 'loss'] as const;
const TOTAL_LABELS = ['over', 'halfOver', 'push', 'halfUnder', 'under'] as const;

const teamGoals = (e: TeamHistoryEntry) => (e.venue === 'home' ? e.homeScore : e.awayScore);
const opponentGoals = (e: TeamHistoryEntry) => (e.venue === 'home' ? e.awayScore : e.homeScore);

/** Stored hdp lines are the home team's handicap; history rows show the team's own. */
export const HANDICAP_RULES: MarketRules<HandicapResult, HandicapStatistics> = {
  displayLine: (entry, line) => (entry.venue === 'home' ? line : -line) || 0,
  settle: (entry, line) => settleHandicap(teamGoals(entry), opponentGoals(entry), line),
  label: labeller(HANDICAP_LABELS),
  statistics(outcomes) {
    const t = tally(outcomes);
    return {
      matches: t.matches,
      win: t.full,
      halfWin: t.half,
      push: t.push,
      halfLoss: t.halfMinus,
      loss: t.minus,
      winRate: percent(t.full + t.half, t.matches),
      pushRate: percent(t.push, t.matches),
      lossRate: percent(t.minus + t.halfMinus, t.matches),
      net: round2(t.net),
    };
  },
};

export const TOTAL_RULES: MarketRules<TotalResult, TotalStatistics> = {
  displayLine: (_entry, line) => line,
  settle: (entry, line) => settleTotal(entry.homeScore + entry.awayScore, line),
  label: labeller(TOTAL_LABELS),
  statistics(outcomes) {
    const t = tally(outcomes);
    return {
      matches: t.matches,
      over: t.full,
      halfOver: t.half,
      push: t.push,
      halfUnder: t.halfMinus,
      under: t.minus,
      overRate: percent(t.full + t.half, t.matches),
      pushRate: percent(t.push, t.matches),
      underRate: percent(t.minus + t.halfMinus, t.matches),
      net: round2(t.net),
    };
  },
};
