import type { PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { type MatchRecord, names, type TeamRecord } from './match-record.js';

interface TeamView {
  id: number;
  nameOriginal: string;
  nameEn: string;
}

export function createTeamsService({ db }: { db: PrismaClient }) {
  /**
   * The team whose logo URL names it (DECISIONS.md "Matches": logos are keyed by the original
   * name); the lowest id when two teams share one. Unknown: 404.
   */
  async function getByOriginalName(nameOriginal: string): Promise<TeamView> {
    const team = await db.team.findFirst({
      where: { nameOriginal },
      orderBy: { id: 'asc' },
      select: { id: true, nameOriginal: true, nameEn: true },
    });
    if (!team) {
      throw new ApiError('not_found', `No team named '${nameOriginal}'`);
    }
    return team;
  }

  /** Teams by id, as a match record names them (for GraphQL's `node`); unknown ids are absent. */
  async function getByIds(ids: readonly number[]): Promise<Map<number, TeamRecord>> {
    const rows = await db.team.findMany({ where: { id: { in: [...ids] } }, select: NAME_COLUMNS });
    return new Map(
      rows.map((t) => [
        t.id,
        { id: t.id, names: names(t.nameEn, t.nameZhCn, t.nameZhHk), nameOriginal: t.nameOriginal },
      ]),
    );
  }

  /** Competitions by id, as a match record names them; unknown ids are absent. */
  async function getCompetitionsByIds(
    ids: readonly number[],
  ): Promise<Map<number, MatchRecord['competition']>> {
    const rows = await db.competition.findMany({
      where: { id: { in: [...ids] } },
      select: NAME_COLUMNS,
    });
    return new Map(
      rows.map((c) => [
        c.id,
        { id: c.id, names: names(c.nameEn, c.nameZhCn, c.nameZhHk), nameOriginal: c.nameOriginal },
      ]),
    );
  }

  return { getByOriginalName, getByIds, getCompetitionsByIds };
}

const NAME_COLUMNS = {
  id: true,
  nameEn: true,
  nameZhCn: true,
  nameZhHk: true,
  nameOriginal: true,
} as const;

export type TeamsService = ReturnType<typeof createTeamsService>;
