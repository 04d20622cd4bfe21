import type { SqlRead } from '../../db/database.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { ODDS_MARKETS, type OddsMarket } from '../vocabulary.js';
import type { BookmakerView } from './bookmakers.js';
import { requireMatch } from './odds-match.js';
import { type BookmakerOddsWire, readOddsWire } from './odds-wire.js';

export { ODDS_MARKETS, type OddsMarket };

/** One price set as stored; which prices apply depends on the market (null = not offered). */
export interface PriceSet {
  line: number | null;
  home: number | null;
  draw: number | null;
  away: number | null;
  over: number | null;
  under: number | null;
  at: Date | null;
}

export interface MarketPrices {
  opening: PriceSet;
  closing: PriceSet;
}

/** Spec 2.11: opening and closing prices of one bookmaker, per market it prices. */
export interface BookmakerOdds {
  bookmaker: BookmakerView;
  markets: Partial<Record<OddsMarket, MarketPrices>>;
}

type OddsRow = Awaited<ReturnType<typeof loadRows>>[number];

function loadRows(db: PrismaClient, matchIds: readonly number[]) {
  return db.odds.findMany({
    where: { matchId: { in: [...matchIds] } },
    include: { bookmaker: { select: { id: true, name: true, nameEn: true, isAggregate: true } } },
    orderBy: [{ matchId: 'asc' }, { bookmakerId: 'asc' }],
  });
}

function pricesOf(row: OddsRow): MarketPrices {
  return {
    opening: {
      line: row.openLine,
      home: row.openHome,
      draw: row.openDraw,
      away: row.openAway,
      over: row.openOver,
      under: row.openUnder,
      at: row.openedAt,
    },
    closing: {
      line: row.closeLine,
      home: row.closeHome,
      draw: row.closeDraw,
      away: row.closeAway,
      over: row.closeOver,
      under: row.closeUnder,
      at: row.closedAt,
    },
  };
}

/** Rows ordered by match then bookmaker -> per match, one entry per bookmaker (by id). */
function groupOddsByMatch(rows: readonly OddsRow[]): Map<number, BookmakerOdds[]> {
  const byMatch = new Map<number, BookmakerOdds[]>();
  for (const row of rows) {
    const list = byMatch.get(row.matchId) ?? [];
    let entry = list.at(-1);
    if (entry?.bookmaker.id !== row.bookmakerId) {
      entry = { bookmaker: row.bookmaker, markets: {} };
      list.push(entry);
    }
    entry.markets[row.market] = pricesOf(row);
    byMatch.set(row.matchId, list);
  }
  return byMatch;
}

export function createOddsService({ db, read }: { db: PrismaClient; read: SqlRead }) {
  /** Batched (DataLoader): matches without odds are absent from the map. */
  async function getForMatches(matchIds: readonly number[]) {
    return groupOddsByMatch(await loadRows(db, matchIds));
  }

  /** A known match without odds is an empty collection (spec 4.5 rule 1); an unknown one 404. */
  async function getForMatch(matchId: number): Promise<BookmakerOdds[]> {
    const found = (await getForMatches([matchId])).get(matchId);
    if (found) {
      return found;
    }
    await requireMatch(db, matchId);
    return [];
  }

  /** Batched (DataLoader): each match's odds in the REST shape (odds-wire.ts); absent: none. */
  const getWireForMatches = (matchIds: readonly number[]) => readOddsWire(read, matchIds);

  /** `getForMatch` in the REST shape: `[]` for a known match without odds, else 404. */
  async function getWireForMatch(matchId: number): Promise<BookmakerOddsWire[]> {
    const found = (await getWireForMatches([matchId])).get(matchId);
    if (found) {
      return found;
    }
    await requireMatch(db, matchId);
    return [];
  }

  return { getForMatch, getForMatches, getWireForMatch, getWireForMatches };
}

export type OddsService = ReturnType<typeof createOddsService>;
