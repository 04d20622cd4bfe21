import type { Static } from 'typebox';
import type { SqlRead } from '../../db/database.js';
import { Prisma } from '../../db/generated/client.js';
import type { BookmakerOdds } from '../../wire/schemas/odds.js';
import type { OddsMarket } from '../vocabulary.js';
import type { BookmakerView } from './bookmakers.js';

export type BookmakerOddsWire = Static<typeof BookmakerOdds>;
type Prices = Record<string, number | string>;

/**
 * The odds of many matches in the REST shape (GET /matches/{id}/odds `data`), from one statement
 * of plain rows read through the driver, without Prisma's row objects or a presenter's spreads:
 * the only builder of this payload (REST, GraphQL, push; test/integration/football/wire-reads
 * holds it to hand-written payloads). Building the JSON in PostgreSQL instead cost it 6-10 ms for
 * a day page (757 rows): `json_build_object` is slow per call, plain rows take 0.3 ms
 * (docs/performance-miss-path.md).
 */
const oddsRows = (ids: readonly number[]) => Prisma.sql`
  SELECT o.match_id AS "matchId", o.bookmaker_id AS "bookmakerId", o.market::text AS market,
         o.open_line, o.open_home, o.open_draw, o.open_away, o.open_over, o.open_under,
         (extract(epoch FROM o.opened_at) * 1000)::float8 AS opened_ms,
         o.close_line, o.close_home, o.close_draw, o.close_away, o.close_over, o.close_under,
         (extract(epoch FROM o.closed_at) * 1000)::float8 AS closed_ms,
         b.name, b.name_en AS "nameEn", b.is_aggregate AS "isAggregate"
    FROM odds o JOIN bookmakers b ON b.id = o.bookmaker_id
   WHERE o.match_id = ANY(${[...ids]}::int[])
   ORDER BY o.match_id, o.bookmaker_id, o.market`;

type Price = number | null;
interface OddsRow {
  matchId: number;
  bookmakerId: number;
  market: OddsMarket;
  open_line: Price;
  open_home: Price;
  open_draw: Price;
  open_away: Price;
  open_over: Price;
  open_under: Price;
  opened_ms: Price;
  close_line: Price;
  close_home: Price;
  close_draw: Price;
  close_away: Price;
  close_over: Price;
  close_under: Price;
  closed_ms: Price;
  name: string;
  nameEn: string;
  isAggregate: boolean;
}

type PriceKey = 'line' | 'home' | 'draw' | 'away' | 'over' | 'under';
type PriceColumn = `${'open' | 'close'}_${PriceKey}`;

/** Per market and phase, its prices in the contract's property order, and their columns. */
const pricesOf = (keys: readonly PriceKey[]) => ({
  open: keys.map((key) => [key, `open_${key}`] as const),
  close: keys.map((key) => [key, `close_${key}`] as const),
});
const PRICES: Record<OddsMarket, Record<'open' | 'close', (readonly [PriceKey, PriceColumn])[]>> = {
  had: pricesOf(['home', 'draw', 'away']),
  hdp: pricesOf(['line', 'home', 'away']),
  hilo: pricesOf(['line', 'over', 'under']),
};

/** A phase's quoted prices (nulls omitted) and `at`; undefined when nothing is quoted. */
function phaseOf(row: OddsRow, phase: 'open' | 'close'): Prices | undefined {
  let prices: Prices | undefined;
  for (const [key, column] of PRICES[row.market][phase]) {
    const value = row[column];
    if (value !== null) {
      prices ??= {};
      prices[key] = value;
    }
  }
  const at = phase === 'open' ? row.opened_ms : row.closed_ms;
  if (prices && at !== null) {
    prices['at'] = new Date(at).toISOString();
  }
  return prices;
}

function marketOf(row: OddsRow): Record<string, Prices> {
  const market: Record<string, Prices> = {};
  const opening = phaseOf(row, 'open');
  const closing = phaseOf(row, 'close');
  if (opening) {
    market['opening'] = opening;
  }
  if (closing) {
    market['closing'] = closing;
  }
  return market;
}

/** Batched: match id -> its odds in the REST shape; matches without odds are absent. */
export async function readOddsWire(
  read: SqlRead,
  matchIds: readonly number[],
): Promise<Map<number, BookmakerOddsWire[]>> {
  const byMatch = new Map<number, BookmakerOddsWire[]>();
  if (matchIds.length === 0) {
    return byMatch;
  }
  const bookmakers = new Map<number, BookmakerView>();
  let list: BookmakerOddsWire[] = [];
  let entry: Record<string, unknown> = {};
  for (const row of await read<OddsRow>(oddsRows(matchIds))) {
    if (!byMatch.has(row.matchId)) {
      list = [];
      byMatch.set(row.matchId, list);
    }
    const current = entry['bookmaker'] as BookmakerView | undefined;
    if (list.length === 0 || current?.id !== row.bookmakerId) {
      let bookmaker = bookmakers.get(row.bookmakerId);
      if (!bookmaker) {
        const { name, nameEn, isAggregate } = row;
        bookmaker = { id: row.bookmakerId, name, nameEn, isAggregate };
        bookmakers.set(row.bookmakerId, bookmaker);
      }
      entry = { bookmaker };
      list.push(entry as BookmakerOddsWire);
    }
    entry[row.market] = marketOf(row);
  }
  return byMatch;
}
