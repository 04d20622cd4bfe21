import type { CornerAnalysisPayload } from '../../analysis/corner-types.js';
import type { AnalysisMarket, MarketAnalysisOf } from '../../analysis/market-types.js';
import type { PrismaClient } from '../../db/generated/client.js';

/**
 * Readers of the stored analyses (docs/analysis.md). The `...Text` readers return the JSON text
 * exactly as stored, for a door that splices it into its envelope without parsing; the others
 * parse it. null / absent from the map: `touchline analyze` stored nothing for that match (no
 * real bookmaker's odds for the market, or not analysed yet).
 */

/** The stored hdp or hilo document of one match, as JSON text. */
export async function getMarketAnalysisText(
  db: PrismaClient,
  matchId: number,
  market: AnalysisMarket,
): Promise<string | null> {
  const row = await db.marketAnalysis.findUnique({
    where: { matchId_market: { matchId, market } },
    select: { payload: true },
  });
  return row?.payload ?? null;
}

export async function getMarketAnalysis<M extends AnalysisMarket>(
  db: PrismaClient,
  matchId: number,
  market: M,
): Promise<MarketAnalysisOf<M> | null> {
  const text = await getMarketAnalysisText(db, matchId, market);
  return text === null ? null : (JSON.parse(text) as MarketAnalysisOf<M>);
}

/** Batched (DataLoader) variant: JSON texts by match id; one query whatever the number of ids. */
export async function getMarketAnalysisTextsForMatches(
  db: PrismaClient,
  matchIds: readonly number[],
  market: AnalysisMarket,
): Promise<Map<number, string>> {
  const rows = await db.marketAnalysis.findMany({
    where: { matchId: { in: [...matchIds] }, market },
    select: { matchId: true, payload: true },
  });
  return new Map(rows.map((r) => [r.matchId, r.payload]));
}

export async function getMarketAnalysesForMatches<M extends AnalysisMarket>(
  db: PrismaClient,
  matchIds: readonly number[],
  market: M,
): Promise<Map<number, MarketAnalysisOf<M>>> {
  return parseAll<MarketAnalysisOf<M>>(
    await getMarketAnalysisTextsForMatches(db, matchIds, market),
  );
}

/** The stored corner analysis of one match, as JSON text. */
export async function getCornerAnalysisText(
  db: PrismaClient,
  matchId: number,
): Promise<string | null> {
  const row = await db.cornerAnalysis.findUnique({ where: { matchId }, select: { payload: true } });
  return row?.payload ?? null;
}

export async function getCornerAnalysis(
  db: PrismaClient,
  matchId: number,
): Promise<CornerAnalysisPayload | null> {
  const text = await getCornerAnalysisText(db, matchId);
  return text === null ? null : (JSON.parse(text) as CornerAnalysisPayload);
}

export async function getCornerAnalysisTextsForMatches(
  db: PrismaClient,
  matchIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await db.cornerAnalysis.findMany({
    where: { matchId: { in: [...matchIds] } },
    select: { matchId: true, payload: true },
  });
  return new Map(rows.map((r) => [r.matchId, r.payload]));
}

export async function getCornerAnalysesForMatches(
  db: PrismaClient,
  matchIds: readonly number[],
): Promise<Map<number, CornerAnalysisPayload>> {
  return parseAll<CornerAnalysisPayload>(await getCornerAnalysisTextsForMatches(db, matchIds));
}

function parseAll<T>(texts: Map<number, string>): Map<number, T> {
  return new Map([...texts].map(([id, text]) => [id, JSON.parse(text) as T]));
}
