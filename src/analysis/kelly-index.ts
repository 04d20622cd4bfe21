import { round2 } from './numbers.js';

/** Home, draw and away values of the `had` market. */
export interface Triple {
  home: number;
  draw: number;
  away: number;
}

interface BookmakerRef {
  id: number;
  name: string;
  nameEn: string;
}

export interface KellyOddsInput {
  bookmaker: BookmakerRef & { isAggregate: boolean };
  opening: PriceInput;
  closing: PriceInput;
}

/** Stored prices; null when not offered. */
type PriceInput = { [K in keyof Triple]: number | null };

export interface KellyPhase {
  prices: Triple;
  /** The bookmaker's own margin-free implied probabilities, percent with 2 decimals. */
  impliedProbability: Triple;
  /** price x average implied probability (fraction), 2 decimals. */
  kelly: Triple;
  /** Overround: (1/home + 1/draw + 1/away - 1) in percent, 2 decimals. */
  margin: number;
}

export interface KellyRow {
  bookmaker: BookmakerRef;
  opening?: KellyPhase;
  closing?: KellyPhase;
}

export interface KellyAverage {
  /** Real bookmakers the average is taken over. */
  bookmakers: number;
  /** Average margin-free implied probability, percent with 2 decimals. */
  probability: Triple;
}

export interface KellyIndex {
  matchId: number;
  average: { opening?: KellyAverage; closing?: KellyAverage };
  bookmakers: KellyRow[];
}

const OUTCOMES = ['home', 'draw', 'away'] as const;

function complete(prices: PriceInput): Triple | undefined {
  const { home, draw, away } = prices;
  const valid = (p: number | null): p is number => p !== null && p > 1;
  return valid(home) && valid(draw) && valid(away) ? { home, draw, away } : undefined;
}

const mapTriple = (f: (o: (typeof OUTCOMES)[number]) => number): Triple => ({
  home: f('home'),
  draw: f('draw'),
  away: f('away'),
});

/** Implied probabilities with the margin taken out (they sum to 1). */
function fairProbabilities(prices: Triple): Triple {
  const book = 1 / prices.home + 1 / prices.draw + 1 / prices.away;
  return mapTriple((o) => 1 / prices[o] / book);
}

function averageOf(books: readonly Triple[]): Triple | undefined {
  if (books.length === 0) {
    return undefined;
  }
  const probabilities = books.map(fairProbabilities);
  return mapTriple((o) => probabilities.reduce((sum, p) => sum + p[o], 0) / books.length);
}

function phase(prices: Triple, average: Triple): KellyPhase {
  const fair = fairProbabilities(prices);
  const book = 1 / prices.home + 1 / prices.draw + 1 / prices.away;
  return {
    prices,
    impliedProbability: mapTriple((o) => round2(fair[o] * 100)),
    kelly: mapTriple((o) => round2(prices[o] * average[o])),
    margin: round2((book - 1) * 100),
  };
}

type Phase = 'opening' | 'closing';

/**
 * DECISIONS "Odds": per real bookmaker and outcome, price x the average implied probability over
 * the real (non-aggregate) bookmakers with complete prices in that phase. Aggregate (Min/Max)
 * rows get no row and do not enter the average.
 */
export function computeKellyIndex(matchId: number, odds: readonly KellyOddsInput[]): KellyIndex {
  const real = odds
    .filter((o) => !o.bookmaker.isAggregate)
    .sort((a, b) => a.bookmaker.id - b.bookmaker.id);
  const result: KellyIndex = { matchId, average: {}, bookmakers: [] };
  const averages: Partial<Record<Phase, Triple>> = {};
  for (const p of ['opening', 'closing'] as const) {
    const books = real.map((o) => complete(o[p])).filter((t) => t !== undefined);
    const average = averageOf(books);
    if (average) {
      averages[p] = average;
      result.average[p] = {
        bookmakers: books.length,
        probability: mapTriple((o) => round2(average[o] * 100)),
      };
    }
  }
  for (const o of real) {
    const { id, name, nameEn } = o.bookmaker;
    const row: KellyRow = { bookmaker: { id, name, nameEn } };
    for (const p of ['opening', 'closing'] as const) {
      const prices = complete(o[p]);
      const average = averages[p];
      if (prices && average) {
        row[p] = phase(prices, average);
      }
    }
    if (row.opening || row.closing) {
      result.bookmakers.push(row);
    }
  }
  return result;
}
