import type { OddsMarket } from '../../../football/vocabulary.js';
import type { Movement } from '../../format-odds.js';
import { iso } from '../clock.js';
import type { Distributions } from '../poisson.js';
import { type BookView, dist, type OddsContext, seconds, type Timeline } from './book-view.js';
import { type InPlayPoint, inPlayPoints } from './in-play.js';
import { type Quote, quote, sameQuote } from './odds-model.js';

interface Row {
  at: number;
  quote: Quote;
  liveScore?: string;
  liveMinute?: string;
}

/** When a tracked bookmaker changed its prices: all its markets move together. */
export interface PathPoint {
  at: number;
  pre?: { d: Distributions; shift: number };
  live?: InPlayPoint;
}

export function pricePath(
  c: OddsContext,
  t: Timeline,
  book: BookView,
  inPlay: boolean,
): PathPoint[] {
  const times = Array.from({ length: c.rng.poisson(1.6) }, () =>
    seconds(c.rng.between(t.opened, t.closed)),
  ).sort((a, b) => a - b);
  const path: PathPoint[] = times.map((at) => {
    const w = (at - t.opened) / (t.closed - t.opened);
    const xg = {
      home: book.openXg.home ** (1 - w) * book.closeXg.home ** w * Math.exp(c.rng.normal(0, 0.02)),
      away: book.openXg.away ** (1 - w) * book.closeXg.away ** w * Math.exp(c.rng.normal(0, 0.02)),
    };
    return { at, pre: { d: dist(xg), shift: w < 0.5 ? book.openShift : book.closeShift } };
  });
  if (c.played && inPlay) {
    for (const live of inPlayPoints(c.m, c.played, book.closeXg, c.now, c.rng)) {
      path.push({ at: live.at, live });
    }
  }
  return path;
}

/** Opening, changes in between, closing; then in-play rows (with score and minute) if tracked in play. */
export function series(
  path: PathPoint[],
  t: Timeline,
  market: OddsMarket,
  book: BookView,
  inPlay: boolean,
): Row[] {
  const rows: Row[] = [{ at: t.opened, quote: book.open[market] }];
  for (const p of path) {
    if (p.pre) {
      rows.push({ at: p.at, quote: quote(market, p.pre.d, book.margin, p.pre.shift) });
    }
  }
  rows.push({ at: t.closed, quote: book.close[market] });
  for (const p of inPlay ? path : []) {
    if (p.live) {
      const d = market === 'hdp' ? p.live.remaining : p.live.final;
      rows.push({
        at: p.at,
        quote: quote(market, d, book.margin),
        liveScore: p.live.score,
        liveMinute: p.live.clock,
      });
    }
  }
  return rows.filter((r, i) => i === 0 || !sameQuote(r.quote, rows[i - 1]?.quote ?? {}));
}

export function movementRecords(
  matchId: number,
  market: OddsMarket,
  bookmakerId: number,
  rows: Row[],
): Movement[] {
  return rows.map((r, seq) => {
    const record: Movement = Object.assign(
      { matchId, market, bookmakerId, seq, changedAt: iso(r.at) },
      r.quote,
    );
    if (r.liveScore && r.liveMinute) {
      record.liveScore = r.liveScore;
      record.liveMinute = r.liveMinute;
    }
    return record;
  });
}
