import {
  computeKellyIndex,
  type KellyIndex,
  type KellyOddsInput,
} from '../analysis/kelly-index.js';
import type { PrismaClient } from '../db/generated/client.js';
import { existingMatchIds, groupByMatch, requireMatch } from './odds-match.js';

const HAD_WITH_BOOKMAKER = { market: 'had', include: { bookmaker: true } } as const;

type Price = number | null;

interface HadRow {
  bookmaker: KellyOddsInput['bookmaker'];
  openHome: Price;
  openDraw: Price;
  openAway: Price;
  closeHome: Price;
  closeDraw: Price;
  closeAway: Price;
}

function kellyInput(row: HadRow): KellyOddsInput {
  return {
    bookmaker: row.bookmaker,
    opening: { home: row.openHome, draw: row.openDraw, away: row.openAway },
    closing: { home: row.closeHome, draw: row.closeDraw, away: row.closeAway },
  };
}

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
        where: { matchId: { in: [...matchIds] }, market: HAD_WITH_BOOKMAKER.market },
        include: HAD_WITH_BOOKMAKER.include,
      }),
    ]);
    const byMatch = groupByMatch(rows);
    const result = new Map<number, KellyIndex>();
    for (const matchId of known) {
      result.set(matchId, computeKellyIndex(matchId, (byMatch.get(matchId) ?? []).map(kellyInput)));
    }
    return result;
  }

  /** A known match without `had` odds has an empty index; an unknown match is a 404. */
  async function getForMatch(matchId: number): Promise<KellyIndex> {
    const rows = await db.odds.findMany({
      where: { matchId, market: HAD_WITH_BOOKMAKER.market },
      include: HAD_WITH_BOOKMAKER.include,
    });
    const index = computeKellyIndex(matchId, rows.map(kellyInput));
    if (index.bookmakers.length === 0) {
      await requireMatch(db, matchId);
    }
    return index;
  }

  return { getForMatch, getForMatches };
}

export type KellyService = ReturnType<typeof createKellyService>;
