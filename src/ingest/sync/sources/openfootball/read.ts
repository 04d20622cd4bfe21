import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { SourceRefusal } from '../../adapter.js';
import { type League, leagueCode, leagueOf } from './leagues.js';
import { FootballJsonFile } from './schemas.js';
import { STATUSES } from './statuses.js';

export const SOURCE = 'openfootball';

type FootballJson = Static<typeof FootballJsonFile>;

/** One checked file and what its name and `name` say about it. */
export interface LeagueSeason {
  path: string;
  /** `en.1`: the competition's source id. */
  code: string;
  league: League;
  /** `2024-25` or `2025`. */
  season: string;
  /** The file's `name` without the season: `English Premier League`, `China | Super League`. */
  title: string;
  file: FootballJson;
}

const check = Compile(FootballJsonFile);

/** `… 2024/25` or `… 2025` at the end of the `name` field. */
const SEASON_IN_NAME = /\s+(\d{4})(?:\/(\d{2}))?$/;
/** `2024-25` or `2025`: the folder football.json keeps a season in. */
const SEASON_FOLDER = /^\d{4}(-\d{2})?$/;

/** Reads one football.json file; anything off its documented shape refuses the whole file. */
export async function readLeagueSeason(path: string): Promise<LeagueSeason> {
  const refuse = (reason: string) => new SourceRefusal(SOURCE, 'matches', path, reason);
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw refuse(`not valid JSON: ${(error as Error).message}`);
  }
  if (!check.Check(json)) {
    const first = [...check.Errors(json)][0];
    throw refuse(`${first?.instancePath ?? ''} ${first?.message ?? 'unexpected shape'}`);
  }
  const code = leagueCode(basename(path));
  const league = leagueOf(code);
  if (!league) {
    throw refuse(`no time zone known for the league code ${JSON.stringify(code)}`);
  }
  const unknown = json.matches.find(
    (m) => m.status !== undefined && !Object.hasOwn(STATUSES, m.status),
  );
  if (unknown) {
    throw refuse(`unknown match status ${JSON.stringify(unknown.status)}`);
  }
  const named = SEASON_IN_NAME.exec(json.name);
  const folder = basename(dirname(path));
  const season = named
    ? `${named[1]}${named[2] ? `-${named[2]}` : ''}`
    : SEASON_FOLDER.test(folder)
      ? folder
      : undefined;
  if (!season) {
    throw refuse('no season in the name field nor in the folder name');
  }
  const title = json.name.replace(SEASON_IN_NAME, '').trim();
  return { path, code, league, season, title, file: json };
}
