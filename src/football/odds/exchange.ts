import type { PrismaClient } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';

/**
 * The stored upstream text, checked to parse (DECISIONS.md "Odds"): it is served byte for byte,
 * so text that is not JSON is the upstream's fault, 502 `upstream_malformed` (spec 7).
 */
export function checkExchangePayload(matchId: number, payload: string): string {
  try {
    JSON.parse(payload);
  } catch {
    throw new ApiError(
      'upstream_malformed',
      `The exchange odds stored for match ${matchId} are not valid JSON`,
    );
  }
  return payload;
}

export function createExchangeService({ db }: { db: PrismaClient }) {
  /** Batched (DataLoader): the stored texts, unchecked; absent = no exchange odds. */
  async function getTextsForMatches(matchIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await db.exchangeOdds.findMany({
      where: { matchId: { in: [...matchIds] } },
      select: { matchId: true, payload: true },
    });
    return new Map(rows.map((r) => [r.matchId, r.payload]));
  }

  /** The stored JSON text of one match: 404 without a row, 502 when it does not parse. */
  async function getForMatch(matchId: number): Promise<string> {
    const payload = (await getTextsForMatches([matchId])).get(matchId);
    if (payload === undefined) {
      throw new ApiError('not_found', `No exchange odds for match ${matchId}`);
    }
    return checkExchangePayload(matchId, payload);
  }

  return { getForMatch, getTextsForMatches };
}

export type ExchangeService = ReturnType<typeof createExchangeService>;
