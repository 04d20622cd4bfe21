import { coalescedCalls, coalescedReads } from '../db/coalesced-reads.js';
import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { rangeWindow, type TimeZone } from './match-day.js';
import {
  MATCH_COLUMNS,
  MATCH_JOINS,
  type MatchRecord,
  type MatchRow,
  type MatchStatus,
  toMatchRecord,
} from './match-record.js';

/** League and status filters (DECISIONS.md "Matches"); empty or absent means no filter. */
export interface MatchFilter {
  /** Competition names in any served language or the original name, case-insensitive. */
  leagues?: readonly string[];
  statuses?: readonly MatchStatus[];
}

export interface MatchListQuery extends MatchFilter {
  /** `YYYY-MM-DD`, a day local to `tz` (the first day when `to` is given). */
  date: string;
  /** The last day of a range `date`..`to`, both included (issue 49). */
  to?: string;
  /** UTC offset in minutes, or an IANA zone name. */
  tz: TimeZone;
  competitionId?: number;
  teamId?: number;
  /**
   * The request used a parameter of issue 49 (a range, `competitionId`, `teamId`): an unknown
   * `league`, `competitionId` or `teamId` is a 400, not an empty page (docs/decisions.md).
   */
  strict?: boolean;
  page: number;
  pageSize: number;
}

/** The instants `[from, to)` a list query covers: its day, or its range of days, in its zone. */
export const listWindow = (query: Pick<MatchListQuery, 'date' | 'to' | 'tz'>) =>
  rangeWindow(query.date, query.to ?? query.date, query.tz);

export interface MatchPage {
  items: MatchRecord[];
  total: number;
}

/**
 * A `league` value names competition c: its name in any served language, its original name or
 * its code (case-insensitively; lower() on both sides: the database's case folding decides,
 * consistently), or its id (issue 49).
 */
const leagueNames = (value: Prisma.Sql) => Prisma.sql`(lower(${value}) IN (lower(c.name_en),
  lower(c.name_zh_cn), lower(c.name_zh_hk), lower(c.name_original), lower(c.code))
  OR ${value} = c.id::text)`;

