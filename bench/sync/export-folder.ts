/**
 * What a store holds of the backfill row's facts, written as an import folder
 * (docs/import-format.md): the import side of the row imports exactly what the sync side
 * stored, and the same export of either store after its run shows both hold the same (the files
 * are compared byte for byte). Rows in key order, null fields left out, times in UTC with
 * milliseconds; `updated_at` and the sync's own tables (external ids, aliases, change log,
 * source health) are not football facts and are not exported.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/database.js';

const at = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const priceSet = (prefix: 'open' | 'close', time: string) => `CASE WHEN ${time} IS NULL
  AND ${prefix}_home IS NULL AND ${prefix}_over IS NULL THEN NULL ELSE jsonb_build_object(
  'line', ${prefix}_line, 'home', ${prefix}_home, 'draw', ${prefix}_draw, 'away', ${prefix}_away,
  'over', ${prefix}_over, 'under', ${prefix}_under, 'at', ${at(time)}) END`;

/** Each file's records as JSON text, in key order. */
const FILES: ReadonlyArray<[string, string]> = [
  [
    'competitions',
    `SELECT jsonb_build_object('id', id, 'code', code, 'nameEn', name_en, 'nameZhCn', name_zh_cn,
       'nameZhHk', name_zh_hk, 'nameOriginal', name_original, 'region', region, 'country', country)
       AS r FROM competitions ORDER BY id`,
  ],
  [
    'teams',
    `SELECT jsonb_build_object('id', id, 'nameOriginal', name_original, 'nameEn', name_en,
       'nameZhCn', name_zh_cn, 'nameZhHk', name_zh_hk, 'country', country) AS r
       FROM teams ORDER BY id`,
  ],
  [
    'bookmakers',
    `SELECT jsonb_build_object('id', id, 'name', name, 'nameEn', name_en,
       'isAggregate', is_aggregate) AS r FROM bookmakers ORDER BY id`,
  ],
  [
    'matches',
    `SELECT jsonb_build_object('id', id, 'competitionId', competition_id,
       'homeTeamId', home_team_id, 'awayTeamId', away_team_id, 'status', status,
       'minute', minute, 'kickoffUtc', ${at('kickoff_utc')}, 'season', season, 'round', round,
       'venue', venue, 'homeScore', home_score, 'awayScore', away_score,
       'htHomeScore', ht_home_score, 'htAwayScore', ht_away_score,
       'etHomeScore', et_home_score, 'etAwayScore', et_away_score,
       'penHomeScore', pen_home_score, 'penAwayScore', pen_away_score,
       'homeCorners', home_corners, 'awayCorners', away_corners,
       'homeYellow', home_yellow, 'homeRed', home_red,
       'awayYellow', away_yellow, 'awayRed', away_red) AS r FROM matches ORDER BY id`,
  ],
  [
    'events',
    `SELECT jsonb_build_object('matchId', match_id, 'seq', seq, 'minute', minute,
       'extraMinute', extra_minute, 'type', type, 'side', side, 'player', player,
       'relatedPlayer', related_player, 'detail', detail) AS r
       FROM match_events ORDER BY match_id, seq`,
  ],
  [
    'statistics',
    `SELECT jsonb_build_object('matchId', match_id, 'type', type, 'home', home, 'away', away,
       'sort', sort) AS r FROM match_statistics ORDER BY match_id, type`,
  ],
  [
    'lineups',
    `SELECT jsonb_build_object('matchId', t.match_id, 'side', t.side, 'published', t.published,
       'formation', t.formation, 'coach', t.coach, 'players', coalesce((
         SELECT jsonb_agg(jsonb_build_object('name', p.name, 'shirtNumber', p.shirt_number,
           'position', p.position, 'x', p.x, 'y', p.y, 'rating', p.rating,
           'starter', p.starter, 'captain', p.captain, 'goals', p.goals,
           'yellowCards', p.yellow_cards, 'redCards', p.red_cards,
           'subInMinute', p.sub_in_minute, 'subOutMinute', p.sub_out_minute) ORDER BY p.seq)
         FROM lineup_players p WHERE p.match_id = t.match_id AND p.side = t.side), '[]'))
       AS r FROM lineup_teams t ORDER BY t.match_id, t.side`,
  ],
  [
    'odds',
    `SELECT jsonb_build_object('matchId', match_id, 'bookmakerId', bookmaker_id,
       'market', market, 'open', ${priceSet('open', 'opened_at')},
       'close', ${priceSet('close', 'closed_at')}) AS r
       FROM odds ORDER BY match_id, bookmaker_id, market`,
  ],
  [
    'movements',
    `SELECT jsonb_build_object('matchId', match_id, 'market', market,
       'bookmakerId', bookmaker_id, 'seq', seq, 'changedAt', ${at('changed_at')},
       'line', line, 'home', home, 'draw', draw, 'away', away, 'over', over, 'under', under,
       'liveScore', live_score, 'liveMinute', live_minute) AS r
       FROM odds_movements ORDER BY match_id, market, bookmaker_id, seq`,
  ],
];

const MANIFEST = { format: 'touchline-import', version: 1, source: 'bench/sync export' };

/** Writes the store's facts into `dir` (created); records per file. */
export async function exportFolder(
  store: { dataDir: string; databaseUrl?: string | undefined },
  dir: string,
): Promise<Record<string, number>> {
  const database = await openDatabase({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  const counts: Record<string, number> = {};
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(MANIFEST)}\n`);
    for (const [file, sql] of FILES) {
      const rows = await database.prisma.$queryRawUnsafe<{ r: string }[]>(
        `SELECT jsonb_strip_nulls(r)::text AS r FROM (${sql}) AS x`,
      );
      counts[file] = rows.length;
      if (rows.length > 0) {
        await writeFile(join(dir, `${file}.ndjson`), `${rows.map((row) => row.r).join('\n')}\n`);
      }
    }
  } finally {
    await database.close();
  }
  return counts;
}

/** The first file whose bytes differ between two folders, or null when they hold the same. */
export async function firstDifference(a: string, b: string): Promise<string | null> {
  const [left, right] = [(await readdir(a)).sort(), (await readdir(b)).sort()];
  if (left.join() !== right.join()) {
    return `files: ${left.join(' ')} against ${right.join(' ')}`;
  }
  for (const file of left) {
    if (!(await readFile(join(a, file))).equals(await readFile(join(b, file)))) {
      return file;
    }
  }
  return null;
}
