import type { PrismaClient } from '../db/generated/client.js';
import type { EventType, Side } from '../football/vocabulary.js';
import { notFound } from './matches.js';

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
}

export interface MatchStatisticRecord {
  type: string;
  home: number | null;
  away: number | null;
}

/** Events and statistics of matches; batch variants key by match id (every known id present). */
export function createMatchEventsService({ db }: { db: PrismaClient }) {
  async function eventsForMatches(
    ids: readonly number[],
  ): Promise<Map<number, MatchEventRecord[]>> {
    const rows = await db.match.findMany({
      where: { id: { in: [...ids] } },
      select: {
        id: true,
        events: {
          orderBy: { seq: 'asc' },
          select: {
            seq: true,
            minute: true,
            extraMinute: true,
            type: true,
            side: true,
            player: true,
            relatedPlayer: true,
            detail: true,
          },
        },
      },
    });
    return new Map(rows.map((r) => [r.id, r.events]));
  }

  /** A match without events is `[]` (spec 4.5 rule 1); an unknown match is a 404. */
  async function eventsForMatch(id: number): Promise<MatchEventRecord[]> {
    return (await eventsForMatches([id])).get(id) ?? notFound(id);
  }

  async function statisticsForMatches(
    ids: readonly number[],
  ): Promise<Map<number, MatchStatisticRecord[]>> {
    const rows = await db.match.findMany({
      where: { id: { in: [...ids] } },
      select: {
        id: true,
        statistics: {
          orderBy: [{ sort: 'asc' }, { type: 'asc' }],
          select: { type: true, home: true, away: true },
        },
      },
    });
    return new Map(rows.map((r) => [r.id, r.statistics]));
  }

  async function statisticsForMatch(id: number): Promise<MatchStatisticRecord[]> {
    return (await statisticsForMatches([id])).get(id) ?? notFound(id);
  }

  return { eventsForMatches, eventsForMatch, statisticsForMatches, statisticsForMatch };
}

export type MatchEventsService = ReturnType<typeof createMatchEventsService>;
