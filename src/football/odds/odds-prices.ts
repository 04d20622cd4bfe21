import type { SqlRead } from '../../db/database.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { ODDS_MARKETS, type OddsMarket } from '../vocabulary.js';
import { requireMatch } from './odds-match.js';
import { type BookmakerOddsWire, readOddsWire } from './odds-wire.js';

export { ODDS_MARKETS, type OddsMarket };

/**
 * Spec 2.11: each bookmaker's opening and closing prices, per market it prices, in the REST
 * shape (odds-wire.ts): the one builder of the odds payload, for REST, GraphQL and push.
 */
export function createOddsService({ db, read }: { db: PrismaClient; read: SqlRead }) {
  /** Batched (DataLoader): each match's odds; matches without odds are absent from the map. */
  const getWireForMatches = (matchIds: readonly number[]) => readOddsWire(read, matchIds);

  /** A known match without odds is an empty collection (spec 4.5 rule 1); an unknown one 404. */
  async function getWireForMatch(matchId: number): Promise<BookmakerOddsWire[]> {
    const found = (await getWireForMatches([matchId])).get(matchId);
    if (found) {
      return found;
    }
    await requireMatch(db, matchId);
    return [];
  }

  return { getWireForMatch, getWireForMatches };
}

export type OddsService = ReturnType<typeof createOddsService>;
