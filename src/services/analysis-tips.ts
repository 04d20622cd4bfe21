import {
  computeTipsDistribution,
  getTipsDistribution,
  type TipsDistributionEntry,
} from '../analysis/tips-distribution.js';
import type { PrismaClient } from '../db/generated/client.js';
import { existingMatchIds, groupByMatch, requireMatch } from './odds-match.js';

/** Spec 2.11: the tips distribution, aggregated on read from the stored customer tips. */
export function createTipsService({ db }: { db: PrismaClient }) {
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
      db.customerTip.groupBy({
        by: ['matchId', 'betType', 'line', 'selection'],
        where: { matchId: { in: [...matchIds] } },
        _count: { _all: true },
      }),
    ]);
    const byMatch = groupByMatch(groups);
    const result = new Map<number, TipsDistributionEntry[]>();
    for (const matchId of known) {
      const tips = (byMatch.get(matchId) ?? []).map((g) => ({
        betType: g.betType,
        line: g.line,
        selection: g.selection,
        count: g._count._all,
      }));
      result.set(matchId, computeTipsDistribution(tips));
    }
    return result;
  }

  /** No eligible sample: `[]` (spec 2.11); an unknown match: 404. */
  async function getForMatch(matchId: number): Promise<TipsDistributionEntry[]> {
    const distribution = await getTipsDistribution(db, matchId);
    if (distribution.length === 0) {
      await requireMatch(db, matchId);
    }
    return distribution;
  }

  return { getForMatch, getForMatches };
}

export type TipsService = ReturnType<typeof createTipsService>;
