import { computeKellyIndex, getKellyIndex, type KellyIndex } from '../analysis/kelly-index.js';
import type { PrismaClient } from '../db/generated/client.js';
import { existingMatchIds, groupByMatch, requireMatch } from './odds-match.js';

/** DECISIONS.md "Odds": the Kelly index, computed on read from the stored `had` odds. */
export function createKellyService({ db }: { db: PrismaClient }) {
  /**
   * Batched (DataLoader): one odds query; unknown matches are absent from the map. `matchesKnown`
   * (the caller holds the match records) skips the existence query.
   */
  async function getForMatches(
    matchIds: readonly number[],
    { matchesKnown = false } = {},
  ): Promise<Map<number, KellyIndex>> {
    const [known, rows] = await Promise.all([
      matchesKnown ? new Set(matchIds) : existingMatchIds(db, matchIds),
      db.odds.findMany({
        where: { matchId: { in: [...matchIds] }, market: 'had' },
        include: { bookmaker: true },
      }),
    ]);
    const byMatch = groupByMatch(rows);
    const result = new Map<number, KellyIndex>();
    for (const matchId of known) {
      const own = byMatch.get(matchId) ?? [];
      result.set(
        matchId,
        computeKellyIndex(
          matchId,
          own.map((r) => ({
            bookmaker: r.bookmaker,
            opening: { home: r.openHome, draw: r.openDraw, away: r.openAway },
            closing: { home: r.closeHome, draw: r.closeDraw, away: r.closeAway },
          })),
        ),
      );
    }
    return result;
  }

  /** A known match without `had` odds has an empty index; an unknown match is a 404. */
  async function getForMatch(matchId: number): Promise<KellyIndex> {
    const index = await getKellyIndex(db, matchId);
    if (index.bookmakers.length === 0) {
      await requireMatch(db, matchId);
    }
    return index;
  }

  return { getForMatch, getForMatches };
}

export type KellyService = ReturnType<typeof createKellyService>;
