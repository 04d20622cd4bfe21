import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describeSchemaErrors } from '../import/schema-errors.js';
import { ReplayError } from './errors.js';
import {
  REQUIRED_DETAIL,
  type StatsBombEvent,
  StatsBombEventSchema,
  type StatsBombLineupTeam,
  StatsBombLineupTeamSchema,
  type StatsBombMatch,
  StatsBombMatchSchema,
} from './statsbomb-schema.js';

/** The three files of one recorded match, as the user named them (errors repeat the names). */
export interface StatsBombFiles {
  events: string;
  lineups: string;
  match: string;
}

/** One match's StatsBomb data, checked: every event belongs to one of the match's two teams. */
export interface StatsBombInput {
  files: StatsBombFiles;
  match: StatsBombMatch;
  events: StatsBombEvent[];
  lineups: StatsBombLineupTeam[];
}

/** The contents of the three files, parsed but not yet checked. */
export interface StatsBombValues {
  events: unknown;
  lineups: unknown;
  matches: unknown;
}

const fail = (where: string, reason: string): never => {
  throw new ReplayError(`${where}: ${reason}`);
};

type Validator = ReturnType<typeof Compile<TSchema>>;
const matchCheck: Validator = Compile(StatsBombMatchSchema);
const eventCheck: Validator = Compile(StatsBombEventSchema);
const lineupTeamCheck: Validator = Compile(StatsBombLineupTeamSchema);

function checked<T>(check: Validator, value: unknown, where: string): T {
  if (!check.Check(value)) {
    const problem = describeSchemaErrors(check.Errors(value));
    return fail(
      `${where}${problem.field === '' ? '' : `, field ${problem.field}`}`,
      problem.reason,
    );
  }
  return value as T;
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'a folder, not a file'
          : 'unreadable';
    return fail(file, reason);
  }
  try {
    return JSON.parse(text);
  } catch {
    return fail(file, 'not valid JSON');
  }
}

/** The StatsBomb match id of an events file named as open-data names them (`15986.json`). */
export function matchIdFromName(file: string): number | undefined {
  const found = /^([0-9]{1,9})\.json$/i.exec(basename(file));
  return found ? Number(found[1]) : undefined;
}

const describeMatch = (m: StatsBombMatch) =>
  `match ${m.match_id} (${m.home_team.home_team_name} v ${m.away_team.away_team_name})`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The match record: `value` is a whole matches file (an array) or one record. `wanted` is the
 * StatsBomb match id asked for, and `from` says where it came from (for the error).
 */
function pickMatch(file: string, value: unknown, wanted: number | undefined, from: string) {
  if (Array.isArray(value)) {
    if (wanted === undefined) {
      if (value.length !== 1) {
        fail(file, `holds ${value.length} matches; name one with --statsbomb-id`);
      }
      return checked<StatsBombMatch>(matchCheck, value[0], `${file}, match [0]`);
    }
    const index = value.findIndex((r) => isObject(r) && r['match_id'] === wanted);
    if (index < 0) {
      fail(file, `no match ${wanted} (${from}); name one with --statsbomb-id`);
    }
    return checked<StatsBombMatch>(matchCheck, value[index], `${file}, match ${wanted}`);
  }
  if (!isObject(value)) {
    return fail(file, 'not StatsBomb match data (a matches file, or one of its records)');
  }
  const match = checked<StatsBombMatch>(matchCheck, value, file);
  if (wanted !== undefined && match.match_id !== wanted) {
    fail(file, `holds match ${match.match_id}, not ${wanted} (${from})`);
  }
  return match;
}

function teamCheck(match: StatsBombMatch) {
  const ids = new Set([match.home_team.home_team_id, match.away_team.away_team_id]);
  return (where: string, id: number, name: string) => {
    if (!ids.has(id)) {
      fail(where, `team ${id} (${name}) is not a team of ${describeMatch(match)}`);
    }
  };
}

function checkEvents(file: string, value: unknown, match: StatsBombMatch): StatsBombEvent[] {
  if (!Array.isArray(value) || value.length === 0) {
    return fail(file, 'not a StatsBomb events file (a JSON array of events)');
  }
  const ofMatch = teamCheck(match);
  const xi = new Set<number>();
  value.forEach((item: unknown, i) => {
    const where = `${file}, event [${i}]`;
    const event = checked<StatsBombEvent>(eventCheck, item, where);
    const detail = REQUIRED_DETAIL[event.type.name];
    if (detail !== undefined && event[detail] === undefined) {
      fail(`${where}, field /${detail}`, `is required for a ${event.type.name} event`);
    }
    ofMatch(where, event.team.id, event.team.name);
    if (event.possession_team) {
      ofMatch(
        `${where}, field /possession_team`,
        event.possession_team.id,
        event.possession_team.name,
      );
    }
    if (event.type.name === 'Starting XI') {
      xi.add(event.team.id);
    }
  });
  for (const [id, name] of [
    [match.home_team.home_team_id, match.home_team.home_team_name],
    [match.away_team.away_team_id, match.away_team.away_team_name],
  ] as const) {
    if (!xi.has(id)) {
      fail(file, `no Starting XI event for ${name} (team ${id})`);
    }
  }
  return value as StatsBombEvent[];
}

function checkLineups(file: string, value: unknown, match: StatsBombMatch): StatsBombLineupTeam[] {
  if (!Array.isArray(value)) {
    return fail(file, 'not a StatsBomb lineups file (a JSON array of teams)');
  }
  const ofMatch = teamCheck(match);
  return value.map((item: unknown, i) => {
    const team = checked<StatsBombLineupTeam>(lineupTeamCheck, item, `${file}, team [${i}]`);
    ofMatch(`${file}, team [${i}]`, team.team_id, team.team_name);
    return team;
  });
}

/**
 * Checks the three files' contents. The match record is the one `statsbombId` names, else the
 * one the events file's name names (open-data's `<match_id>.json`), else the only one.
 */
export function checkStatsBombInput(
  files: StatsBombFiles,
  values: StatsBombValues,
  statsbombId?: number,
): StatsBombInput {
  const fromName = matchIdFromName(files.events);
  const wanted = statsbombId ?? fromName;
  const from = statsbombId !== undefined ? '--statsbomb-id' : `the name of ${files.events}`;
  const match = pickMatch(files.match, values.matches, wanted, from);
  if (match.home_team.home_team_id === match.away_team.away_team_id) {
    fail(files.match, `${describeMatch(match)}: home and away are the same team`);
  }
  const events = checkEvents(files.events, values.events, match);
  const lineups = checkLineups(files.lineups, values.lineups, match);
  return { files, match, events, lineups };
}

/** Reads and checks the three files; a problem is a `ReplayError` naming the file. */
export async function readStatsBombFiles(
  files: StatsBombFiles,
  statsbombId?: number,
): Promise<StatsBombInput> {
  const [events, lineups, matches] = await Promise.all([
    readJson(files.events),
    readJson(files.lineups),
    readJson(files.match),
  ]);
  return checkStatsBombInput(files, { events, lineups, matches }, statsbombId);
}
