import type { OddsMarket } from '../../../../football/vocabulary.js';
import type { BookmakerFact, PriceFact } from '../../facts.js';
import { isoUtc } from './map-fixture.js';
import { lineOf, mainLine, priceOf, type SidedPrice, twoWayLines } from './odds-lines.js';
import type { InPlayValue, ProviderInPlayOdds } from './schemas-odds.js';

type Prices = Omit<PriceFact, 'match' | 'bookmaker' | 'observedAt'>;

/**
 * `/odds/live` names no bookmaker: its prices are API-Football's own in-play feed, kept under
 * this one bookmaker.
 */
export const IN_PLAY_BOOKMAKER: BookmakerFact = {
  sourceId: 'in-play',
  name: 'API-Football in-play',
  nameEn: 'API-Football in-play',
  isAggregate: false,
};

/**
 * In-play bet names (`/odds/live/bets`; their ids differ from the pre-match ones) to touchline's
 * markets, in order of preference: the Asian total line before the plain goals market.
 */
const IN_PLAY_BETS: ReadonlyMap<OddsMarket, readonly string[]> = new Map([
  ['had', ['Fulltime Result']],
  ['hdp', ['Asian Handicap']],
  ['hilo', ['Over/Under Line', 'Match Goals']],
]);

type Bet = ProviderInPlayOdds['odds'][number];

function fulltimeResult(values: readonly InPlayValue[]): Prices | undefined {
  const price = (label: string) => {
    const v = values.find((x) => x.value === label);
    return v ? priceOf(v.odd) : undefined;
  };
  const [home, draw, away] = [price('Home'), price('Draw'), price('Away')];
  return home && draw && away ? { market: 'had', home, draw, away } : undefined;
}

/** `{"value": "Home", "handicap": "-0.25", "main": true}`: the side and its line. */
function sidedPrices(values: readonly InPlayValue[]): SidedPrice[] {
  const out: SidedPrice[] = [];
  for (const v of values) {
    const line = v.handicap == null ? undefined : lineOf(v.handicap);
    const price = priceOf(v.odd);
    if (line !== undefined && price !== undefined) {
      out.push({ side: v.value, line, price, main: v.main === true });
    }
  }
  return out;
}

function asianHandicap(values: readonly InPlayValue[]): Prices | undefined {
  const pair = mainLine(twoWayLines(sidedPrices(values), ['Home', 'Away'], (l) => -l));
  return pair ? { market: 'hdp', line: pair.line, home: pair.first, away: pair.second } : undefined;
}

function goalLine(values: readonly InPlayValue[]): Prices | undefined {
  const pair = mainLine(twoWayLines(sidedPrices(values), ['Over', 'Under'], (l) => l));
  return pair
    ? { market: 'hilo', line: pair.line, over: pair.first, under: pair.second }
    : undefined;
}

const READERS = { had: fulltimeResult, hdp: asianHandicap, hilo: goalLine } as const;

function marketPrices(market: OddsMarket, bets: readonly Bet[]): Prices | undefined {
  for (const name of IN_PLAY_BETS.get(market) ?? []) {
    const bet = bets.find((b) => b.name === name);
    /* A suspended value cannot be backed: it is no price. */
    const read = bet ? READERS[market](bet.values.filter((v) => !v.suspended)) : undefined;
    if (read) {
      return read;
    }
  }
  return undefined;
}

/**
 * One fixture's in-play prices at the answer's `update`, with the score and clock they were
 * shown at. None while the provider says bets are blocked, play is stopped, or the fixture has
 * not started or is over (`status`).
 */
export function mapInPlayOdds(item: ProviderInPlayOdds): PriceFact[] {
  if (item.status.blocked || item.status.stopped || item.status.finished) {
    return [];
  }
  const { home, away } = item.teams;
  const clock = item.fixture.status;
  const context = {
    match: String(item.fixture.id),
    bookmaker: IN_PLAY_BOOKMAKER.sourceId,
    observedAt: isoUtc(item.update),
    liveScore: home.goals !== null && away.goals !== null ? `${home.goals}-${away.goals}` : null,
    liveMinute:
      clock.long.toLowerCase() === 'halftime'
        ? 'HT'
        : clock.elapsed !== null
          ? String(clock.elapsed)
          : null,
  };
  const prices: PriceFact[] = [];
  for (const market of IN_PLAY_BETS.keys()) {
    const read = marketPrices(market, item.odds);
    if (read) {
      prices.push({ ...context, ...read });
    }
  }
  return prices;
}
