import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { type Names, names, type TeamRecord } from './match-record.js';

/** A stored player with the club it plays for now: the domain value both doors present. */
export interface PlayerRecord {
  id: number;
  names: Names;
  nameOriginal: string | null;
  team: TeamRecord | null;
  position: string | null;
  nationality: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
}

interface PlayerRow {
  id: number;
  nameEn: string;
  nameZhCn: string | null;
  nameZhHk: string | null;
  nameOriginal: string | null;
  position: string | null;
  nationality: string | null;
  birthDate: string | null;
  teamId: number | null;
  teamEn: string | null;
  teamZhCn: string | null;
  teamZhHk: string | null;
  teamOriginal: string | null;
}

const playerRows = (ids: readonly number[]) => Prisma.sql`
  SELECT p.id, p.name_en AS "nameEn", p.name_zh_cn AS "nameZhCn", p.name_zh_hk AS "nameZhHk",
         p.name_original AS "nameOriginal", p.position, p.nationality,
         to_char(p.birth_date, 'YYYY-MM-DD') AS "birthDate",
         t.id AS "teamId", t.name_en AS "teamEn", t.name_zh_cn AS "teamZhCn",
         t.name_zh_hk AS "teamZhHk", t.name_original AS "teamOriginal"
    FROM players p LEFT JOIN teams t ON t.id = p.team_id
   WHERE p.id = ANY(${[...ids]}::int[])`;

function playerOf(row: PlayerRow): PlayerRecord {
  const team =
    row.teamId === null
      ? null
      : {
          id: row.teamId,
          names: names(row.teamEn ?? '', row.teamZhCn, row.teamZhHk),
          nameOriginal: row.teamOriginal ?? '',
        };
  return {
    id: row.id,
    names: names(row.nameEn, row.nameZhCn, row.nameZhHk),
    nameOriginal: row.nameOriginal,
    team,
    position: row.position,
    nationality: row.nationality,
    birthDate: row.birthDate,
  };
}

/** Players by id; the batch variant keys by id (unknown ids absent), the single one 404s. */
export function createPlayersService({ read }: { read: SqlRead }) {
  async function getByIds(ids: readonly number[]): Promise<Map<number, PlayerRecord>> {
    if (ids.length === 0) {
      return new Map();
    }
    const rows = await read<PlayerRow>(playerRows(ids));
    return new Map(rows.map((row) => [row.id, playerOf(row)]));
  }

  async function getById(id: number): Promise<PlayerRecord> {
    const player = (await getByIds([id])).get(id);
    if (!player) {
      throw new ApiError('not_found', `No player ${id}`);
    }
    return player;
  }

  return { getByIds, getById };
}

export type PlayersService = ReturnType<typeof createPlayersService>;
