import type { MatchStatus } from '../../football/vocabulary.js';
import { tableOfRound } from './groups.js';
import type { TieBreak } from './rules.js';

/**
 * The standings engine (docs/decisions.md "Catalogue (issue 49): competitions and standings"):
 * a competition's tables computed from its season's matches as they stand, its point deductions
 * and its tie-break rules. Pure: no storage, no clock. The REST route, GraphQL and the live
 * table all call it with the matches read at that moment.
 */

export type Result = 'W' | 'D' | 'L';
export type TableType = 'total' | 'home' | 'away';

/** One match of the season as stored: the score after extra time (a shoot-out is not in it). */
export interface StandingsMatch {
  id: number;
  homeTeamId: number;
  awayTeamId: number;
  status: MatchStatus;
  homeScore: number | null;
  awayScore: number | null;
  kickoffUtc: Date;
  round: string | null;
}

export interface PointDeduction {
  teamId: number;
  points: number;
}

export interface StandingsInput<T extends { id: number; name: string }> {
  type: 'league' | 'cup';
  matches: readonly StandingsMatch[];
  /** Every team of the matches, by id (a team missing here is not shown). */
  teams: ReadonlyMap<number, T>;
  deductions: readonly PointDeduction[];
  rules: readonly TieBreak[];
  /** Count matches in play at their current score too (the live table). */
  live: boolean;
}

export interface StandingsRow<T> {
  position: number;
  team: T;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
  /** The last five results, oldest first, newest last. */
  form: Result[];
}

export interface Standings<T> {
  type: TableType;
  /** The cup's group (`Group A`); absent for a league or a cup's league phase. */
  group?: string;
  table: StandingsRow<T>[];
}

interface Counted {
  id: number;
  home: number;
  away: number;
  homeGoals: number;
  awayGoals: number;
  kickoff: number;
}

interface Tally {
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
  results: Result[];
}

const POINTS: Record<Result, number> = { W: 3, D: 1, L: 0 };
const FORM_LENGTH = 5;
const TABLE_TYPES: readonly TableType[] = ['total', 'home', 'away'];

const resultOf = (own: number, other: number): Result =>
  own > other ? 'W' : own < other ? 'L' : 'D';

/**
 * Whether a match counts, and at what score: finished ones at their final score; with `live`,
 * those in play at their current score (0-0 until the source reports one). A shoot-out adds
 * nothing to the stored score, so a match decided on penalties counts as the draw it was.
 */
function counted(match: StandingsMatch, live: boolean): Counted | null {
  const finished = match.status === 'finished' && match.homeScore !== null;
  const inPlay = live && match.status === 'live';
  if (!finished && !inPlay) {
    return null;
  }
  return {
    id: match.id,
    home: match.homeTeamId,
    away: match.awayTeamId,
    homeGoals: match.homeScore ?? 0,
    awayGoals: match.awayScore ?? 0,
    kickoff: match.kickoffUtc.getTime(),
  };
}

const emptyTally = (): Tally => ({
  played: 0,
  won: 0,
  drawn: 0,
  lost: 0,
  goalsFor: 0,
  goalsAgainst: 0,
  points: 0,
  results: [],
});

function add(tally: Tally, own: number, other: number): void {
  const result = resultOf(own, other);
  tally.played += 1;
  tally.won += result === 'W' ? 1 : 0;
  tally.drawn += result === 'D' ? 1 : 0;
  tally.lost += result === 'L' ? 1 : 0;
  tally.goalsFor += own;
  tally.goalsAgainst += other;
  tally.points += POINTS[result];
  tally.results.push(result);
}

/** Each team's record over `matches` (in kick-off order), counting the sides `type` counts. */
function tallies(
  teamIds: readonly number[],
  matches: readonly Counted[],
  type: TableType,
): Map<number, Tally> {
  const out = new Map(teamIds.map((id) => [id, emptyTally()]));
  for (const m of matches) {
    const home = out.get(m.home);
    const away = out.get(m.away);
    if (home && type !== 'away') {
      add(home, m.homeGoals, m.awayGoals);
    }
    if (away && type !== 'home') {
      add(away, m.awayGoals, m.homeGoals);
    }
  }
  return out;
}

type Key = readonly number[];

const compareKeys = (a: Key, b: Key): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (b[i] ?? 0) - (a[i] ?? 0);
    if (d !== 0) {
      return d;
    }
  }
  return 0;
};

interface RankContext {
  tally: ReadonlyMap<number, Tally>;
  /** Points after deductions (the total table), else the tally's. */
  points: ReadonlyMap<number, number>;
  matches: readonly Counted[];
  type: TableType;
  nameOf: (id: number) => string;
}

