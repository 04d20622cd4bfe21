import type { SqlRead } from '../../db/database.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { createAiReportService } from '../analysis/ai-report.js';
import { createAnalysisDocumentsService } from '../analysis/analysis-documents.js';
import { createTipsService } from '../analysis/analysis-tips.js';
import { createExchangeService } from './exchange.js';
import { createMovementService } from './movement.js';
import { createKellyService } from './odds-kelly.js';
import { createOddsService } from './odds-prices.js';
import { createRegionalService } from './regional.js';

/** Odds and analysis services: the REST and GraphQL doors share them (each has batch variants). */
export function createOddsServices(deps: { db: PrismaClient; read: SqlRead }) {
  return {
    odds: createOddsService(deps),
    oddsMovements: createMovementService(deps),
    exchangeOdds: createExchangeService(deps),
    regionalBoards: createRegionalService(deps),
    kellyIndex: createKellyService(deps),
    tipsDistribution: createTipsService(deps),
    aiReports: createAiReportService(deps),
    analyses: createAnalysisDocumentsService(deps),
  };
}
