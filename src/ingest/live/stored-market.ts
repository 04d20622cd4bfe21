import type { OddsMarket } from '../../football/vocabulary.js';
import type { Quote } from '../demo/odds/odds-model.js';
import type { SqlReader } from '../import/reader.js';

/** A bookmaker whose movement the match tracks, in one market. */
export interface TrackedBook {
  market: OddsMarket;
  bookmakerId: number;
  /** The last pre-match movement row's number: in-play rows follow it. */
  lastSeq: number;
  /** The odds row's opening prices (kept when its closing prices move) and closing prices. */
  open: (Quote & { at?: string }) | null;
  close: Quote | null;
  /** The book's margin, read from its closing 1X2 prices. */
  margin: number;
}

/** What a match's stored market offers, as the live engine moves it in play. */
export interface StoredMarket {
  tracked: TrackedBook[];
  /** In-play rows already stored (an earlier writer's): replaced by this engine's. */
  inPlayRows: Array<{ market: OddsMarket; bookmakerId: number; seq: number }>;
  /** The match has an exchange book that parses (a malformed one is left as it is). */
  exchange: boolean;
  board: { reference: string; pools: ReadonlySet<string> } | null;
}

const DEFAULT_MARGIN = 0.05;

type Num = number | null;
interface OddsRow {
  match_id: number;
  bookmaker_id: number;
  market: OddsMarket;
  open_line: Num;
  open_home: Num;
  open_draw: Num;
  open_away: Num;
  open_over: Num;
  open_under: Num;
  opened_at: Date | string | null;
  close_line: Num;
  close_home: Num;
  close_draw: Num;
  close_away: Num;
  close_over: Num;
  close_under: Num;
}

/** The fields of a price set that are set (the import format has no nulls). */
function prices(values: Record<string, Num>, at?: Date | string | null): Quote & { at?: string } {
  const out: Record<string, number | string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== null) {
      out[name] = value;
    }
  }
  if (at) {
    out['at'] = new Date(at).toISOString();
  }
  return out as Quote & { at?: string };
}

const openOf = (r: OddsRow) =>
  prices(
    {
      line: r.open_line,
      home: r.open_home,
      draw: r.open_draw,
      away: r.open_away,
      over: r.open_over,
      under: r.open_under,
    },
    r.opened_at,
  );

const closeOf = (r: OddsRow) =>
  prices({
    line: r.close_line,
    home: r.close_home,
    draw: r.close_draw,
    away: r.close_away,
    over: r.close_over,
    under: r.close_under,
  });

function marginOf(had: OddsRow | undefined): number {
  const ps = [had?.close_home, had?.close_draw, had?.close_away];
  if (ps.some((p) => !p)) {
    return DEFAULT_MARGIN;
  }
  const margin = ps.reduce((sum: number, p) => sum + 1 / (p as number), 0) - 1;
  return margin > 0 && margin < 0.3 ? margin : DEFAULT_MARGIN;
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Reads the stored market of `ids` (five statements, whatever the number of matches). */
export async function readStoredMarkets(
  db: SqlReader,
  ids: readonly number[],
): Promise<Map<number, StoredMarket>> {
  const out = new Map<number, StoredMarket>(
    ids.map((id) => [id, { tracked: [], inPlayRows: [], exchange: false, board: null }]),
  );
  if (ids.length === 0) {
    return out;
  }
  const list = [...ids];
  const [series, inPlay, odds, exchanges, boards] = await Promise.all([
    db.$queryRawUnsafe<
      { match_id: number; market: OddsMarket; bookmaker_id: number; last: number }[]
    >(
      `SELECT match_id, market::text AS market, bookmaker_id, max(seq) AS last FROM odds_movements
        WHERE match_id = ANY($1::int[]) AND live_score IS NULL GROUP BY 1, 2, 3`,
      list,
    ),
    db.$queryRawUnsafe<
      { match_id: number; market: OddsMarket; bookmaker_id: number; seq: number }[]
    >(
      `SELECT match_id, market::text AS market, bookmaker_id, seq FROM odds_movements
        WHERE match_id = ANY($1::int[]) AND live_score IS NOT NULL`,
      list,
    ),
    db.$queryRawUnsafe<OddsRow[]>(
      `SELECT match_id, bookmaker_id, market::text AS market, open_line, open_home, open_draw,
              open_away, open_over, open_under, opened_at, close_line, close_home, close_draw,
              close_away, close_over, close_under
         FROM odds WHERE match_id = ANY($1::int[])`,
      list,
    ),
    db.$queryRawUnsafe<{ match_id: number; payload: string }[]>(
      'SELECT match_id, payload FROM exchange_odds WHERE match_id = ANY($1::int[])',
      list,
    ),
    db.$queryRawUnsafe<{ match_id: number; reference: string | null; pools: string[] | null }[]>(
      `SELECT b.match_id, b.reference, array_remove(array_agg(p.pool), NULL) AS pools
         FROM regional_boards b LEFT JOIN regional_pools p ON p.match_id = b.match_id
        WHERE b.match_id = ANY($1::int[]) GROUP BY b.match_id, b.reference`,
      list,
    ),
  ]);
  const oddsOf = new Map(odds.map((r) => [`${r.match_id}|${r.bookmaker_id}|${r.market}`, r]));
  for (const s of series) {
    const row = oddsOf.get(`${s.match_id}|${s.bookmaker_id}|${s.market}`);
    out.get(s.match_id)?.tracked.push({
      market: s.market,
      bookmakerId: s.bookmaker_id,
      lastSeq: Number(s.last),
      open: row ? openOf(row) : null,
      close: row ? closeOf(row) : null,
      margin: marginOf(oddsOf.get(`${s.match_id}|${s.bookmaker_id}|had`)),
    });
  }
  for (const r of inPlay) {
    out
      .get(r.match_id)
      ?.inPlayRows.push({ market: r.market, bookmakerId: r.bookmaker_id, seq: r.seq });
  }
  for (const e of exchanges) {
    const market = out.get(e.match_id);
    if (market) {
      market.exchange = parses(e.payload);
    }
  }
  for (const b of boards) {
    const market = out.get(b.match_id);
    if (market && b.reference && (b.pools ?? []).length > 0) {
      market.board = { reference: b.reference, pools: new Set(b.pools) };
    }
  }
  return out;
}
