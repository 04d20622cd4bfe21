import type { PrismaClient } from '../../../src/db/generated/client.js';

/** Every table an import writes. */
export const IMPORT_TABLES = [
  'competitions',
  'teams',
  'bookmakers',
  'matches',
  'match_events',
  'match_statistics',
  'lineup_teams',
  'lineup_players',
  'odds',
  'odds_movements',
  'exchange_odds',
  'regional_boards',
  'regional_pools',
  'ai_reports',
  'customer_tips',
];

/** Every row of every import table (all columns, timestamps included), in a stable order. */
export async function snapshot(db: PrismaClient): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of IMPORT_TABLES) {
    const rows = await db.$queryRawUnsafe<{ r: string }[]>(
      `SELECT row_to_json(t)::text AS r FROM "${table}" AS t ORDER BY 1`,
    );
    out[table] = rows.map((row) => row.r);
  }
  return out;
}
