import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type {
  Competition,
  ImportFileName,
  Manifest,
  Match,
  Movement,
  Odds,
  Statistic,
  Team,
} from '../format.js';
import { oddsOfRow } from './football-data-odds.js';
import { FOOTBALL_DATA_BOOKMAKERS } from './football-data-reference.js';
import {
  competitionFor,
  matchOf,
  type Row,
  readRow,
  statisticsOf,
  teamFor,
} from './football-data-rows.js';
import { stableId } from './stable-id.js';

/**
 * football-data.co.uk collects opening prices some days before the match (Friday for weekend
 * games, Tuesday for midweek ones) without saying when: the opening point is stamped 48 hours
 * before kick-off, the closing point at kick-off.
 */
const OPENING_LEAD_MS = 48 * 3_600_000;

export interface ConvertSummary {
  rows: number;
  files: Partial<Record<ImportFileName, number>>;
}

interface MatchData {
  match: Match;
  statistics: Statistic[];
  odds: Odds[];
  movements: Movement[];
}

/**
 * Converts football-data.co.uk CSV files (main-league season files and the all-seasons
 * JPN/CHN files) into an import folder (docs/import-format.md). Deterministic: the same CSVs
 * always give the same folder, with stable ids (see docs for the id rules).
 */
export async function convertFootballData(
  csvPaths: string[],
  outDir: string,
): Promise<ConvertSummary> {
  const competitions = new Map<number, Competition>();
  const teams = new Map<number, Team>();
  const matches = new Map<number, MatchData>();
  let rows = 0;
  for (const path of csvPaths) {
    for (const row of await readCsv(path)) {
      const data = convertRow(row, competitions, teams);
      if (data) {
        matches.set(data.match.id, data);
        rows += 1;
      }
    }
  }
  const ordered = [...matches.values()].sort(
    (a, b) => a.match.kickoffUtc.localeCompare(b.match.kickoffUtc) || a.match.id - b.match.id,
  );
  const files: Record<string, readonly unknown[]> = {
    'competitions.ndjson': [...competitions.values()].sort((a, b) => a.id - b.id),
    'teams.ndjson': [...teams.values()].sort((a, b) => a.id - b.id),
    'bookmakers.ndjson': FOOTBALL_DATA_BOOKMAKERS.map(({ id, name, nameEn, isAggregate }) => ({
      id,
      name,
      nameEn,
      isAggregate,
    })),
    'matches.ndjson': ordered.map((d) => d.match),
    'statistics.ndjson': ordered.flatMap((d) => d.statistics),
    'odds.ndjson': ordered.flatMap((d) => d.odds),
    'movements.ndjson': ordered.flatMap((d) => d.movements),
  };
  await writeFolder(outDir, files);
  const counts = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.length]));
  return { rows, files: counts };
}

async function readCsv(path: string): Promise<Row[]> {
  return parse(await readFile(path), {
    columns: true,
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
  }) as Row[];
}

function convertRow(
  row: Row,
  competitions: Map<number, Competition>,
  teams: Map<number, Team>,
): MatchData | undefined {
  const r = readRow(row);
  if (!r.home || !r.away || !r.compKey) {
    return undefined;
  }
  const competition = competitionFor(r.compKey);
  const home = teamFor(competition, r.home);
  const away = teamFor(competition, r.away);
  competitions.set(competition.id, competition);
  teams.set(home.id, home);
  teams.set(away.id, away);
  const id = stableId(`match|${competition.code}|${r.kickoffUtc.slice(0, 10)}|${r.home}|${r.away}`);
  const match = matchOf(row, {
    id,
    competitionId: competition.id,
    homeTeamId: home.id,
    awayTeamId: away.id,
  });
  const openedAt = new Date(Date.parse(r.kickoffUtc) - OPENING_LEAD_MS).toISOString();
  const { odds, movements } = oddsOfRow(row, id, { openedAt, closedAt: r.kickoffUtc });
  return { match, statistics: statisticsOf(row, id), odds, movements };
}

async function writeFolder(dir: string, files: Record<string, readonly unknown[]>) {
  await mkdir(dir, { recursive: true });
  const manifest: Manifest = {
    format: 'touchline-import',
    version: 1,
    source: 'football-data.co.uk',
  };
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const [name, records] of Object.entries(files)) {
    const text = records.map((r) => JSON.stringify(r)).join('\n');
    await writeFile(join(dir, name), text.length > 0 ? `${text}\n` : '');
  }
}
