import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';

/**
 * The wire text of a match's lineups (GET /matches/{id}/lineups `data`), built by PostgreSQL in
 * one statement for any number of matches: the same JSON `presentLineups` makes from
 * `lineupsForMatches` (tested over the demo data). Only matches whose two sheets are both
 * published have one; players in sheet order, starters and substitutes apart; null properties
 * omitted (`json_strip_nulls`; the columns the wire always shows are NOT NULL).
 */
const PLAYER = Prisma.raw(`json_build_object(
  'name', p.name, 'shirtNumber', p.shirt_number, 'position', p.position, 'x', p.x, 'y', p.y,
  'rating', p.rating, 'captain', p.captain, 'goals', p.goals,
  'cards', json_build_object('yellow', p.yellow_cards, 'red', p.red_cards),
  'subbedInMinute', p.sub_in_minute, 'subbedOutMinute', p.sub_out_minute)`);

const players = (starters: boolean) => Prisma.sql`coalesce((
  SELECT json_agg(${PLAYER} ORDER BY p.seq) FROM lineup_players p
   WHERE p.match_id = t.match_id AND p.side = t.side AND p.starter = ${starters}), '[]')`;

const sideOf = (side: string) =>
  Prisma.raw(`(array_agg(s.sheet) FILTER (WHERE s.side = '${side}'))[1]`);

const lineupTexts = (ids: readonly number[]) => Prisma.sql`
  WITH sheets AS (
    SELECT t.match_id, t.side::text AS side,
           json_build_object('formation', t.formation, 'coach', t.coach,
                             'starters', ${players(true)}, 'substitutes', ${players(false)}) AS sheet
      FROM lineup_teams t WHERE t.match_id = ANY(${[...ids]}::int[]) AND t.published
  )
  SELECT s.match_id AS "matchId",
         json_strip_nulls(json_build_object('home', ${sideOf('home')}, 'away', ${sideOf('away')}))::text
           AS lineups
    FROM sheets s GROUP BY s.match_id HAVING count(*) = 2`;

/** Batched: match id -> the JSON text of its lineups; absent unless both sheets are published. */
export async function readLineupTexts(
  read: SqlRead,
  matchIds: readonly number[],
): Promise<Map<number, string>> {
  if (matchIds.length === 0) {
    return new Map();
  }
  const rows = await read<{ matchId: number; lineups: string }>(lineupTexts(matchIds));
  return new Map(rows.map((r) => [r.matchId, r.lineups]));
}
