import type { FreshnessRows } from './freshness-reads.js';

/** What the engine judges: the two match lists, or the exchange route of one match. */
export type FreshnessScope = 'matches' | 'exchange';

/**
 * What the sources' state says about answers, as of one read (DECISIONS.md "Sources":
 * freshness). Nothing in it: every answer stands as stored.
 */
export class Verdicts {
  /** Fixture sources silent past the budget that own a live match (503 on the lists). */
  readonly staleLive: ReadonlySet<string>;
  /** Sources whose newest `matches` answer was refused (502 on the lists). */
  readonly refusedMatches: ReadonlySet<string>;
  /** Sources whose newest `exchange` answer was refused (502 on `/odds/exchange`). */
  readonly refusedExchange: ReadonlySet<string>;

  constructor(rows: FreshnessRows) {
    this.staleLive = new Set(rows.staleLive);
    const refusedOf = (resource: string) =>
      new Set(rows.refused.filter((r) => r.resource === resource).map((r) => r.source));
    this.refusedMatches = refusedOf('matches');
    this.refusedExchange = refusedOf('exchange');
  }

  /** Whether any answer of `scope` (or of either, without one) may have to be an error. */
  touches(scope?: FreshnessScope): boolean {
    const lists = this.staleLive.size > 0 || this.refusedMatches.size > 0;
    const exchange = this.refusedExchange.size > 0;
    if (scope === 'matches') {
      return lists;
    }
    if (scope === 'exchange') {
      return exchange;
    }
    return lists || exchange;
  }
}

/** Before the first read, and whenever no source is stale or refused. */
export const NO_VERDICTS = new Verdicts({ staleLive: [], refused: [] });
