import type { AnalysisMarket } from '../../analysis/market-types.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { notFound } from '../odds/odds-match.js';
import {
  getCornerAnalysisText,
  getCornerAnalysisTextsForMatches,
  getMarketAnalysisText,
  getMarketAnalysisTextsForMatches,
} from './stored-analysis.js';

const LABEL: Record<AnalysisMarket, string> = { hdp: 'handicap', hilo: 'over-under' };

/**
 * The stored handicap, over-under and corner analyses (DECISIONS.md "Analysis": computed by
 * `touchline analyze`, served as computed). Returned as the stored JSON text so a door can
 * splice it into its envelope without parsing it.
 */
export function createAnalysisDocumentsService({ db }: { db: PrismaClient }) {
  /** Not computed yet (or no real bookmaker prices the market): 404. */
  async function getMarketText(matchId: number, market: AnalysisMarket): Promise<string> {
    const text = await getMarketAnalysisText(db, matchId, market);
    return text ?? notFound(db, matchId, `No ${LABEL[market]} analysis for match ${matchId} yet`);
  }

  async function getCornerText(matchId: number): Promise<string> {
    const text = await getCornerAnalysisText(db, matchId);
    return text ?? notFound(db, matchId, `No corner analysis for match ${matchId} yet`);
  }

  return {
    getMarketText,
    getCornerText,
    /** Batched (DataLoader): absent = not computed. */
    getMarketTextsForMatches: (matchIds: readonly number[], market: AnalysisMarket) =>
      getMarketAnalysisTextsForMatches(db, matchIds, market),
    getCornerTextsForMatches: (matchIds: readonly number[]) =>
      getCornerAnalysisTextsForMatches(db, matchIds),
  };
}

export type AnalysisDocumentsService = ReturnType<typeof createAnalysisDocumentsService>;
