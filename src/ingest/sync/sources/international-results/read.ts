import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { SourceRefusal, type SourceResource } from '../../adapter.js';

export const SOURCE = 'international-results';

/** One row of results.csv: the score after extra time, a shoot-out left out. */
export interface ResultRow {
  date: string;
  home: string;
  away: string;
  homeScore: number | null;
  awayScore: number | null;
  tournament: string;
  city: string | null;
  country: string | null;
  neutral: boolean;
}

/** One row of goalscorers.csv; `team` is the side the goal counted for (an own goal's too). */
export interface GoalRow {
  date: string;
  home: string;
  away: string;
  team: string;
  scorer: string | null;
  minute: number | null;
  ownGoal: boolean;
  penalty: boolean;
}

/** One row of shootouts.csv: the winner only (the repository has no shoot-out scores). */
export interface ShootoutRow {
  date: string;
  home: string;
  away: string;
  winner: string;
}

/** The three files of one copy of the repository. */
export interface ResultFiles {
  results: ResultRow[];
  goals: GoalRow[];
  shootouts: ShootoutRow[];
}

type Cells = Readonly<Record<string, string>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The key of a match in all three files: its date and two teams. */
export const meetingKey = (r: { date: string; home: string; away: string }) =>
  `${r.date}|${r.home}|${r.away}`;

class Cell {
  constructor(
    private readonly refuse: (reason: string) => SourceRefusal,
    private readonly row: Cells,
    private readonly line: number,
  ) {}

  text(column: string): string {
    const value = this.row[column]?.trim();
    if (!value) {
      throw this.refuse(`row ${this.line}: '${column}' is empty`);
    }
    return value;
  }

  optionalText(column: string): string | null {
    const value = this.row[column]?.trim();
    return value && value !== 'NA' ? value : null;
  }

  date(): string {
    const value = this.text('date');
    if (!DATE.test(value)) {
      throw this.refuse(`row ${this.line}: 'date' ${value} is not YYYY-MM-DD`);
    }
    return value;
  }

  /** A count, or null for `NA` (a fixture not played yet, a goal without its minute). */
  count(column: string, max = 99): number | null {
    const value = this.optionalText(column);
    if (value === null) {
      return null;
    }
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > max) {
      throw this.refuse(`row ${this.line}: '${column}' ${value} is not a count`);
    }
    return n;
  }

  flag(column: string): boolean {
    const value = this.text(column).toUpperCase();
    if (value !== 'TRUE' && value !== 'FALSE') {
      throw this.refuse(`row ${this.line}: '${column}' ${value} is not TRUE or FALSE`);
    }
    return value === 'TRUE';
  }
}

/**
 * The checked rows of one CSV: a file that does not parse or a row that breaks the documented
 * columns refuses the whole file (nothing of it is used).
 */
async function rowsOf<T>(
  path: string,
  resource: SourceResource,
  columns: readonly string[],
  map: (cell: Cell) => T,
): Promise<T[]> {
  const refuse = (reason: string) => new SourceRefusal(SOURCE, resource, path, reason);
  let rows: Cells[];
  try {
    rows = parse(await readFile(path), {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }) as Cells[];
  } catch (error) {
    throw refuse(`not a readable CSV: ${(error as Error).message}`);
  }
  const missing = columns.filter((c) => rows[0] && !(c in rows[0]));
  if (missing.length > 0) {
    throw refuse(`missing columns ${missing.join(', ')}`);
  }
  return rows.map((row, i) => map(new Cell(refuse, row, i + 1)));
}

const exists = async (path: string) => (await stat(path).catch(() => null))?.isFile() ?? false;

/** results.csv and, beside it, goalscorers.csv and shootouts.csv (each optional). */
export async function readResultFiles(resultsPath: string): Promise<ResultFiles> {
  const folder = dirname(resultsPath);
  const results = await rowsOf(
    resultsPath,
    'matches',
    ['date', 'home_team', 'away_team', 'home_score', 'away_score', 'tournament'],
    (c) => ({
      date: c.date(),
      home: c.text('home_team'),
      away: c.text('away_team'),
      homeScore: c.count('home_score'),
      awayScore: c.count('away_score'),
      tournament: c.text('tournament'),
      city: c.optionalText('city'),
      country: c.optionalText('country'),
      neutral: c.optionalText('neutral')?.toUpperCase() === 'TRUE',
    }),
  );
  const goalsPath = join(folder, 'goalscorers.csv');
  const goals = (await exists(goalsPath))
    ? await rowsOf(
        goalsPath,
        'events',
        ['date', 'home_team', 'away_team', 'team', 'scorer', 'minute', 'own_goal', 'penalty'],
        (c) => ({
          date: c.date(),
          home: c.text('home_team'),
          away: c.text('away_team'),
          team: c.text('team'),
          scorer: c.optionalText('scorer'),
          minute: c.count('minute', 130),
          ownGoal: c.flag('own_goal'),
          penalty: c.flag('penalty'),
        }),
      )
    : [];
  const shootoutsPath = join(folder, 'shootouts.csv');
  const shootouts = (await exists(shootoutsPath))
    ? await rowsOf(shootoutsPath, 'matches', ['date', 'home_team', 'away_team', 'winner'], (c) => ({
        date: c.date(),
        home: c.text('home_team'),
        away: c.text('away_team'),
        winner: c.text('winner'),
      }))
    : [];
  return { results, goals, shootouts };
}
