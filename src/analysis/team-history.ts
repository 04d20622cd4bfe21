import type { CornerHistoryEntry } from './corner-types.js';
import type { HistoryStore } from './history-store.js';
import type { AnalysisMarket, TeamHistoryEntry } from './market-types.js';

/** Position in `list` of the first match kicking off at or after `beforeMs`. */
function earlierCount(store: HistoryStore, list: Int32Array, beforeMs: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((store.kickoffMs[list[mid] as number] as number) < beforeMs) {
      low = mid + 1;
    } else {
      high = mid;
    }
  }
  return low;
}

/** The team's finished matches with a score that kicked off strictly before `beforeMs`, latest first. */
function* earlierMatches(store: HistoryStore, teamId: number, beforeMs: number) {
  const list = store.teamHistory.get(teamId);
  if (!list) {
    return;
  }
  for (let k = earlierCount(store, list, beforeMs) - 1; k >= 0; k -= 1) {
    yield list[k] as number;
  }
}

const at = (array: Int32Array | Float64Array, i: number) => array[i] as number;

/** The lines of `series` (one per bookmaker) at `offset`; null when none has a line there. */
function linesAt(series: readonly (Float64Array | undefined)[], offset: number) {
  let lines: (number | null)[] | null = null;
  for (let b = 0; b < series.length; b += 1) {
    const line = series[b]?.[offset] ?? Number.NaN;
    if (!Number.isNaN(line)) {
      lines ??= new Array<number | null>(series.length).fill(null);
      lines[b] = line;
    }
  }
  return lines;
}

/**
 * Input of the market analysis: the team's earlier matches where at least one of `bookmakerIds`
 * had an opening line, with every one of those bookmakers' lines (aligned with `bookmakerIds`).
 */
export function* marketHistory(
  store: HistoryStore,
  teamId: number,
  beforeMs: number,
  market: AnalysisMarket,
  bookmakerIds: readonly number[],
): Generator<TeamHistoryEntry> {
  const series = bookmakerIds.map((id) => store.lines[market].get(id));
  for (const i of earlierMatches(store, teamId, beforeMs)) {
    const openLines = linesAt(series, 2 * i);
    if (openLines === null) {
      continue;
    }
    const home = at(store.homeTeam, i) === teamId;
    const opponentId = home ? at(store.awayTeam, i) : at(store.homeTeam, i);
    const competitionId = at(store.competition, i);
    yield {
      matchId: at(store.ids, i),
      kickoffUtc: store.kickoffIso[i] ?? '',
      competition: { id: competitionId, name: store.competitionNames.get(competitionId) ?? '' },
      opponent: { id: opponentId, name: store.teamNames.get(opponentId) ?? '' },
      venue: home ? 'home' : 'away',
      homeScore: at(store.homeScore, i),
      awayScore: at(store.awayScore, i),
      openLines,
      closeLines: linesAt(series, 2 * i + 1) ?? openLines.map(() => null),
    };
  }
}

export function* cornerHistory(
  store: HistoryStore,
  teamId: number,
  beforeMs: number,
): Generator<CornerHistoryEntry> {
  for (const i of earlierMatches(store, teamId, beforeMs)) {
    yield {
      venue: at(store.homeTeam, i) === teamId ? 'home' : 'away',
      corners: store.corners[i] ?? null,
    };
  }
}
