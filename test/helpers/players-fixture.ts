import type { Database } from '../../src/db/database.js';
import { applyChanges } from '../../src/ingest/changes/apply.js';
import { checkChange } from '../../src/ingest/changes/format.js';

/** Two players the demo data does not have, written through the one writer. */
export const PALMER = 7311;
export const JACKSON = 7312;

export interface SeededPlayers {
  /** A finished match with published line-ups whose home side names both players. */
  matchId: number;
  club: { id: number; nameEn: string; nameZhHk: string | null };
}

/**
 * Adds Palmer (every optional field, a Hong Kong name, the home club of a finished match) and
 * Jackson (a name only), an event of that match naming both by id, and Palmer as the first
 * home starter of its line-up.
 */
export async function seedPlayers(db: Database): Promise<SeededPlayers> {
  const match = await db.prisma.match.findFirstOrThrow({
    where: { status: 'finished', lineupTeams: { every: { published: true }, some: {} } },
    orderBy: { id: 'asc' },
    include: { homeTeam: true },
  });
  const records = [
    {
      op: 'upsert',
      resource: 'players',
      record: {
        id: PALMER,
        nameEn: 'Cole Palmer',
        nameOriginal: 'Cole Palmer',
        nameZhHk: '帕爾馬',
        teamId: match.homeTeamId,
        position: 'Midfielder',
        nationality: 'England',
        birthDate: '2002-05-06',
      },
    },
    { op: 'upsert', resource: 'players', record: { id: JACKSON, nameEn: 'Nicolas Jackson' } },
    {
      op: 'upsert',
      resource: 'events',
      record: {
        matchId: match.id,
        seq: 900,
        minute: 90,
        extraMinute: 3,
        type: 'yellow',
        side: 'home',
        player: 'C. Palmer',
        playerId: PALMER,
        relatedPlayer: 'N. Jackson',
        relatedPlayerId: JACKSON,
      },
    },
  ];
  await applyChanges(
    db.prisma,
    records.map((value, i) => ({ line: i + 1, change: checkChange(value, i + 1, 'test') })),
    'test',
    new Date(),
  );
  await db.prisma.lineupPlayer.updateMany({
    where: { matchId: match.id, side: 'home', seq: 0 },
    data: { playerId: PALMER },
  });
  return { matchId: match.id, club: match.homeTeam };
}
