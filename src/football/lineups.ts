import type { SqlRead } from '../db/database.js';
import type { PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { type LineupsWire, readLineupsWire } from './lineups-wire.js';
import { notFound } from './matches.js';
import { existingMatchIds } from './odds/odds-match.js';
import type { Side } from './vocabulary.js';

export interface LineupPlayerRecord {
  name: string;
  shirtNumber: number | null;
  position: string | null;
  x: number | null;
  y: number | null;
  rating: number | null;
  starter: boolean;
  captain: boolean;
  goals: number;
  yellowCards: number;
  redCards: number;
  subInMinute: number | null;
  subOutMinute: number | null;
}

export interface LineupSideRecord {
  formation: string | null;
  coach: string | null;
  players: LineupPlayerRecord[];
}

export interface LineupsRecord {
  home: LineupSideRecord;
  away: LineupSideRecord;
}

/** Known match ids -> their published lineups, or null when either sheet is missing or unpublished. */
export function createLineupsService({ db, read }: { db: PrismaClient; read: SqlRead }) {
  async function lineupsForMatches(
    ids: readonly number[],
  ): Promise<Map<number, LineupsRecord | null>> {
    const rows = await db.match.findMany({
      where: { id: { in: [...ids] } },
      select: {
        id: true,
        lineupTeams: { select: { side: true, published: true, formation: true, coach: true } },
        lineupPlayers: { orderBy: [{ side: 'asc' }, { seq: 'asc' }] },
      },
    });
    return new Map(rows.map((r) => [r.id, assemble(r.lineupTeams, r.lineupPlayers)]));
  }

  /** Spec 2.11 / 4.5 rule 2: unpublished lineups are a 404, as is an unknown match. */
  async function lineupsForMatch(id: number): Promise<LineupsRecord> {
    const found = (await lineupsForMatches([id])).get(id);
    if (found === undefined) {
      return notFound(id);
    }
    if (found === null) {
      throw new ApiError('not_found', `No published lineups for match ${id}`);
    }
    return found;
  }

  /** Batched (DataLoader): published lineups in the REST shape (lineups-wire.ts); else absent. */
  const wireForMatches = (ids: readonly number[]) => readLineupsWire(read, ids);

  /** `lineupsForMatch` in the REST shape; the same 404s. */
  async function wireForMatch(id: number): Promise<LineupsWire> {
    const found = (await wireForMatches([id])).get(id);
    if (found) {
      return found;
    }
    if (!(await existingMatchIds(db, [id])).has(id)) {
      return notFound(id);
    }
    throw new ApiError('not_found', `No published lineups for match ${id}`);
  }

  return { lineupsForMatches, lineupsForMatch, wireForMatches, wireForMatch };
}

type TeamRow = {
  side: Side;
  published: boolean;
  formation: string | null;
  coach: string | null;
};
type PlayerRow = LineupPlayerRecord & { side: Side };

/** Both sheets must be published: half a lineup is not served. */
function assemble(teams: TeamRow[], players: PlayerRow[]): LineupsRecord | null {
  const side = (s: Side): LineupSideRecord | null => {
    const team = teams.find((t) => t.side === s);
    if (!team?.published) {
      return null;
    }
    const own = players.filter((p) => p.side === s).map(({ side: _side, ...p }) => p);
    return { formation: team.formation, coach: team.coach, players: own };
  };
  const home = side('home');
  const away = side('away');
  return home && away ? { home, away } : null;
}

export type LineupsService = ReturnType<typeof createLineupsService>;
