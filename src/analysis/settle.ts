/**
 * Settlement of handicap and total-goals lines (docs/analysis.md "Settlement").
 *
 * The outcome is a stake-neutral score from the backed side's point of view: 1 (win or over),
 * 0.5 (half win), 0 (push), -0.5 (half loss), -1 (loss or under). A quarter line (x.25, x.75)
 * splits the stake in two halves on the neighbouring half and whole lines, e.g. -0.75 settles
 * half on -0.5 and half on -1.
 */
export type Outcome = 1 | 0.5 | 0 | -0.5 | -1;

function settleWhole(margin: number): -1 | 0 | 1 {
  if (margin > 0) {
    return 1;
  }
  return margin < 0 ? -1 : 0;
}

/** Settles `goalDifference + line` (handicap) or `goals - line` (totals) as `adjusted`. */
function settleAdjusted(base: number, line: number): Outcome {
  const isQuarter = Math.abs((line * 4) % 2) === 1;
  if (!isQuarter) {
    return settleWhole(base + line);
  }
  const low = settleWhole(base + line - 0.25);
  const high = settleWhole(base + line + 0.25);
  return ((low + high) / 2) as Outcome;
}

/** Asian handicap from the backed team's side: `line` is that team's handicap (-0.75 gives). */
export function settleHandicap(teamGoals: number, opponentGoals: number, line: number): Outcome {
  return settleAdjusted(teamGoals - opponentGoals, line);
}

/** Total goals from the over side: 1 = over, -1 = under. */
export function settleTotal(totalGoals: number, line: number): Outcome {
  return settleAdjusted(totalGoals, -line);
}
