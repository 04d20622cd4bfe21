import type { PrismaClient } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';
import type { BookmakerView } from './bookmakers.js';
import { notFound } from './odds-match.js';
import type { OddsMarket } from './odds-prices.js';

/** DECISIONS.md "Odds": an all-digit path value is a bookmaker id, anything else its raw name. */
export type BookmakerRef = { id: number } | { name: string };

export function parseBookmakerRef(value: string): BookmakerRef {
  return /^[0-9]+$/.test(value) ? { id: Number(value) } : { name: value };
}

const INT32_MAX = 2_147_483_647;

/** One recorded change; in-play changes carry the live score and minute. */
export interface MovementChange {
  changedAt: Date;
  line: number | null;
  home: number | null;
  draw: number | null;
  away: number | null;
  over: number | null;
  under: number | null;
  liveScore: string | null;
  liveMinute: string | null;
}

/** Spec 2.11: the full movement of one market at one bookmaker, every change in order. */
export interface OddsMovement {
  matchId: number;
  market: OddsMarket;
  bookmaker: BookmakerView;
  changes: MovementChange[];
}

const BOOKMAKER_SELECT = { id: true, name: true, nameEn: true, isAggregate: true } as const;

export function createMovementService({ db }: { db: PrismaClient }) {
  async function findBookmaker(ref: BookmakerRef): Promise<BookmakerView | null> {
    if ('id' in ref) {
      // An all-digit value beyond int32 names no bookmaker (and must not reach the database).
      return ref.id > INT32_MAX
        ? null
        : db.bookmaker.findUnique({ where: { id: ref.id }, select: BOOKMAKER_SELECT });
    }
    return db.bookmaker.findUnique({ where: { name: ref.name }, select: BOOKMAKER_SELECT });
  }

  /** Batched (DataLoader): matches without movement for that market and bookmaker are absent. */
  async function getForMatches(
    matchIds: readonly number[],
    market: OddsMarket,
    bookmaker: BookmakerView,
  ): Promise<Map<number, OddsMovement>> {
    const rows = await db.oddsMovement.findMany({
      where: { matchId: { in: [...matchIds] }, market, bookmakerId: bookmaker.id },
      orderBy: [{ matchId: 'asc' }, { seq: 'asc' }],
      omit: { market: true, bookmakerId: true, seq: true },
    });
    const byMatch = new Map<number, OddsMovement>();
    for (const { matchId, ...change } of rows) {
      const movement = byMatch.get(matchId) ?? { matchId, market, bookmaker, changes: [] };
      movement.changes.push(change);
      byMatch.set(matchId, movement);
    }
    return byMatch;
  }

  /** Unknown bookmaker, unknown match or no movement: 404 (DECISIONS.md "Odds"). */
  async function getForMatch(
    matchId: number,
    market: OddsMarket,
    ref: BookmakerRef,
  ): Promise<OddsMovement> {
    const bookmaker = await findBookmaker(ref);
    if (!bookmaker) {
      const which = 'id' in ref ? `id ${ref.id}` : `name '${ref.name}'`;
      throw new ApiError('not_found', `No bookmaker with ${which}`);
    }
    const found = (await getForMatches([matchId], market, bookmaker)).get(matchId);
    return (
      found ??
      notFound(
        db,
        matchId,
        `No ${market} movement at bookmaker ${bookmaker.id} for match ${matchId}`,
      )
    );
  }

  return { findBookmaker, getForMatch, getForMatches };
}

export type MovementService = ReturnType<typeof createMovementService>;
