import type { Side } from '../../../../football/vocabulary.js';
import type { LineupFact, LineupPlayerFact } from '../../facts.js';
import type { SmFixture, SmLineupEntry } from './schemas.js';

const STARTING = 11;
const BENCH = 12;

/** Basic position types (docs: Definitions > Types > Lineups, positions and formations). */
const POSITIONS: ReadonlyMap<number, string> = new Map([
  [24, 'GK'],
  [25, 'DF'],
  [26, 'MF'],
  [27, 'FW'],
]);

const FORMATION = /^[0-9](-[0-9]){1,4}$/;

interface Cell {
  row: number;
  col: number;
}

/** "row:col" of `formation_field`; null when absent or not of that form. */
function cellOf(field: string | null | undefined): Cell | null {
  const parts = /^(\d+):(\d+)$/.exec(field ?? '');
  return parts ? { row: Number(parts[1]), col: Number(parts[2]) } : null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Pitch coordinates of the starters from their `formation_field` cells. Row 1 is the
 * goalkeeper and rows go up the pitch; Sportmonks numbers a formation's places right to left,
 * so column 1 of a row is its right-hand player. With R rows and n players in a row:
 * x = (row - 0.5) / R * 100 (distance from the own goal line) and
 * y = (n + 1 - col) / (n + 1) * 100 (distance from the left touchline).
 */
export function coordinates(cells: readonly (Cell | null)[]): ({ x: number; y: number } | null)[] {
  const known = cells.filter((c): c is Cell => c !== null);
  const rows = Math.max(0, ...known.map((c) => c.row));
  const width = (row: number) => {
    const line = known.filter((c) => c.row === row);
    return Math.max(line.length, ...line.map((c) => c.col));
  };
  return cells.map((c) => {
    if (c === null) {
      return null;
    }
    const n = width(c.row);
    return {
      x: round1(((c.row - 0.5) / rows) * 100),
      y: round1(((n + 1 - c.col) / (n + 1)) * 100),
    };
  });
}

function sheet(entries: readonly SmLineupEntry[]): LineupPlayerFact[] {
  const starters = entries
    .filter((e) => e.type_id === STARTING)
    .sort((a, b) => (a.formation_position ?? 99) - (b.formation_position ?? 99) || a.id - b.id);
  const bench = entries.filter((e) => e.type_id === BENCH).sort((a, b) => a.id - b.id);
  const places = coordinates(starters.map((e) => cellOf(e.formation_field)));
  const player = (e: SmLineupEntry, starter: boolean, place?: { x: number; y: number } | null) => ({
    name: e.player_name,
    shirtNumber: e.jersey_number ?? null,
    position: (e.position_id != null && POSITIONS.get(e.position_id)) || null,
    x: place?.x ?? null,
    y: place?.y ?? null,
    starter,
    playerSourceId: e.player_id == null ? null : String(e.player_id),
  });
  return [
    ...starters.map((e, i) => player(e, true, places[i])),
    ...bench.map((e) => player(e, false)),
  ];
}

/** Both team sheets of a fixture whose lineups are out; none before they are published. */
export function lineupFacts(match: string, fixture: SmFixture): LineupFact[] {
  return fixture.participants.flatMap((team) => {
    const entries = fixture.lineups.filter((e) => e.team_id === team.id);
    if (entries.length === 0) {
      return [];
    }
    const formation = fixture.formations.find((f) => f.participant_id === team.id)?.formation;
    const side: Side = team.meta.location;
    return [
      {
        match,
        side,
        published: true,
        formation: formation && FORMATION.test(formation) ? formation : null,
        players: sheet(entries),
      },
    ];
  });
}
