import type { PrismaClient } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';

export interface RegionalPoolView {
  pool: string;
  line: number | null;
  home: number | null;
  draw: number | null;
  away: number | null;
  over: number | null;
  under: number | null;
  sellingStatus: string;
}

export interface RegionalBoardView {
  matchId: number;
  operator: string;
  reference: string | null;
  updatedAt: Date;
  pools: RegionalPoolView[];
}

/** The operator's own display order; unknown pool codes follow alphabetically. */
const POOL_ORDER = ['HAD', 'HHAD', 'HDC', 'HIL', 'CHL'];

export function sortPools<T extends { pool: string }>(pools: readonly T[]): T[] {
  const rank = (p: string) => {
    const i = POOL_ORDER.indexOf(p);
    return i === -1 ? POOL_ORDER.length : i;
  };
  return [...pools].sort((a, b) => rank(a.pool) - rank(b.pool) || a.pool.localeCompare(b.pool));
}

export function createRegionalService({ db }: { db: PrismaClient }) {
  /**
   * Batched (DataLoader). Absent: no board. null: a board without odds yet. Spec 4.3 says
   * `data` may be null; DECISIONS.md "Odds" gives that meaning to a board row without pools.
   */
  async function getForMatches(
    matchIds: readonly number[],
  ): Promise<Map<number, RegionalBoardView | null>> {
    // One statement: the board and its pools through the match (relation joins).
    const rows = await db.match.findMany({
      where: { id: { in: [...matchIds] }, regionalBoard: { isNot: null } },
      select: {
        regionalBoard: true,
        regionalPools: { omit: { matchId: true } },
      },
    });
    const result = new Map<number, RegionalBoardView | null>();
    for (const { regionalBoard: board, regionalPools: pools } of rows) {
      if (board) {
        result.set(board.matchId, pools.length ? { ...board, pools: sortPools(pools) } : null);
      }
    }
    return result;
  }

  /** Spec 4.5 rule 2: an unavailable board (or an unknown match) is a 404. */
  async function getForMatch(matchId: number): Promise<RegionalBoardView | null> {
    const found = (await getForMatches([matchId])).get(matchId);
    if (found === undefined) {
      throw new ApiError('not_found', `No regional board for match ${matchId}`);
    }
    return found;
  }

  return { getForMatch, getForMatches };
}

export type RegionalService = ReturnType<typeof createRegionalService>;
