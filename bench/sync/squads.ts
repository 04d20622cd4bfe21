import { IMPORT_POOL, NAME_POOLS } from '../../src/ingest/demo/data/names.js';
import { Rng } from '../../src/ingest/demo/random.js';
import type { Club } from './clubs.js';

type Role = 'GK' | 'DF' | 'MF' | 'FW';

export interface Player {
  id: number;
  name: string;
  number: number;
  role: Role;
}

/** Sportmonks' basic position type ids (Definitions > Types > Lineups, positions and formations). */
export const POSITION_IDS: Readonly<Record<Role, number>> = { GK: 24, DF: 25, MF: 26, FW: 27 };

const SQUAD: ReadonlyArray<[Role, number]> = [
  ['GK', 2],
  ['DF', 7],
  ['MF', 7],
  ['FW', 4],
];

const squads = new Map<number, Player[]>();

/** A club's 20 players (names from the demo's English and import pools), the same every run. */
function squadOf(club: Club): Player[] {
  const cached = squads.get(club.sportmonksId);
  if (cached) {
    return cached;
  }
  const rng = new Rng('bench-sync', 'squad', club.sportmonksId);
  const english = NAME_POOLS['England'] ?? IMPORT_POOL;
  const used = new Set<string>();
  const numbers = rng.shuffle(Array.from({ length: 38 }, (_, i) => i + 2));
  const players: Player[] = [];
  for (const [role, count] of SQUAD) {
    for (let i = 0; i < count; i++) {
      let name = '';
      do {
        const pool = rng.chance(0.35) ? IMPORT_POOL : english;
        name = `${rng.pick(pool.given)} ${rng.pick(pool.family)}`;
      } while (used.has(name));
      used.add(name);
      const number = role === 'GK' && i === 0 ? 1 : (numbers.pop() ?? 99);
      players.push({ id: club.sportmonksId * 1000 + players.length + 1, name, number, role });
    }
  }
  squads.set(club.sportmonksId, players);
  return players;
}

/** A formation's rows from the goalkeeper up, each row's role and width. */
const FORMATIONS: Readonly<Record<string, ReadonlyArray<[Role, number]>>> = {
  '4-2-3-1': [
    ['GK', 1],
    ['DF', 4],
    ['MF', 2],
    ['MF', 3],
    ['FW', 1],
  ],
  '4-3-3': [
    ['GK', 1],
    ['DF', 4],
    ['MF', 3],
    ['FW', 3],
  ],
  '3-4-2-1': [
    ['GK', 1],
    ['DF', 3],
    ['MF', 4],
    ['MF', 2],
    ['FW', 1],
  ],
};

export const FORMATION_NAMES = Object.keys(FORMATIONS);

interface Starter extends Player {
  /** Sportmonks' `formation_field`, "row:col". */
  field: string;
  /** 1 to 11, the order Sportmonks lists the places in. */
  place: number;
}

export interface TeamSheet {
  formation: string;
  starters: Starter[];
  bench: Player[];
}

/** Eleven players in the formation's places and nine on the bench, picked for one match. */
export function teamSheet(club: Club, formation: string, rng: Rng): TeamSheet {
  const rows = FORMATIONS[formation] ?? FORMATIONS['4-3-3'] ?? [];
  const squad = squadOf(club);
  const free = new Map<Role, Player[]>(
    (['GK', 'DF', 'MF', 'FW'] as const).map((role) => [
      role,
      rng.shuffle(squad.filter((p) => p.role === role && !(role === 'GK' && p.number !== 1))),
    ]),
  );
  const starters: Starter[] = [];
  rows.forEach(([role, width], row) => {
    for (let col = 1; col <= width; col++) {
      const player = free.get(role)?.pop() ?? free.get('MF')?.pop() ?? free.get('DF')?.pop();
      if (player) {
        starters.push({ ...player, field: `${row + 1}:${col}`, place: starters.length + 1 });
      }
    }
  });
  const chosen = new Set(starters.map((p) => p.id));
  return { formation, starters, bench: squad.filter((p) => !chosen.has(p.id)).slice(0, 9) };
}
