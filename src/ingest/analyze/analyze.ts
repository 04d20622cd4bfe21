import { buildCornerAnalysis } from '../../analysis/corner-analysis.js';
import type { HistoryStore } from '../../analysis/history-store.js';
import { DEFAULT_SAMPLE_SIZE } from '../../analysis/market-analysis.js';
import { buildMarketAnalysis } from '../../analysis/market-payload.js';
import type { AnalysisMarket } from '../../analysis/market-types.js';
import { cornerHistory, marketHistory } from '../../analysis/team-history.js';
import { appendChanges, type LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { createAnalysisWriter, deleteMarketAnalyses } from './analysis-writer.js';
import { loadHistoryStore } from './history-loader.js';

export interface AnalyzeOptions {
  /** Analyse only these matches (their history still comes from every stored match). */
  matchIds?: number[];
  /** Analyse only the matches kicking off at or after this (`touchline analyze --since`). */
  since?: Date;
  onProgress?: (msg: string) => void;
  /** Latest matches kept per sample selection; default 10. */
  sampleSize?: number;
}

export interface AnalyzeResult {
  matches: number;
  marketAnalyses: number;
  cornerAnalyses: number;
  ms: number;
}

const MARKETS: readonly AnalysisMarket[] = ['hdp', 'hilo'];
const PROGRESS_EVERY = 2_000;

type Writer = ReturnType<typeof createAnalysisWriter>;

/** Per market: analysed matches that got no document (their stored one, if any, is stale). */
type Missing = Record<AnalysisMarket, number[]>;

/** Computes and writes the corner and market analyses of match index `i`; returns market rows. */
async function analyzeMatch(
  store: HistoryStore,
  i: number,
  sampleSize: number,
  writer: Writer,
  missing: Missing,
) {
  const matchId = store.ids[i] as number;
  const before = store.kickoffMs[i] as number;
  const homeTeam = store.homeTeam[i] as number;
  const awayTeam = store.awayTeam[i] as number;
  const corners = buildCornerAnalysis({
    matchId,
    sampleSize,
    home: { teamId: homeTeam, history: cornerHistory(store, homeTeam, before) },
    away: { teamId: awayTeam, history: cornerHistory(store, awayTeam, before) },
  });
  await writer.addCorner(matchId, JSON.stringify(corners));
  let written = 0;
  for (const market of MARKETS) {
    const ids = store.offered[market].get(i) ?? [];
    if (ids.length === 0) {
      missing[market].push(matchId);
      continue;
    }
    const team = (teamId: number) => ({
      teamId,
      history: marketHistory(store, teamId, before, market, ids),
    });
    const payload = buildMarketAnalysis(market, {
      matchId,
      competitionId: store.competition[i] as number,
      bookmakers: ids.map((id) => ({ id, name: store.bookmakerNames.get(id) ?? '' })),
      sampleSize,
      home: team(homeTeam),
      away: team(awayTeam),
    });
    await writer.addMarket(matchId, market, JSON.stringify(payload));
    written += 1;
  }
  return written;
}

function targetIndices(store: HistoryStore, matchIds: readonly number[] | undefined): number[] {
  if (!matchIds) {
    return Array.from({ length: store.size }, (_, i) => i);
  }
  const found = matchIds.map((id) => store.indexById.get(id));
  return [...new Set(found.filter((i) => i !== undefined))].sort((a, b) => a - b);
}

async function matchesSince(db: PrismaClient, since: Date): Promise<number[]> {
  const rows = await db.$queryRawUnsafe<{ id: number }[]>(
    'SELECT id FROM matches WHERE kickoff_utc >= $1::timestamptz',
    since.toISOString(),
  );
  return rows.map((r) => r.id);
}

/**
 * `touchline analyze` (DECISIONS "Analysis"): computes and stores the handicap, over-under and
 * corner analyses of every match (or `matchIds`) from stored history: one document per match
 * and market with every real bookmaker in it. Idempotent: an unchanged document is not
 * rewritten, and the document of a market that no longer has real odds is removed.
 */
export async function analyzeAll(
  db: PrismaClient,
  options: AnalyzeOptions = {},
): Promise<AnalyzeResult> {
  return (await analyzeLogged(db, options)).result;
}

/** `analyzeAll`, also answering the change-log entries of the analyses that changed. */
export async function analyzeLogged(
  db: PrismaClient,
  options: AnalyzeOptions = {},
): Promise<{ result: AnalyzeResult; changes: LoggedChange[] }> {
  const started = performance.now();
  const sampleSize = options.sampleSize ?? DEFAULT_SAMPLE_SIZE;
  if (!Number.isInteger(sampleSize) || sampleSize < 1) {
    throw new Error(`sampleSize must be a positive integer, got ${sampleSize}`);
  }
  const progress = options.onProgress ?? (() => {});
  const store = await loadHistoryStore(db);
  const targets = targetIndices(
    store,
    options.since ? await matchesSince(db, options.since) : options.matchIds,
  );
  progress(`analysis: ${store.size} stored matches loaded, analysing ${targets.length}`);
  const writer = createAnalysisWriter(db, new Date());
  const missing: Missing = { hdp: [], hilo: [] };
  let marketAnalyses = 0;
  for (const [done, i] of targets.entries()) {
    marketAnalyses += await analyzeMatch(store, i, sampleSize, writer, missing);
    if ((done + 1) % PROGRESS_EVERY === 0) {
      progress(`analysis: ${done + 1}/${targets.length} matches`);
    }
  }
  const { written: changed, matches } = await writer.close();
  let deleted = 0;
  for (const market of MARKETS) {
    const removed = await deleteMarketAnalyses(db, market, missing[market]);
    deleted += removed.length;
    for (const id of removed) {
      matches.add(id);
    }
  }
  // Every match whose analysis changed, in the change log (docs/live.md).
  const changes = await db.$transaction((tx) =>
    appendChanges(
      tx,
      [...matches].map((matchId) => ({
        matchId,
        resource: 'analysis' as const,
        kind: 'upsert' as const,
      })),
      new Date(),
    ),
  );
  const ms = Math.round(performance.now() - started);
  progress(
    `analysis: ${targets.length} matches, ${marketAnalyses} market analyses in ${ms} ms ` +
      `(${changed} rows written, ${deleted} stale removed)`,
  );
  return {
    result: { matches: targets.length, marketAnalyses, cornerAnalyses: targets.length, ms },
    changes,
  };
}
