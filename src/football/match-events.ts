import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import { notFound } from './matches.js';
import type { EventType, Side } from './vocabulary.js';

export type { EventType };

export interface MatchEventRecord {
  seq: number;
  minute: number;
  extraMinute: number | null;
  type: EventType;
  side: Side;
  player: string | null;
  relatedPlayer: string | null;
  detail: string | null;
  /** The players by id, where the source gives ids (`/players/{playerId}`). */
  playerId: number | null;
  relatedPlayerId: number | null;
}

export interface MatchStatisticRecord {
  type: string;
  home: number | null;
  away: number | null;
}

/**
 * One row per child, or one row of nulls for a match without any: a known match is never
 * absent. Plain rows through the driver (a named prepared statement), not Prisma's JSON relation
 * query: push reads a match's events on every change of them (docs/push.md).
 */
const eventRows = (ids: readonly number[]) => Prisma.sql`
  SELECT m.id AS "matchId", e.seq, e.minute, e.extra_minute AS "extraMinute", e.type::text AS type,
         e.side::text AS side, e.player, e.related_player AS "relatedPlayer", e.detail,
         e.player_id AS "playerId", e.related_player_id AS "relatedPlayerId"
    FROM matches m LEFT JOIN match_events e ON e.match_id = m.id
   WHERE m.id = ANY(${[...ids]}::int[])
   ORDER BY m.id, e.seq`;

const statisticRows = (ids: readonly number[]) => Prisma.sql`
  SELECT m.id AS "matchId", s.type, s.home, s.away
    FROM matches m LEFT JOIN match_statistics s ON s.match_id = m.id
   WHERE m.id = ANY(${[...ids]}::int[])
   ORDER BY m.id, s.sort, s.type`;

type Row<T> = { [K in keyof T]: T[K] | null } & { matchId: number };

/** Rows grouped by match, in row order; a match's row of nulls (no children) gives `[]`. */
function grouped<T>(rows: Row<T>[], present: (row: Row<T>) => row is Row<T> & T) {
  const byMatch = new Map<number, T[]>();
  for (const row of rows) {
    let children = byMatch.get(row.matchId);
    if (!children) {
      children = [];
      byMatch.set(row.matchId, children);
    }
    if (present(row)) {
      const { matchId: _matchId, ...child } = row;
      children.push(child as T);
    }
  }
  return byMatch;
}

/** Events and statistics of matches; batch variants key by match id (every known id present). */
export function createMatchEventsService({ read }: { read: SqlRead }) {
  async function eventsForMatches(
    ids: readonly number[],
  ): Promise<Map<number, MatchEventRecord[]>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await read<Row<MatchEventRecord>>(eventRows(ids));
    return grouped(
      rows,
      (row): row is Row<MatchEventRecord> & MatchEventRecord => row.seq !== null,
    );
  }

  /** A match without events is `[]` (spec 4.5 rule 1); an unknown match is a 404. */
  async function eventsForMatch(id: number): Promise<MatchEventRecord[]> {
    return (await eventsForMatches([id])).get(id) ?? notFound(id);
  }

  async function statisticsForMatches(
    ids: readonly number[],
  ): Promise<Map<number, MatchStatisticRecord[]>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await read<Row<MatchStatisticRecord>>(statisticRows(ids));
    return grouped(
      rows,
      (row): row is Row<MatchStatisticRecord> & MatchStatisticRecord => row.type !== null,
    );
  }

  async function statisticsForMatch(id: number): Promise<MatchStatisticRecord[]> {
    return (await statisticsForMatches([id])).get(id) ?? notFound(id);
  }

  return { eventsForMatches, eventsForMatch, statisticsForMatches, statisticsForMatch };
}

export type MatchEventsService = ReturnType<typeof createMatchEventsService>;