/** The filter as SQL over aliases m (matches) and c (competitions); TRUE when empty. */
function filterSql(filter: MatchFilter & Partial<MatchListQuery>): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (filter.statuses?.length) {
    parts.push(Prisma.sql`m.status = ANY(${[...filter.statuses]}::text[]::"MatchStatus"[])`);
  }
  if (filter.leagues?.length) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM unnest(${[...filter.leagues]}::text[]) AS l(v)
      WHERE ${leagueNames(Prisma.sql`l.v`)})`);
  }
  if (filter.competitionId !== undefined) {
    parts.push(Prisma.sql`m.competition_id = ${filter.competitionId}`);
  }
  if (filter.teamId !== undefined) {
    parts.push(
      Prisma.sql`(m.home_team_id = ${filter.teamId} OR m.away_team_id = ${filter.teamId})`,
    );
  }
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
}

/**
 * For a strict query: the columns saying which of its names and ids name nothing (read in the
 * page's one statement).
 */
function unknownsSql(query: MatchListQuery): Prisma.Sql {
  if (!query.strict) {
    return Prisma.empty;
  }
  const leagues = query.leagues ?? [];
  return Prisma.sql`,
    (SELECT array_agg(l.v) FROM unnest(${[...leagues]}::text[]) AS l(v)
      WHERE NOT EXISTS (SELECT 1 FROM competitions c WHERE ${leagueNames(Prisma.sql`l.v`)}))
      AS unknown_leagues,
    ${query.competitionId === undefined ? Prisma.sql`TRUE` : Prisma.sql`EXISTS (SELECT 1 FROM competitions WHERE id = ${query.competitionId})`}
      AS competition_known,
    ${query.teamId === undefined ? Prisma.sql`TRUE` : Prisma.sql`EXISTS (SELECT 1 FROM teams WHERE id = ${query.teamId})`}
      AS team_known`;
}

interface Unknowns {
  unknown_leagues?: string[] | null;
  competition_known?: boolean;
  team_known?: boolean;
}

/** A strict query naming what does not exist: 400 naming the parameter. */
function refuseUnknown(query: MatchListQuery, row: Unknowns | undefined): void {
  if (!query.strict || !row) {
    return;
  }
  const refuse = (parameter: string, detail: string) => {
    throw new ApiError('invalid_parameter', detail, { parameter });
  };
  if (row.unknown_leagues?.length) {
    refuse(
      'league',
      `Parameter 'league': no competition has the name, code or id ${row.unknown_leagues.map((v) => `'${v}'`).join(', ')}`,
    );
  }
  if (row.competition_known === false) {
    refuse('competitionId', `Parameter 'competitionId': no competition ${query.competitionId}`);
  }
  if (row.team_known === false) {
    refuse('teamId', `Parameter 'teamId': no team ${query.teamId}`);
  }
}

type PageRow = { total: number } & Unknowns & (MatchRow | { [K in keyof MatchRow]: null });

const isMatchRow = (row: PageRow): row is { total: number } & MatchRow => row.id !== null;

export function createMatchesService({ read }: { read: SqlRead }) {
  /**
   * One day's matches, one page: ONE round trip. The count row is always returned (LEFT JOIN
   * LATERAL), so a page past the end still knows the total.
   */
  async function readPage(query: MatchListQuery): Promise<MatchPage> {
    const { from, to } = listWindow(query);
    const offset = (query.page - 1) * query.pageSize;
    const rows = await read<PageRow>(Prisma.sql`
      WITH filtered AS (
        SELECT m.id FROM matches m JOIN competitions c ON c.id = m.competition_id
        WHERE m.kickoff_utc >= ${from} AND m.kickoff_utc < ${to} AND ${filterSql(query)}
      ), counted AS (SELECT count(*)::int AS total ${unknownsSql(query)} FROM filtered)
      SELECT counted.*, page.* FROM counted LEFT JOIN LATERAL (
        SELECT ${MATCH_COLUMNS} FROM filtered f JOIN matches m ON m.id = f.id ${MATCH_JOINS}
        ORDER BY m.kickoff_utc, m.id LIMIT ${query.pageSize} OFFSET ${offset}::bigint
      ) page ON TRUE
      ORDER BY page.kickoff_utc, page.id`);
    refuseUnknown(query, rows[0]);
    return { items: rows.filter(isMatchRow).map(toMatchRecord), total: rows[0]?.total ?? 0 };
  }

  /** Running matches (status `live`), narrowed by the filters; one round trip. */
  async function readLive(filter: MatchFilter): Promise<MatchRecord[]> {
    const rows = await read<MatchRow>(Prisma.sql`
      SELECT ${MATCH_COLUMNS} FROM matches m ${MATCH_JOINS}
      WHERE m.status = 'live' AND ${filterSql(filter)}
      ORDER BY m.kickoff_utc, m.id`);
    return rows.map(toMatchRecord);
  }

  /** One statement for the ids: unknown ids are absent from the map. */
  async function readByIds(ids: readonly number[]): Promise<Map<number, MatchRecord>> {
    if (ids.length === 0) {
      return new Map();
    }
    // One id is `= $1`, not `= ANY($1)`: PostgreSQL plans a prepared `ANY` for about ten rows
    // and hash-joins the teams for every lookup, four times the work of a primary-key read.
    const which =
      ids.length === 1 ? Prisma.sql`m.id = ${ids[0]}` : Prisma.sql`m.id = ANY(${[...ids]}::int[])`;
    const rows = await read<MatchRow>(Prisma.sql`
      SELECT ${MATCH_COLUMNS} FROM matches m ${MATCH_JOINS} WHERE ${which}`);
    return new Map(rows.map((r) => [r.id, toMatchRecord(r)]));
  }

  /**
   * Batch lookup for DataLoaders and the REST detail: the ids asked for by every request of the
   * same turn of the event loop are read together (coalesced-reads.ts).
   */
  const getByIds = coalescedReads(readByIds);

  /** Spec 4.5 rule 2: an unknown match is a 404. */
  async function getById(id: number): Promise<MatchRecord> {
    return (await getByIds([id])).get(id) ?? notFound(id);
  }

  /**
   * The day pages and live lists asked for by the requests of one turn of the event loop: each
   * distinct query is read once for all of them (coalesced-reads.ts). Today's page and the live
   * list are what most clients poll at once.
   */
  const list = coalescedCalls(readPage, (query) => JSON.stringify(query));
  const listLive = coalescedCalls(readLive, (filter) => JSON.stringify(filter));

  return { list, listLive, getByIds, getById };
}

export function notFound(matchId: number): never {
  throw new ApiError('not_found', `No match ${matchId}`);
}

export type MatchesService = ReturnType<typeof createMatchesService>;
