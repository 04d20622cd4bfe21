import type { MarketRules } from './market-rules.js';
import {
  buildSelection,
  keeps,
  SELECTION_KEYS,
  type SelectionKey,
  type SettledLines,
} from './market-selection.js';
import type {
  BookmakerTeamAnalysis,
  HistoryRow,
  TeamHistory,
  TeamHistoryEntry,
} from './market-types.js';
import type { Outcome } from './settle.js';

/** Default number of latest matches per sample selection (docs/analysis.md "Samples"). */
export const DEFAULT_SAMPLE_SIZE = 10;

interface TeamMarketInput {
  teamId: number;
  /** Competition of the analysed match. */
  competitionId: number;
  /** Number of bookmakers; every entry's `openLines` / `closeLines` has one slot per bookmaker. */
  bookmakers: number;
  /** The team's earlier finished matches, LATEST FIRST; consumed lazily. */
  entries: Iterable<TeamHistoryEntry>;
  sampleSize: number;
}

interface TeamMarketAnalysis<R extends string, S> {
  team: TeamHistory;
  /** One per bookmaker, in input order. */
  bookmakers: BookmakerTeamAnalysis<R, S>[];
}

/** Per bookmaker: the picked rows (positions in the shared history) of each selection. */
type Picks = Record<SelectionKey, number[]>;

const newPicks = (): Picks => ({ allO: [], allOC: [], sameO: [], sameOC: [] });

/**
 * Walks the history once for every bookmaker: a row is kept (once) when any bookmaker's
 * selection takes it; the walk stops as soon as every bookmaker's four selections are full.
 */
function pickRows(input: TeamMarketInput): { rows: TeamHistoryEntry[]; picks: Picks[] } {
  const { bookmakers, sampleSize } = input;
  const picks = Array.from({ length: bookmakers }, newPicks);
  const full = new Array<boolean>(bookmakers).fill(false);
  let open = bookmakers;
  const rows: TeamHistoryEntry[] = [];
  if (open === 0) {
    return { rows, picks };
  }
  for (const entry of input.entries) {
    const same = entry.competition.id === input.competitionId;
    let used = false;
    for (let b = 0; b < bookmakers; b += 1) {
      if (full[b] || entry.openLines[b] == null) {
        continue;
      }
      const p = picks[b] as Picks;
      const hasClosing = entry.closeLines[b] != null;
      for (const key of SELECTION_KEYS) {
        if (p[key].length < sampleSize && keeps(key, hasClosing, same)) {
          p[key].push(rows.length);
          used = true;
        }
      }
      if (SELECTION_KEYS.every((key) => p[key].length >= sampleSize)) {
        full[b] = true;
        open -= 1;
      }
    }
    if (used) {
      rows.push(entry);
    }
    if (open === 0) {
      break;
    }
  }
  return { rows, picks };
}

function historyRow(e: TeamHistoryEntry): HistoryRow {
  return {
    matchId: e.matchId,
    kickoffUtc: e.kickoffUtc,
    competition: e.competition,
    opponent: e.opponent,
    venue: e.venue,
    score: `${e.homeScore}-${e.awayScore}`,
  };
}

/** One bookmaker's lines and outcomes over the shared rows, and each selection's eligible rows. */
function settleRows<R extends string, S>(
  rules: MarketRules<R, S>,
  input: TeamMarketInput,
  rows: readonly TeamHistoryEntry[],
  b: number,
) {
  const n = rows.length;
  const lines = { opening: new Array<number | null>(n), closing: new Array<number | null>(n) };
  const settled: SettledLines = { opening: new Array(n), closing: new Array(n) };
  const eligible: Record<SelectionKey, number> = { allO: 0, allOC: 0, sameO: 0, sameOC: 0 };
  for (let j = 0; j < n; j += 1) {
    const entry = rows[j] as TeamHistoryEntry;
    const open = entry.openLines[b] ?? null;
    const close = entry.closeLines[b] ?? null;
    const openLine = open === null ? null : rules.displayLine(entry, open);
    const closeLine = close === null ? null : rules.displayLine(entry, close);
    lines.opening[j] = openLine;
    lines.closing[j] = closeLine;
    settled.opening[j] = openLine === null ? null : rules.settle(entry, openLine);
    settled.closing[j] = closeLine === null ? null : rules.settle(entry, closeLine);
    if (openLine !== null) {
      const same = entry.competition.id === input.competitionId;
      for (const key of SELECTION_KEYS) {
        eligible[key] += keeps(key, closeLine !== null, same) ? 1 : 0;
      }
    }
  }
  return { lines, settled, eligible };
}

/** One bookmaker's lines, results and selections over the shared rows. */
function bookmakerTeam<R extends string, S>(
  rules: MarketRules<R, S>,
  input: TeamMarketInput,
  rows: readonly TeamHistoryEntry[],
  picks: Picks,
  b: number,
): BookmakerTeamAnalysis<R, S> {
  const { lines, settled, eligible } = settleRows(rules, input, rows, b);
  const ids = rows.map((e) => e.matchId);
  const label = (o: Outcome | null) => (o === null ? null : rules.label(o));
  const selection = (key: SelectionKey, withClosing: boolean) =>
    buildSelection(rules, settled, picks[key], eligible[key], ids, withClosing);
  return {
    openingLines: lines.opening,
    openingResults: settled.opening.map(label),
    closingLines: lines.closing,
    closingResults: settled.closing.map(label),
    all: { openingOnly: selection('allO', false), openingAndClosing: selection('allOC', true) },
    sameCompetition: {
      openingOnly: selection('sameO', false),
      openingAndClosing: selection('sameOC', true),
    },
  };
}

/**
 * Spec 2.11 / DECISIONS "Analysis": the four sample selections of one team at every bookmaker
 * of the match, from ONE walk over the team's history. Each selection of each bookmaker keeps
 * its latest `sampleSize` matches where that bookmaker had the lines it needs.
 */
export function analyzeTeamMarket<R extends string, S>(
  rules: MarketRules<R, S>,
  input: TeamMarketInput,
): TeamMarketAnalysis<R, S> {
  const { rows, picks } = pickRows(input);
  return {
    team: { teamId: input.teamId, history: rows.map(historyRow) },
    bookmakers: picks.map((p, b) => bookmakerTeam(rules, input, rows, p, b)),
  };
}
