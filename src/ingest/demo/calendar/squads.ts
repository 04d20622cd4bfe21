import { IMPORT_POOL, NAME_POOLS, type NamePool } from '../data/names.js';
import { Rng } from '../random.js';
import type { TeamInfo } from './teams.js';

export type Role = 'GK' | 'DF' | 'MF' | 'FW';

export interface SquadPlayer {
  /** The player's id (players.ndjson): one per club, year and place in the squad. */
  id: number;
  name: string;
  number: number;
  role: Role;
}

export interface Squad {
  players: SquadPlayer[];
  coach: string;
  /** Name of the club captain (starts most matches). */
  captain: string;
}

const ROLES: ReadonlyArray<[Role, number]> = [
  ['GK', 3],
  ['DF', 8],
  ['MF', 8],
  ['FW', 6],
];
const GK_NUMBERS = [1, 21, 31];

function personName(pool: NamePool, rng: Rng): string {
  const given = rng.pick(pool.given);
  const family = rng.pick(pool.family);
  return pool.familyFirst ? `${family} ${given}` : `${given} ${family}`;
}

const squads = new Map<string, Squad>();

/**
 * Ids of a club's squad of one year, apart from other clubs' and years' (team ids stay below
 * 10 000 and years below 3125) and the same in every run.
 */
export const playerIdOf = (teamId: number, year: number, index: number) =>
  100_000_000 + teamId * 100_000 + year * 32 + index;

/** Frees the squads built for a run (they are cached only while a folder is written). */
export function clearSquads(): void {
  squads.clear();
}

/** A club's squad for one year: same seed, same players, so histories stay consistent. */
export function squadFor(seed: number, team: TeamInfo, year: number): Squad {
  const key = `${seed}|${team.id}|${year}`;
  const cached = squads.get(key);
  if (cached) {
    return cached;
  }
  const rng = new Rng(seed, 'squad', team.id, year);
  const local = NAME_POOLS[team.country] ?? IMPORT_POOL;
  const used = new Set<string>();
  const numbers = rng.shuffle(
    Array.from({ length: 38 }, (_, i) => i + 2).filter((n) => !GK_NUMBERS.includes(n)),
  );
  const players: SquadPlayer[] = [];
  for (const [role, count] of ROLES) {
    for (let i = 0; i < count; i++) {
      let name = '';
      do {
        name = personName(rng.chance(0.2) ? IMPORT_POOL : local, rng);
      } while (used.has(name));
      used.add(name);
      const number = role === 'GK' ? (GK_NUMBERS[i] ?? 41) : (numbers.pop() ?? 99);
      players.push({ id: playerIdOf(team.id, year, players.length), name, number, role });
    }
  }
  const captain = players[3 + rng.int(0, 10)]?.name ?? '';
  const squad = { players, coach: personName(local, rng), captain };
  squads.set(key, squad);
  return squad;
}
