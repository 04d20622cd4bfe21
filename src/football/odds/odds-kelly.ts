import {
  computeKellyIndex,
  type KellyIndex,
  type KellyOddsInput,
} from '../../analysis/kelly-index.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { existingMatchIds, groupByMatch, requireMatch } from './odds-match.js';

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
  /** The stored `had` rows of one match or of several, with their bookmakers. */
  const hadOdds = (matchId: number | { in: number[] }) =>
    db.odds.findMany({ where: { matchId, market: 'had' }, include: { bookmaker: true } });

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
      hadOdds({ in: [...matchIds] }),
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
    const index = computeKellyIndex(matchId, (await hadOdds(matchId)).map(kellyInput));
    if (index.bookmakers.length === 0) {
      await requireMatch(db, matchId);
    }
    return index;
  }

  return { getForMatch, getForMatches };
}

export type KellyService = ReturnType<typeof createKellyService>;
