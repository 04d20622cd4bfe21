import type { Static } from 'typebox';
import type { MovementChange, OddsMovement as MovementView } from '../../football/odds/movement.js';
import type { OddsMarket } from '../../football/odds/odds-prices.js';
import type { RegionalBoardView, RegionalPoolView } from '../../football/odds/regional.js';
import type {
  HadPrices,
  HdpPrices,
  HiloPrices,
  MovementChange as MovementChangeWire,
  OddsMovement,
  RegionalBoard,
  RegionalPool,
} from '../schemas/odds.js';
import { optional } from './common.js';

type Prices = Static<typeof HadPrices> & Static<typeof HdpPrices> & Static<typeof HiloPrices>;

/** Only the market's prices (had: 1X2; hdp: line + home/away; hilo: line + over/under). */
function pick(market: OddsMarket, q: MovementChange): Prices {
  if (market === 'had') {
    return {
      ...optional('home', q.home),
      ...optional('draw', q.draw),
      ...optional('away', q.away),
    };
  }
  const line = optional('line', q.line);
  return market === 'hdp'
    ? { ...line, ...optional('home', q.home), ...optional('away', q.away) }
    : { ...line, ...optional('over', q.over), ...optional('under', q.under) };
}

function presentChange(market: OddsMarket, c: MovementChange): Static<typeof MovementChangeWire> {
  return {
    changedAt: c.changedAt.toISOString(),
    ...pick(market, c),
    ...optional('liveScore', c.liveScore),
    ...optional('liveMinute', c.liveMinute),
  };
}

export function presentMovement(movement: MovementView): Static<typeof OddsMovement> {
  return {
    matchId: movement.matchId,
    market: movement.market,
    bookmaker: movement.bookmaker,
    changes: movement.changes.map((c) => presentChange(movement.market, c)),
  };
}

function presentPool(p: RegionalPoolView): Static<typeof RegionalPool> {
  return {
    pool: p.pool,
    ...optional('line', p.line),
    ...optional('home', p.home),
    ...optional('draw', p.draw),
    ...optional('away', p.away),
    ...optional('over', p.over),
    ...optional('under', p.under),
    sellingStatus: p.sellingStatus,
  };
}

/** `null` is the board without odds yet (spec 4.3: `data` may be null). */
export function presentRegionalBoard(
  board: RegionalBoardView | null,
): Static<typeof RegionalBoard> | null {
  return board
    ? {
        matchId: board.matchId,
        operator: board.operator,
        ...optional('reference', board.reference),
        updatedAt: board.updatedAt.toISOString(),
        pools: board.pools.map(presentPool),
      }
    : null;
}
