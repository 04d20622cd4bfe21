import {
  computeTipsDistribution,
  type TipInput,
  type TipsDistributionEntry,
} from '../../analysis/tips-distribution.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { existingMatchIds, groupByMatch, requireMatch } from '../odds/odds-match.js';

interface TipGroup {
  betType: TipInput['betType'];
  line: number | null;
  selection: string;
  _count: { _all: number };
}

const tipInput = (g: TipGroup): TipInput => ({
  betType: g.betType,
  line: g.line,
  selection: g.selection,
  count: g._count._all,
});

/** Spec 2.11: the tips distribution, aggregated on read from the stored customer tips. */
export function createTipsService({ db }: { db: PrismaClient }) {
  /** Tips counted per match, bet type, line and selection, for one match or several. */
  const tipGroups = (matchId: number | { in: number[] }) =>
    db.customerTip.groupBy({
      by: ['matchId', 'betType', 'line', 'selection'],
      where: { matchId },
      _count: { _all: true },
    });

  /**
   * Batched (DataLoader): one grouped query; unknown matches are absent from the map.
   * `matchesKnown` (the caller holds the match records) skips the existence query.
   */
  async function getForMatches(
    matchIds: readonly number[],
    { matchesKnown = false } = {},
  ): Promise<Map<number, TipsDistributionEntry[]>> {
    const [known, groups] = await Promise.all([
      matchesKnown ? new Set(matchIds) : existingMatchIds(db, matchIds),
      tipGroups({ in: [...matchIds] }),
    ]);
    const byMatch = groupByMatch(groups);
    const result = new Map<number, TipsDistributionEntry[]>();
    for (const matchId of known) {
      result.set(matchId, computeTipsDistribution((byMatch.get(matchId) ?? []).map(tipInput)));
    }
    return result;
  }

  /** No eligible sample: `[]` (spec 2.11); an unknown match: 404. */
  async function getForMatch(matchId: number): Promise<TipsDistributionEntry[]> {
    const distribution = computeTipsDistribution((await tipGroups(matchId)).map(tipInput));
    if (distribution.length === 0) {
      await requireMatch(db, matchId);
    }
    return distribution;
  }

  return { getForMatch, getForMatches };
}

export type TipsService = ReturnType<typeof createTipsService>;