/** The key a criterion ranks the teams still level by (higher first). */
function keysOf(criterion: TieBreak, ids: readonly number[], ctx: RankContext): Map<number, Key> {
  if (criterion === 'headToHead') {
    const among = new Set(ids);
    const meetings = ctx.matches.filter((m) => among.has(m.home) && among.has(m.away));
    const mini = tallies(ids, meetings, ctx.type);
    return new Map(
      ids.map((id) => {
        const t = mini.get(id) as Tally;
        return [id, [t.points, t.goalsFor - t.goalsAgainst, t.goalsFor]];
      }),
    );
  }
  return new Map(
    ids.map((id) => {
      const t = ctx.tally.get(id) as Tally;
      switch (criterion) {
        case 'points':
          return [id, [ctx.points.get(id) ?? t.points]];
        case 'goalDifference':
          return [id, [t.goalsFor - t.goalsAgainst]];
        case 'goalsFor':
          return [id, [t.goalsFor]];
        default:
          return [id, [t.won]];
      }
    }),
  );
}

/** Orders the teams by the criteria in turn, each applied to the teams the ones before left level. */
function rank(ids: readonly number[], criteria: readonly TieBreak[], ctx: RankContext): number[] {
  if (ids.length <= 1) {
    return [...ids];
  }
  const [criterion, ...rest] = criteria;
  if (!criterion) {
    return [...ids].sort((a, b) => ctx.nameOf(a).localeCompare(ctx.nameOf(b)) || a - b);
  }
  const keys = keysOf(criterion, ids, ctx);
  const levels = new Map<string, { key: Key; ids: number[] }>();
  for (const id of ids) {
    const key = keys.get(id) as Key;
    const text = key.join(',');
    const level = levels.get(text) ?? { key, ids: [] };
    level.ids.push(id);
    levels.set(text, level);
  }
  return [...levels.values()]
    .sort((a, b) => compareKeys(a.key, b.key))
    .flatMap((level) => rank(level.ids, rest, ctx));
}

function table<T extends { id: number; name: string }>(
  teamIds: readonly number[],
  matches: readonly Counted[],
  type: TableType,
  input: StandingsInput<T>,
  deductions: ReadonlyMap<number, number>,
): StandingsRow<T>[] {
  const tally = tallies(teamIds, matches, type);
  const points = new Map(
    teamIds.map((id) => [
      id,
      (tally.get(id) as Tally).points - (type === 'total' ? (deductions.get(id) ?? 0) : 0),
    ]),
  );
  const nameOf = (id: number) => input.teams.get(id)?.name ?? '';
  const order = rank(teamIds, input.rules, { tally, points, matches, type, nameOf });
  return order.map((id, i) => {
    const t = tally.get(id) as Tally;
    return {
      position: i + 1,
      team: input.teams.get(id) as T,
      played: t.played,
      won: t.won,
      drawn: t.drawn,
      lost: t.lost,
      goalsFor: t.goalsFor,
      goalsAgainst: t.goalsAgainst,
      goalDifference: t.goalsFor - t.goalsAgainst,
      points: points.get(id) as number,
      form: t.results.slice(-FORM_LENGTH),
    };
  });
}

/**
 * The competition's tables: for a league one `total`, `home` and `away` table; for a cup one of
 * each per group (and for a league phase), in group order; a knockout-only cup has none. Every
 * team of a table's matches is in it, played or not. Deductions count in `total` only.
 */
export function computeStandings<T extends { id: number; name: string }>(
  input: StandingsInput<T>,
): Standings<T>[] {
  const parts = new Map<
    string,
    { group: string | undefined; teams: Set<number>; all: Counted[] }
  >();
  const ordered = [...input.matches].sort(
    (a, b) => a.kickoffUtc.getTime() - b.kickoffUtc.getTime() || a.id - b.id,
  );
  for (const match of ordered) {
    const of = tableOfRound(match.round, input.type);
    if (!of) {
      continue;
    }
    const key = of.group ?? '';
    const part = parts.get(key) ?? { group: of.group, teams: new Set<number>(), all: [] };
    for (const id of [match.homeTeamId, match.awayTeamId]) {
      if (input.teams.has(id)) {
        part.teams.add(id);
      }
    }
    const c = counted(match, input.live);
    if (c) {
      part.all.push(c);
    }
    parts.set(key, part);
  }
  const deductions = new Map<number, number>();
  for (const d of input.deductions) {
    deductions.set(d.teamId, (deductions.get(d.teamId) ?? 0) + d.points);
  }
  return [...parts.values()]
    .sort((a, b) => (a.group ?? '').localeCompare(b.group ?? ''))
    .flatMap((part) =>
      TABLE_TYPES.map((type) => ({
        type,
        ...(part.group !== undefined ? { group: part.group } : {}),
        table: table([...part.teams], part.all, type, input, deductions),
      })),
    );
}
