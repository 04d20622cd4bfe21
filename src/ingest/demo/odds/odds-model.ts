import type { OddsMarket } from '../../../football/vocabulary.js';
import { balancedLine, type Distributions, goalLine, handicap } from '../poisson.js';

export interface Quote {
  line?: number;
  home?: number;
  draw?: number;
  away?: number;
  over?: number;
  under?: number;
}

const P_MAX = 0.88;
const P_MIN = 0.005;

/** Keeps every price within a sane range (no 1.00 favourites) without changing the total. */
function clampProbabilities(ps: number[]): number[] {
  const out = [...ps];
  const top = out.indexOf(Math.max(...out));
  const excess = (out[top] ?? 0) - P_MAX;
  if (excess > 0) {
    out[top] = P_MAX;
    const rest = 1 - P_MAX - excess;
    out.forEach((p, i) => {
      if (i !== top) {
        out[i] = p + (excess * p) / Math.max(rest, 1e-9);
      }
    });
  }
  for (let i = 0; i < out.length; i++) {
    const lack = P_MIN - (out[i] ?? 0);
    if (lack > 0) {
      out[i] = P_MIN;
      out[top] = (out[top] ?? 0) - lack;
    }
  }
  return out;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Decimal prices whose implied probabilities sum to 1 + margin. */
export function priced(ps: number[], margin: number): number[] {
  return clampProbabilities(ps).map((p) => round2(1 / (p * (1 + margin))));
}

function mean(dist: readonly number[], offset: number): number {
  let m = 0;
  dist.forEach((p, i) => {
    m += p * (i - offset);
  });
  return m;
}

export function hdpLine(d: Distributions): number {
  d.lines ??= {};
  d.lines.hdp ??= balancedLine(-mean(d.diff, d.diffOffset), -4, 4, (l) => handicap(d, l));
  return d.lines.hdp;
}

export function hiloLine(d: Distributions): number {
  d.lines ??= {};
  d.lines.hilo ??= balancedLine(mean(d.total, d.totalOffset), 0.5, 12, (l) => goalLine(d, l));
  return d.lines.hilo;
}

/** One bookmaker's prices for a market; `lineShift` moves off the balanced line (a bookmaker's own view). */
export function quote(market: OddsMarket, d: Distributions, margin: number, lineShift = 0): Quote {
  if (market === 'had') {
    const p = priced([d.home, d.draw, d.away], margin);
    return { home: p[0] ?? 0, draw: p[1] ?? 0, away: p[2] ?? 0 };
  }
  if (market === 'hdp') {
    const line = hdpLine(d) + lineShift;
    const p = priced(handicap(d, line), margin);
    return { line, home: p[0] ?? 0, away: p[1] ?? 0 };
  }
  const line = Math.max(0.5, hiloLine(d) + lineShift);
  const p = priced(goalLine(d, line), margin);
  return { line, over: p[0] ?? 0, under: p[1] ?? 0 };
}

export function sameQuote(a: Quote, b: Quote): boolean {
  return (
    a.line === b.line &&
    a.home === b.home &&
    a.draw === b.draw &&
    a.away === b.away &&
    a.over === b.over &&
    a.under === b.under
  );
}
