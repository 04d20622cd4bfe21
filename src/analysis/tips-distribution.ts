import { ODDS_MARKETS, type OddsMarket } from '../football/vocabulary.js';
import { percent } from './numbers.js';

type BetType = OddsMarket;

export interface TipInput {
  betType: BetType;
  line: number | null;
  selection: string;
  /** Number of identical tips this row stands for (a GROUP BY count); 1 when omitted. */
  count?: number;
}

interface TipSelectionCount {
  selection: string;
  count: number;
  /** Percent of the bet type and line sample, 2 decimals. */
  percent: number;
}

export interface TipsDistributionEntry {
  betType: BetType;
  /** Omitted for `had` (no line) (spec 2 rule 1). */
  line?: number;
  tips: number;
  selections: TipSelectionCount[];
}

/** Spec 2.11: a bet type and goal line is counted only when its sample has MORE than ten tips. */
export const MIN_TIPS_EXCLUSIVE = 10;

const BET_TYPES: readonly BetType[] = ODDS_MARKETS;
const SELECTIONS: Record<BetType, readonly string[]> = {
  had: ['home', 'draw', 'away'],
  hdp: ['home', 'away'],
  hilo: ['over', 'under'],
};

interface Group {
  betType: BetType;
  line: number | null;
  total: number;
  counts: Map<string, number>;
}

function entry({ betType, line, total, counts }: Group): TipsDistributionEntry {
  const known = SELECTIONS[betType];
  const others = [...counts.keys()].filter((s) => !known.includes(s)).sort();
  const result: TipsDistributionEntry = {
    betType,
    tips: total,
    selections: [...known, ...others].map((selection) => {
      const count = counts.get(selection) ?? 0;
      return { selection, count, percent: percent(count, total) };
    }),
  };
  if (line !== null) {
    result.line = line;
  }
  return result;
}

/** Eligible samples ordered by bet type (had, hdp, hilo), then line ascending; else `[]`. */
export function computeTipsDistribution(tips: readonly TipInput[]): TipsDistributionEntry[] {
  const groups = new Map<string, Group>();
  for (const tip of tips) {
    const key = `${tip.betType}|${tip.line ?? ''}`;
    const group = groups.get(key) ?? {
      betType: tip.betType,
      line: tip.line,
      total: 0,
      counts: new Map(),
    };
    const count = tip.count ?? 1;
    group.total += count;
    group.counts.set(tip.selection, (group.counts.get(tip.selection) ?? 0) + count);
    groups.set(key, group);
  }
  return [...groups.values()]
    .filter((g) => g.total > MIN_TIPS_EXCLUSIVE)
    .sort(
      (a, b) =>
        BET_TYPES.indexOf(a.betType) - BET_TYPES.indexOf(b.betType) ||
        (a.line ?? Number.NEGATIVE_INFINITY) - (b.line ?? Number.NEGATIVE_INFINITY),
    )
    .map(entry);
}
