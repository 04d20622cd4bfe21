/** Reading prices and lines out of API-Football's odds values. */

/** A decimal price the import format takes (above 1, at most 1000), from "1.95". */
export function priceOf(text: string): number | undefined {
  const n = Number(text);
  return Number.isFinite(n) && n > 1 && n <= 1000 ? n : undefined;
}

/** A handicap or goal line in quarter steps between -20 and 30, from "-0.25". */
export function lineOf(text: string): number | undefined {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n * 4) && n >= -20 && n <= 30 ? n : undefined;
}

/** One line of a two-way market: `first` is the home (or over) price, `second` the other. */
interface LinePair {
  line: number;
  first: number;
  second: number;
  main?: boolean;
}

/**
 * The line to keep when a bookmaker lists several: the one the provider marks as main, else the
 * most balanced one (the two prices closest), the first listed on a tie. touchline keeps one
 * line per match, bookmaker and market, and its movements follow that line.
 */
export function mainLine(pairs: readonly LinePair[]): LinePair | undefined {
  const marked = pairs.filter((p) => p.main);
  const candidates = marked.length > 0 ? marked : pairs;
  let best: LinePair | undefined;
  for (const pair of candidates) {
    if (!best || Math.abs(pair.first - pair.second) < Math.abs(best.first - best.second)) {
      best = pair;
    }
  }
  return best;
}

/** One side of one line, as read from a value: `Home` at -0.25 for 1.95. */
export interface SidedPrice {
  side: string;
  line: number;
  price: number;
  main?: boolean;
}

/**
 * The lines of a two-way market: each line of the first side (home, over) with the second side
 * of its partner line (the opposite handicap; the same goal line).
 */
export function twoWayLines(
  prices: readonly SidedPrice[],
  [firstSide, secondSide]: readonly [string, string],
  partner: (line: number) => number,
): LinePair[] {
  const seconds = new Map<number, SidedPrice>();
  for (const p of prices) {
    const held = seconds.get(p.line);
    /* The same line can be listed twice in play; the one marked main is the one to consider. */
    if (p.side === secondSide && (!held || (p.main && !held.main))) {
      seconds.set(p.line, p);
    }
  }
  const pairs: LinePair[] = [];
  for (const first of prices) {
    const second = first.side === firstSide ? seconds.get(partner(first.line)) : undefined;
    if (second) {
      pairs.push({
        line: first.line,
        first: first.price,
        second: second.price,
        main: Boolean(first.main),
      });
    }
  }
  return pairs;
}
