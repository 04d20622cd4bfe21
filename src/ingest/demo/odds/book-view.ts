import type { OddsMarket } from '../../../football/vocabulary.js';
import type { Movement, Odds } from '../../format-odds.js';
import type { ScheduledMatch } from '../calendar/schedule.js';
import type { BookmakerSpec } from '../data/bookmakers.js';
import type { PlayedMatch } from '../match/play.js';
import { type Distributions, distributions } from '../poisson.js';
import type { Rng } from '../random.js';
import { type Expectation, estimate } from '../strength.js';
import { type Quote, quote } from './odds-model.js';

export interface OddsContext {
  m: ScheduledMatch;
  xg: Expectation;
  played: PlayedMatch | null;
  now: number;
  rng: Rng;
}

export interface OddsOutput {
  odds: Odds[];
  movements: Movement[];
  /** The market's closing view, for the regional board, exchange, reports and tips. */
  consensus: Distributions;
  /** When the first prices were published. */
  opened: number;
}

export interface Timeline {
  opened: number;
  closed: number;
}

export const dist = (x: Expectation) => distributions(x.home, x.away);
export const seconds = (t: number) => Math.floor(t / 1000) * 1000;

export interface BookView {
  spec: BookmakerSpec;
  margin: number;
  openXg: Expectation;
  closeXg: Expectation;
  openShift: number;
  closeShift: number;
  open: Record<OddsMarket, Quote>;
  close: Record<OddsMarket, Quote>;
}

export interface Opinion {
  openXg: Expectation;
  closeXg: Expectation;
  open: Distributions;
  close: Distributions;
}

/** A few schools of thought per match; each bookmaker follows one (cheaper than one model each). */
export function opinions(rng: Rng, open: Expectation, close: Expectation): Opinion[] {
  return [0, 1, 2].map(() => {
    const openXg = estimate(open, rng, 0.03);
    const closeXg = estimate(close, rng, 0.02);
    return { openXg, closeXg, open: dist(openXg), close: dist(closeXg) };
  });
}

export function bookView(c: OddsContext, spec: BookmakerSpec, o: Opinion): BookView {
  const rng = c.rng;
  const margin = Math.max(0.036, Math.min(0.074, spec.margin + rng.normal(0, 0.004)));
  const openShift = rng.chance(0.15) ? rng.pick([-0.25, 0.25]) : 0;
  const closeShift = rng.chance(0.1) ? rng.pick([-0.25, 0.25]) : 0;
  const quotes = (d: Distributions, shift: number): Record<OddsMarket, Quote> => ({
    had: quote('had', d, margin),
    hdp: quote('hdp', d, margin, shift),
    hilo: quote('hilo', d, margin, shift),
  });
  return {
    spec,
    margin,
    openXg: o.openXg,
    closeXg: o.closeXg,
    openShift,
    closeShift,
    open: quotes(o.open, openShift),
    close: quotes(o.close, closeShift),
  };
}
