import { coalescedCalls, coalescedReads } from '../db/coalesced-reads.js';
import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { dayWindow } from './match-day.js';
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
  /** `YYYY-MM-DD`, a day local to `tz`. */
  date: string;
  /** UTC offset in minutes. */
  tz: number;
  page: number;
  pageSize: number;
}

export interface MatchPage {
  items: MatchRecord[];
  total: number;
}

/** The filter as SQL over aliases m (matches) and c (competitions); TRUE when empty. */
function filterSql(filter: MatchFilter): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (filter.statuses?.length) {
    parts.push(Prisma.sql`m.status = ANY(${[...filter.statuses]}::text[]::"MatchStatus"[])`);
  }
  if (filter.leagues?.length) {
    // lower() on both sides: the database's case folding decides, consistently.
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM unnest(${[...filter.leagues]}::text[]) AS l(v)
      WHERE lower(l.v) IN (lower(c.name_en), lower(c.name_zh_cn), lower(c.name_zh_hk),
        lower(c.name_original)))`);
  }
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
}

type PageRow = { total: number } & (MatchRow | { [K in keyof MatchRow]: null });

const isMatchRow = (row: PageRow): row is { total: number } & MatchRow => row.id !== null;

export function createMatchesService({ read }: { read: SqlRead }) {
  /**
   * One day's matches, one page: ONE round trip. The count row is always returned (LEFT JOIN
   * LATERAL), so a page past the end still knows the total.
   */
  async function readPage(query: MatchListQuery): Promise<MatchPage> {
    const { from, to } = dayWindow(query.date, query.tz);
    const offset = (query.page - 1) * query.pageSize;
    const rows = await read<PageRow>(Prisma.sql`
      WITH filtered AS (
        SELECT m.id FROM matches m JOIN competitions c ON c.id = m.competition_id
        WHERE m.kickoff_utc >= ${from} AND m.kickoff_utc < ${to} AND ${filterSql(query)}
      ), counted AS (SELECT count(*)::int AS total FROM filtered)
      SELECT counted.total, page.* FROM counted LEFT JOIN LATERAL (
        SELECT ${MATCH_COLUMNS} FROM filtered f JOIN matches m ON m.id = f.id ${MATCH_JOINS}
        ORDER BY m.kickoff_utc, m.id LIMIT ${query.pageSize} OFFSET ${offset}::bigint
      ) page ON TRUE
      ORDER BY page.kickoff_utc, page.id`);
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
