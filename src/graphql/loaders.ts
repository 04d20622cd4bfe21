import DataLoader from 'dataloader';
import type { AnalysisMarket } from '../analysis/market-types.js';
import type { Services } from '../deps.js';
import type { Language } from '../i18n/language.js';
import type { ReportKind } from '../services/ai-report.js';
import type { MatchRecord } from '../services/match-record.js';
import type { BookmakerRef } from '../services/movement.js';
import type { OddsMarket } from '../services/odds-prices.js';

type BatchRead<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

/** A DataLoader over a batch reader that answers with a map; absent keys load `fallback`. */
function loaderOf<K, V, F = V>(read: BatchRead<K, V>, fallback: F): DataLoader<K, V | F> {
  return new DataLoader(async (keys) => {
    const found = await read(keys);
    return keys.map((k) => (found.has(k) ? (found.get(k) as V) : fallback));
  });
}

/** Loaders keyed by arguments (movement per market and bookmaker, reports per language). */
function family<A, L>(create: (argument: A) => L, keyOf: (argument: A) => string) {
  const loaders = new Map<string, L>();
  return (argument: A): L => {
    const key = keyOf(argument);
    const existing = loaders.get(key);
    if (existing) {
      return existing;
    }
    const loader = create(argument);
    loaders.set(key, loader);
    return loader;
  };
}

/**
 * Per-request DataLoaders: every child of `Match` resolves through one, so a page of matches costs
 * one statement per relation, whatever its size. Children are only asked for matches that exist
 * (the parent is a loaded record), so no loader re-checks existence.
 */
export function createLoaders(services: Services) {
  const known = { matchesKnown: true };
  const byRecordId = (m: MatchRecord) => m.id;
  return {
    match: loaderOf((ids: readonly number[]) => services.matches.getByIds(ids), null),
    events: loaderOf((ids: readonly number[]) => services.matchEvents.eventsForMatches(ids), []),
    statistics: loaderOf(
      (ids: readonly number[]) => services.matchEvents.statisticsForMatches(ids),
      [],
    ),
    lineups: loaderOf((ids: readonly number[]) => services.lineups.lineupsForMatches(ids), null),
    h2h: new DataLoader(
      async (targets: readonly MatchRecord[]) => {
        const found = await services.headToHead.h2hForRecords(
          new Map(targets.map((t) => [t.id, t])),
        );
        return targets.map((t) => found.get(t.id) ?? null);
      },
      { cacheKeyFn: byRecordId },
    ),
    odds: loaderOf((ids: readonly number[]) => services.odds.getForMatches(ids), []),
    exchange: loaderOf(
      (ids: readonly number[]) => services.exchangeOdds.getTextsForMatches(ids),
      null,
    ),
    kelly: loaderOf(
      (ids: readonly number[]) => services.kellyIndex.getForMatches(ids, known),
      null,
    ),
    regional: loaderOf(
      (ids: readonly number[]) => services.regionalBoards.getForMatches(ids),
      null,
    ),
    tips: loaderOf(
      (ids: readonly number[]) => services.tipsDistribution.getForMatches(ids, known),
      [],
    ),
    movement: family(
      ({ market, bookmaker }: { market: OddsMarket; bookmaker: BookmakerRef }) =>
        loaderOf(async (ids: readonly number[]) => {
          const found = await services.oddsMovements.findBookmaker(bookmaker);
          return found
            ? services.oddsMovements.getForMatches(ids, market, found)
            : new Map<number, never>();
        }, null),
      (a) => JSON.stringify(a),
    ),
    aiReport: family(
      ({ kind, language }: { kind: ReportKind; language: Language }) =>
        loaderOf(
          (ids: readonly number[]) => services.aiReports.getForMatches(ids, kind, language),
          null,
        ),
      (a) => `${a.kind}|${a.language}`,
    ),
    marketAnalysis: family(
      (market: AnalysisMarket) =>
        loaderOf(
          (ids: readonly number[]) => services.analyses.getMarketTextsForMatches(ids, market),
          null,
        ),
      (market) => market,
    ),
    corners: loaderOf(
      (ids: readonly number[]) => services.analyses.getCornerTextsForMatches(ids),
      null,
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
