import { coalescedCalls, coalescedReads } from '../db/coalesced-reads.js';
import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { rangeWindow } from './match-day.js';
import {
  MATCH_COLUMNS,
  MATCH_JOINS,
  type MatchRow,
  names,
  type TeamRecord,
  toMatchRecord,
} from './match-record.js';
import type { MatchPage } from './matches.js';
import type { TeamMatchesQuery } from './team-matches.js';

/** A team as its page shows it (issue 49: `GET /teams/{teamId}`). */
export interface TeamProfile extends TeamRecord {
  country: string | null;
  /** Every competition with a stored match of the team, by id. */
  competitionIds: number[];
}

interface ProfileRow {
  id: number;
  name_original: string;
  name_en: string;
  name_zh_cn: string | null;
  name_zh_hk: string | null;
  country: string | null;
  competition_ids: number[];
}

type PageRow = { total: number; team_known: boolean } & (
  | MatchRow
  | { [K in keyof MatchRow]: null }
);

const isMatchRow = (row: PageRow): row is PageRow & MatchRow => row.id !== null;

/** The team's matches a query picks, over alias m, without the team condition. */
function pickSql(query: TeamMatchesQuery): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (query.pick === 'last') {
    parts.push(Prisma.sql`m.status = 'finished'`);
  } else if (query.pick === 'next') {
    parts.push(Prisma.sql`m.status = 'scheduled'`);
  } else if (query.statuses?.length) {
    parts.push(Prisma.sql`m.status = ANY(${[...query.statuses]}::text[]::"MatchStatus"[])`);
  }
  if (query.from !== undefined && query.to !== undefined) {
    const { from, to } = rangeWindow(query.from, query.to, query.tz);
    parts.push(Prisma.sql`m.kickoff_utc >= ${from} AND m.kickoff_utc < ${to}`);
  }
  return parts.length ? Prisma.join(parts, ' AND ') : Prisma.sql`TRUE`;
}

/** Teams' pages and lists of their matches (issue 49), each in one statement. */
export function createTeamCatalogue({ read }: { read: SqlRead }) {
  async function readProfiles(ids: readonly number[]): Promise<Map<number, TeamProfile>> {
    if (ids.length === 0) {
      return new Map();
    }
    // Each side of the union walks its (team, kick-off) index.
    const rows = await read<ProfileRow>(Prisma.sql`
      SELECT t.id, t.name_original, t.name_en, t.name_zh_cn, t.name_zh_hk, t.country,
        ARRAY(SELECT m.competition_id FROM matches m WHERE m.home_team_id = t.id
              UNION SELECT m.competition_id FROM matches m WHERE m.away_team_id = t.id
              ORDER BY 1) AS competition_ids
      FROM teams t WHERE t.id = ANY(${[...ids]}::int[])`);
    return new Map(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          names: names(r.name_en, r.name_zh_cn, r.name_zh_hk),
          nameOriginal: r.name_original,
          country: r.country,
          competitionIds: r.competition_ids.map(Number),
        },
      ]),
    );
  }

  /** Batch lookup (DataLoaders, the REST page): unknown ids are absent. */
  const getProfiles = coalescedReads(readProfiles);

  async function getProfile(id: number): Promise<TeamProfile> {
    return (await getProfiles([id])).get(id) ?? notFound(id);
  }

  /**
   * One page of a team's matches: ONE round trip, whatever the page size. Home and away
   * matches are read apart, each through its (team, kick-off) index; the count row is always
   * there, so an unknown team is told from a team without matches.
   */
  async function readMatches(query: TeamMatchesQuery): Promise<MatchPage> {
    const team = query.teamId;
    const newestFirst = query.pick === 'last';
    const order = newestFirst ? Prisma.sql`DESC` : Prisma.sql`ASC`;
    const offset = (query.page - 1) * query.pageSize;
    const where = pickSql(query);
    // `last`/`next` are lists of N: their total is what they hold.
    const total =
      query.pick === 'all'
        ? Prisma.sql`count(*)::int`
        : Prisma.sql`least(count(*)::int, ${query.pageSize}::int)`;
    const rows = await read<PageRow>(Prisma.sql`
      WITH filtered AS (
        SELECT m.id, m.kickoff_utc FROM matches m WHERE m.home_team_id = ${team} AND ${where}
        UNION ALL
        SELECT m.id, m.kickoff_utc FROM matches m
        WHERE m.away_team_id = ${team} AND m.home_team_id <> ${team} AND ${where}
      ), counted AS (
        SELECT ${total} AS total, EXISTS (SELECT 1 FROM teams WHERE id = ${team}) AS team_known
        FROM filtered
      )
      SELECT counted.*, page.* FROM counted LEFT JOIN LATERAL (
        SELECT ${MATCH_COLUMNS} FROM (
          SELECT f.id FROM filtered f ORDER BY f.kickoff_utc ${order}, f.id ${order}
          LIMIT ${query.pageSize} OFFSET ${offset}::bigint
        ) f JOIN matches m ON m.id = f.id ${MATCH_JOINS}
      ) page ON TRUE
      ORDER BY page.kickoff_utc ${order}, page.id ${order}`);
    if (rows[0] && !rows[0].team_known) {
      notFound(team);
    }
    return { items: rows.filter(isMatchRow).map(toMatchRecord), total: rows[0]?.total ?? 0 };
  }

  /** The same list asked by several requests of one turn of the event loop is read once. */
  const listMatches = coalescedCalls(readMatches, (query) => JSON.stringify(query));

  return { getProfiles, getProfile, listMatches };
}

/** Issue 49: an unknown team is a 404 on its routes. */
function notFound(teamId: number): never {
  throw new ApiError('not_found', `No team ${teamId}`);
}

export type TeamCatalogue = ReturnType<typeof createTeamCatalogue>;
