import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import { ISO_UTC } from './wire-sql.js';

/**
 * The wire text of a match's odds (GET /matches/{id}/odds `data`), built by PostgreSQL in one
 * statement for any number of matches: the same JSON `presentMatchOdds` makes from
 * `getForMatches` (the equality is tested over the demo data), without a row object, a presenter
 * or a serializer pass per price on the server. Rules of the presenter, in SQL:
 * - a market shows only its own prices (had: home/draw/away; hdp: line/home/away; hilo:
 *   line/over/under);
 * - a phase without any price is omitted, `at` is shown only with prices;
 * - null properties are omitted (`json_strip_nulls`), so a market without either phase is `{}`;
 * - bookmakers in id order; keys in the presenter's order (`json`, not `jsonb`, keeps it).
 */
function phaseSql(prefix: 'open' | 'close', at: 'opened_at' | 'closed_at'): Prisma.Sql {
  const col = (name: string) => Prisma.raw(`o.${prefix}_${name}`);
  const stamp = Prisma.raw(`to_char(o.${at} AT TIME ZONE 'UTC', ${ISO_UTC})`);
  const [line, home, draw, away, over, under] = [
    'line',
    'home',
    'draw',
    'away',
    'over',
    'under',
  ].map(col);
  return Prisma.sql`CASE o.market
    WHEN 'had' THEN CASE WHEN num_nonnulls(${home}, ${draw}, ${away}) > 0 THEN
      json_build_object('home', ${home}, 'draw', ${draw}, 'away', ${away}, 'at', ${stamp}) END
    WHEN 'hdp' THEN CASE WHEN num_nonnulls(${line}, ${home}, ${away}) > 0 THEN
      json_build_object('line', ${line}, 'home', ${home}, 'away', ${away}, 'at', ${stamp}) END
    ELSE CASE WHEN num_nonnulls(${line}, ${over}, ${under}) > 0 THEN
      json_build_object('line', ${line}, 'over', ${over}, 'under', ${under}, 'at', ${stamp}) END
    END`;
}

const marketOf = (market: string) =>
  Prisma.raw(`(array_agg(p.prices) FILTER (WHERE p.market = '${market}'))[1]`);

const oddsTexts = (ids: readonly number[]) => Prisma.sql`
  WITH priced AS (
    SELECT o.match_id, o.bookmaker_id, o.market::text AS market,
           json_build_object('opening', ${phaseSql('open', 'opened_at')},
                             'closing', ${phaseSql('close', 'closed_at')}) AS prices
      FROM odds o WHERE o.match_id = ANY(${[...ids]}::int[])
  ), per_bookmaker AS (
    SELECT p.match_id, p.bookmaker_id,
           json_build_object(
             'bookmaker', json_build_object('id', b.id, 'name', b.name, 'nameEn', b.name_en,
                                            'isAggregate', b.is_aggregate),
             'had', ${marketOf('had')}, 'hdp', ${marketOf('hdp')}, 'hilo', ${marketOf('hilo')}
           ) AS entry
      FROM priced p JOIN bookmakers b ON b.id = p.bookmaker_id
     GROUP BY p.match_id, p.bookmaker_id, b.id
  )
  SELECT match_id AS "matchId", json_strip_nulls(json_agg(entry ORDER BY bookmaker_id))::text AS odds
    FROM per_bookmaker GROUP BY match_id`;

/** Batched: match id -> the JSON text of its odds; matches without odds are absent. */
export async function readOddsTexts(
  read: SqlRead,
  matchIds: readonly number[],
): Promise<Map<number, string>> {
  if (matchIds.length === 0) {
    return new Map();
  }
  const rows = await read<{ matchId: number; odds: string }>(oddsTexts(matchIds));
  return new Map(rows.map((r) => [r.matchId, r.odds]));
}
