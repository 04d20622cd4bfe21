import type { MarketRules } from './market-rules.js';
import type {
  BookmakerTeamAnalysis,
  Evaluation,
  MarketAnalysisPayload,
  Selection,
  SelectionGroup,
  SelectionName,
  Venue,
} from './market-types.js';
import { round2 } from './numbers.js';
import type { Outcome } from './settle.js';

export type SelectionKey = 'allO' | 'allOC' | 'sameO' | 'sameOC';
export const SELECTION_KEYS: readonly SelectionKey[] = ['allO', 'allOC', 'sameO', 'sameOC'];

/** Whether a row with an opening line belongs to the selection (before the latest-N cut). */
export function keeps(key: SelectionKey, hasClosing: boolean, sameCompetition: boolean): boolean {
  switch (key) {
    case 'allO':
      return true;
    case 'allOC':
      return hasClosing;
    case 'sameO':
      return sameCompetition;
    case 'sameOC':
      return sameCompetition && hasClosing;
  }
}

/** Statistics and chart series of the outcomes at `rows` (positions, latest first). */
function evaluate<R extends string, S>(
  rules: MarketRules<R, S>,
  outcomes: readonly (Outcome | null)[],
  rows: readonly number[],
): Evaluation<S> {
  const picked = rows.map((j) => outcomes[j] as Outcome);
  let running = 0;
  const cumulative: number[] = [];
  for (let k = picked.length - 1; k >= 0; k -= 1) {
    running += picked[k] as Outcome;
    cumulative.push(round2(running));
  }
  return { statistics: rules.statistics(picked), cumulative };
}

/** Settled lines of one team at one bookmaker, aligned with the team's shared history. */
export interface SettledLines {
  opening: (Outcome | null)[];
  closing: (Outcome | null)[];
}

/**
 * One selection. `matchIds` is written only when the latest-N cut (or another bookmaker's
 * longer sample in the shared history) makes it differ from "every row with the lines it needs".
 */
export function buildSelection<R extends string, S>(
  rules: MarketRules<R, S>,
  settled: SettledLines,
  rows: readonly number[],
  eligibleRows: number,
  historyIds: readonly number[],
  withClosing: boolean,
): Selection<S> {
  const opening = evaluate(rules, settled.opening, rows);
  return {
    ...(rows.length === eligibleRows ? {} : { matchIds: rows.map((j) => historyIds[j] as number) }),
    opening,
    ...(withClosing ? { closing: evaluate(rules, settled.closing, rows) } : {}),
  };
}

const KEY_OF: Record<SelectionGroup, Record<SelectionName, SelectionKey>> = {
  all: { openingOnly: 'allO', openingAndClosing: 'allOC' },
  sameCompetition: { openingOnly: 'sameO', openingAndClosing: 'sameOC' },
};

/**
 * The match ids of one selection of one bookmaker, latest first, whether the document lists
 * them (`matchIds`) or leaves them implied (every history row with the lines it needs).
 */
export function selectionMatchIds(
  doc: MarketAnalysisPayload,
  bookmakerId: number,
  side: Venue,
  group: SelectionGroup,
  name: SelectionName,
): number[] {
  const bookmaker = doc.bookmakers.find((b) => b.bookmakerId === bookmakerId);
  if (!bookmaker) {
    return [];
  }
  const team: BookmakerTeamAnalysis<string, unknown> = bookmaker[side];
  const listed = team[group][name].matchIds;
  if (listed) {
    return listed;
  }
  const key = KEY_OF[group][name];
  return doc[side].history
    .filter(
      (row, j) =>
        team.openingLines[j] != null &&
        keeps(key, team.closingLines[j] != null, row.competition.id === doc.competitionId),
    )
    .map((row) => row.matchId);
}
