import type { PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';

export interface TeamView {
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
  return { getByOriginalName };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
