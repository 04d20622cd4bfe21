import type { Static } from 'typebox';
import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import type { Lineups } from '../wire/schemas/match-details.js';
import type { Side } from './vocabulary.js';

export type LineupsWire = Static<typeof Lineups>;
type SideWire = LineupsWire['home'];
type PlayerWire = SideWire['starters'][number];

/**
 * The lineups of many matches in the REST shape (GET /matches/{id}/lineups `data`), from one
 * statement of plain rows (published sheets with their players, in sheet order) read through
 * the driver, without Prisma's JSONB relation query (10 ms of PostgreSQL for a day page) or a
 * presenter's spreads: the only builder of this payload (REST, GraphQL, push;
 * test/integration/football/wire-reads holds it to hand-written payloads).
 */
const lineupRows = (ids: readonly number[]) => Prisma.sql`
  SELECT t.match_id AS "matchId", t.side::text AS side, t.formation, t.coach,
         p.name, p.player_id AS "playerId", p.shirt_number AS "shirtNumber", p.position, p.x, p.y, p.rating, p.starter,
         p.captain, p.goals, p.yellow_cards AS yellow, p.red_cards AS red,
         p.sub_in_minute AS "subbedInMinute", p.sub_out_minute AS "subbedOutMinute"
    FROM lineup_teams t
    LEFT JOIN lineup_players p ON p.match_id = t.match_id AND p.side = t.side
   WHERE t.match_id = ANY(${[...ids]}::int[]) AND t.published
   ORDER BY t.match_id, t.side, p.seq`;

type Optional<T> = T | null;
interface LineupRow {
  matchId: number;
  side: Side;
  formation: Optional<string>;
  coach: Optional<string>;
  /** Null on the row of a published sheet without players. */
  name: Optional<string>;
  playerId: Optional<number>;
  shirtNumber: Optional<number>;
  position: Optional<string>;
  x: Optional<number>;
  y: Optional<number>;
  rating: Optional<number>;
  starter: boolean;
  captain: boolean;
  goals: number;
  yellow: number;
  red: number;
  subbedInMinute: Optional<number>;
  subbedOutMinute: Optional<number>;
}

/** A player in the contract's property order (wire/schemas/match-details.ts), nulls omitted. */
function playerOf(row: LineupRow, name: string): PlayerWire {
  const player: Record<string, unknown> = { name };
  for (const key of ['playerId', 'shirtNumber', 'position', 'x', 'y', 'rating'] as const) {
    if (row[key] !== null) {
      player[key] = row[key];
    }
  }
  player['captain'] = row.captain;
  player['goals'] = row.goals;
  player['cards'] = { yellow: row.yellow, red: row.red };
  if (row.subbedInMinute !== null) {
    player['subbedInMinute'] = row.subbedInMinute;
  }
  if (row.subbedOutMinute !== null) {
    player['subbedOutMinute'] = row.subbedOutMinute;
  }
  return player as PlayerWire;
}

function sheetOf(row: LineupRow): SideWire {
  const sheet: Partial<SideWire> = {};
  if (row.formation !== null) {
    sheet.formation = row.formation;
  }
  if (row.coach !== null) {
    sheet.coach = row.coach;
  }
  sheet.starters = [];
  sheet.substitutes = [];
  return sheet as SideWire;
}

/** Batched: match id -> its lineups in the REST shape; absent unless both sheets are published. */
export async function readLineupsWire(
  read: SqlRead,
  matchIds: readonly number[],
): Promise<Map<number, LineupsWire>> {
  const sheets = new Map<number, Partial<Record<Side, SideWire>>>();
  if (matchIds.length === 0) {
    return new Map();
  }
  for (const row of await read<LineupRow>(lineupRows(matchIds))) {
    const match = sheets.get(row.matchId) ?? {};
    sheets.set(row.matchId, match);
    const sheet = match[row.side] ?? sheetOf(row);
    match[row.side] = sheet;
    if (row.name !== null) {
      (row.starter ? sheet.starters : sheet.substitutes).push(playerOf(row, row.name));
    }
  }
  const lineups = new Map<number, LineupsWire>();
  for (const [matchId, { home, away }] of sheets) {
    if (home && away) {
      lineups.set(matchId, { home, away });
    }
  }
  return lineups;
}
