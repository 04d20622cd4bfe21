import type { OddsMarket } from '../../football/vocabulary.js';
import type { Movement, Odds, PriceSetRecord } from '../format-odds.js';
import type { Tx } from '../import/upsert.js';
import type { PriceFact } from './facts.js';

/** A price fact with its match and bookmaker resolved. */
interface ObservedPrice extends Omit<PriceFact, 'match' | 'bookmaker'> {
  matchId: number;
  bookmakerId: number;
}

const PRICE_FIELDS = ['line', 'home', 'draw', 'away', 'over', 'under'] as const;
type Prices = Partial<Record<(typeof PRICE_FIELDS)[number], number>>;

interface StoredMarket {
  key: string;
  open: PriceSetRecord | null;
  close: PriceSetRecord | null;
  lastSeq: number;
  last: Prices | null;
  lastAt: string | null;
}

const keyOf = (p: { matchId: number; bookmakerId: number; market: OddsMarket }) =>
  `${p.matchId}|${p.bookmakerId}|${p.market}`;

/** A price the import format can hold (above 1, at most 1000); anything else is not a price. */
function pricesOf(fact: ObservedPrice): Prices {
  const out: Prices = {};
  for (const field of PRICE_FIELDS) {
    const value = fact[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      continue;
    }
    if (field === 'line' ? Number.isInteger(value * 4) : value > 1 && value <= 1000) {
      out[field] = field === 'line' ? value : Math.round(value * 1000) / 1000;
    }
  }
  return out;
}

const sameAs = (a: Prices, b: Prices | null) =>
  b !== null && PRICE_FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

const hasPrice = (p: Prices) => PRICE_FIELDS.some((f) => f !== 'line' && p[f] !== undefined);

async function loadStored(tx: Tx, keys: readonly ObservedPrice[]) {
  const json = JSON.stringify(
    [...new Map(keys.map((k) => [keyOf(k), k])).values()].map((k) => ({
      m: k.matchId,
      b: k.bookmakerId,
      k: k.market,
    })),
  );
  const rows = await tx.$queryRawUnsafe<
    {
      key: string;
      open: PriceSetRecord | null;
      close: PriceSetRecord | null;
      lastSeq: number | null;
      last: Prices | null;
      lastAt: string | null;
    }[]
  >(
    `SELECT k.m || '|' || k.b || '|' || k.k AS key,
       CASE WHEN o.opened_at IS NULL AND o.open_home IS NULL AND o.open_over IS NULL THEN NULL ELSE
         jsonb_strip_nulls(jsonb_build_object('line', o.open_line, 'home', o.open_home,
           'draw', o.open_draw, 'away', o.open_away, 'over', o.open_over, 'under', o.open_under,
           'at', to_char(o.opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) END AS open,
       CASE WHEN o.closed_at IS NULL AND o.close_home IS NULL AND o.close_over IS NULL THEN NULL ELSE
         jsonb_strip_nulls(jsonb_build_object('line', o.close_line, 'home', o.close_home,
           'draw', o.close_draw, 'away', o.close_away, 'over', o.close_over, 'under', o.close_under,
           'at', to_char(o.closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) END AS close,
       mv.seq AS "lastSeq",
       CASE WHEN mv.seq IS NULL THEN NULL ELSE jsonb_strip_nulls(jsonb_build_object(
         'line', mv.line, 'home', mv.home, 'draw', mv.draw, 'away', mv.away, 'over', mv.over,
         'under', mv.under)) END AS last,
       to_char(mv.changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastAt"
     FROM jsonb_to_recordset($1::jsonb) AS k(m int, b int, k text)
     LEFT JOIN odds o ON o.match_id = k.m AND o.bookmaker_id = k.b AND o.market::text = k.k
     LEFT JOIN LATERAL (
       SELECT * FROM odds_movements x
        WHERE x.match_id = k.m AND x.bookmaker_id = k.b AND x.market::text = k.k
        ORDER BY x.seq DESC LIMIT 1) mv ON true`,
    json,
  );
  return new Map<string, StoredMarket>(
    rows.map((r) => [r.key, { ...r, lastSeq: r.lastSeq ?? -1 }]),
  );
}

async function kickoffs(tx: Tx, matchIds: readonly number[]) {
  const rows = await tx.$queryRawUnsafe<{ id: number; kickoff: Date }[]>(
    'SELECT id, kickoff_utc AS kickoff FROM matches WHERE id = ANY($1::int[])',
    [...new Set(matchIds)],
  );
  return new Map(rows.map((r) => [r.id, new Date(r.kickoff).getTime()]));
}

/**
 * Turns what bookmakers showed into stored odds (DECISIONS.md "Sources", issue 47): the first
 * price seen is the opening one, the last seen up to kick-off the closing one, and every change
 * a movement (in play with the score and clock it was shown at). A price seen again unchanged,
 * or older than the newest movement, changes nothing: a second pass over the same answers writes
 * nothing.
 */
export async function observePrices(
  tx: Tx,
  facts: readonly ObservedPrice[],
  kickoffOf?: ReadonlyMap<number, number>,
): Promise<{ odds: Odds[]; movements: Movement[] }> {
  if (facts.length === 0) {
    return { odds: [], movements: [] };
  }
  const stored = await loadStored(tx, facts);
  const kickoff =
    kickoffOf ??
    (await kickoffs(
      tx,
      facts.map((f) => f.matchId),
    ));
  const odds = new Map<string, Odds>();
  const movements: Movement[] = [];
  const ordered = [...facts].sort((a, b) => a.observedAt.localeCompare(b.observedAt));
  for (const fact of ordered) {
    const key = keyOf(fact);
    const prices = pricesOf(fact);
    const at = new Date(fact.observedAt).toISOString();
    const market = stored.get(key) ?? {
      key,
      open: null,
      close: null,
      lastSeq: -1,
      last: null,
      lastAt: null,
    };
    stored.set(key, market);
    if (
      !hasPrice(prices) ||
      sameAs(prices, market.last) ||
      (market.lastAt && at <= market.lastAt)
    ) {
      continue;
    }
    const seq = market.lastSeq + 1;
    movements.push({
      matchId: fact.matchId,
      market: fact.market,
      bookmakerId: fact.bookmakerId,
      seq,
      changedAt: at,
      ...prices,
      ...(fact.liveScore ? { liveScore: fact.liveScore } : {}),
      ...(fact.liveMinute ? { liveMinute: fact.liveMinute } : {}),
    });
    Object.assign(market, { lastSeq: seq, last: prices, lastAt: at });
    market.open ??= { ...prices, at };
    if (Date.parse(at) <= (kickoff.get(fact.matchId) ?? Number.POSITIVE_INFINITY)) {
      market.close = { ...prices, at };
    }
    odds.set(key, {
      matchId: fact.matchId,
      bookmakerId: fact.bookmakerId,
      market: fact.market,
      open: market.open,
      close: market.close,
    });
  }
  return { odds: [...odds.values()], movements };
}
