import type { Role, Squad, SquadPlayer } from '../calendar/squads.js';
import type { Rng } from '../random.js';

/** A player of one match sheet; stats are filled in from the events. */
export interface SheetPlayer extends SquadPlayer {
  starter: boolean;
  position: string;
  x: number | null;
  y: number | null;
  captain: boolean;
}

export interface TeamSheet {
  formation: string;
  coach: string;
  players: SheetPlayer[];
}

const FORMATIONS = ['4-3-3', '4-2-3-1', '4-4-2', '3-5-2', '3-4-3', '5-3-2', '4-1-4-1', '4-4-1-1'];
const FORMATION_WEIGHTS = [5, 6, 4, 2, 2, 1, 2, 2];
const BENCH: ReadonlyArray<[Role, number]> = [
  ['GK', 1],
  ['DF', 3],
  ['MF', 3],
  ['FW', 2],
];

function linePositions(kind: 'D' | 'DM' | 'CM' | 'AM' | 'F', n: number): string[] {
  const center = { D: 'CB', DM: 'DM', CM: 'CM', AM: 'AM', F: 'ST' }[kind];
  const out = Array.from({ length: n }, () => center);
  if (kind === 'D' && n >= 4) {
    const wide = n === 5 ? 'WB' : 'B';
    out[0] = `L${wide}`;
    out[n - 1] = `R${wide}`;
  } else if ((kind === 'F' || kind === 'AM') && n === 3) {
    out[0] = 'LW';
    out[2] = 'RW';
  } else if (kind !== 'D' && n >= 4) {
    out[0] = 'LM';
    out[n - 1] = 'RM';
  }
  return out;
}

function lineKinds(lines: number): Array<'D' | 'DM' | 'CM' | 'AM' | 'F'> {
  if (lines === 3) {
    return ['D', 'CM', 'F'];
  }
  return lines === 4 ? ['D', 'DM', 'AM', 'F'] : ['D', 'DM', 'CM', 'AM', 'F'];
}

/** Regulars first: a small random jitter on the squad order decides who plays. */
function rolePools(squad: Squad, rng: Rng): Record<Role, SquadPlayer[]> {
  const pools: Record<Role, Array<{ p: SquadPlayer; score: number }>> = {
    GK: [],
    DF: [],
    MF: [],
    FW: [],
  };
  squad.players.forEach((p, i) => {
    pools[p.role].push({ p, score: i + rng.normal(0, 2.5) });
  });
  const order = (list: Array<{ p: SquadPlayer; score: number }>) =>
    list.sort((a, b) => a.score - b.score).map(({ p }) => p);
  return { GK: order(pools.GK), DF: order(pools.DF), MF: order(pools.MF), FW: order(pools.FW) };
}

// Object spread is needlessly slow on Node 20 in this hot path; build the object directly.
function sheetPlayer(
  p: SquadPlayer,
  starter: boolean,
  position: string,
  x: number | null,
  y: number | null,
): SheetPlayer {
  return {
    id: p.id,
    name: p.name,
    number: p.number,
    role: p.role,
    starter,
    position,
    x,
    y,
    captain: false,
  };
}

/** Starters with pitch coordinates from the formation (x from the own goal line), then the bench. */
export function pickSheet(squad: Squad, rng: Rng): TeamSheet {
  const formation = FORMATIONS[rng.weighted(FORMATION_WEIGHTS)] ?? '4-4-2';
  const lines = formation.split('-').map(Number);
  const kinds = lineKinds(lines.length);
  const pools = rolePools(squad, rng);
  const take = (role: Role, n: number) => pools[role].splice(0, n);
  const players: SheetPlayer[] = [];
  const [gk] = take('GK', 1);
  if (gk) {
    players.push(sheetPlayer(gk, true, 'GK', 5, 50));
  }
  lines.forEach((n, li) => {
    const kind = kinds[li] ?? 'CM';
    const role: Role = kind === 'D' ? 'DF' : kind === 'F' ? 'FW' : 'MF';
    const picked = take(role, n);
    const x = 22 + (li * 58) / (lines.length - 1);
    linePositions(kind, n).forEach((position, j) => {
      const p = picked[j];
      if (p) {
        const y = (100 * (j + 1)) / (n + 1);
        players.push(sheetPlayer(p, true, position, round1(x), round1(y)));
      }
    });
  });
  for (const [role, count] of BENCH) {
    for (const p of take(role, count)) {
      players.push(sheetPlayer(p, false, role, null, null));
    }
  }
  const captain = players.find((p) => p.starter && p.name === squad.captain) ?? players[4];
  if (captain) {
    captain.captain = true;
  }
  return { formation, coach: squad.coach, players };
}

export function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
