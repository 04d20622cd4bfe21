import type { LineupFact, LineupPlayerFact } from '../../facts.js';
import type { ProviderFixture, ProviderLineup } from './schemas.js';

type SheetPlayer = ProviderLineup['startXI'][number]['player'];

interface Cell {
  row: number;
  column: number;
}

const cellOf = (grid: string | null | undefined): Cell | undefined => {
  const [row, column] = (grid ?? '').split(':').map(Number);
  return row && column ? { row, column } : undefined;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Pitch coordinates from API-Football's grid "row:column" (documentation-v3 "Lineups": row 1 is
 * the goalkeeper's line and rows count up towards the opponent's goal; columns count across the
 * line, column 1 on the team's left: left backs and left wingers are listed as column 1).
 *
 *   x = 5 + (row - 1) * 85 / (rows - 1)      rows: the number of lines of the starting eleven
 *   y = 100 * column / (players in the row + 1)
 *
 * so the goalkeeper stands at x 5, the front line at x 90, and each line is spread evenly from
 * the left touchline (y 0) to the right one (y 100).
 */
function pitchCoordinates(starters: readonly SheetPlayer[]) {
  const cells = starters.map((p) => cellOf(p.grid));
  const rows = Math.max(0, ...cells.map((c) => c?.row ?? 0));
  const widths = new Map<number, number>();
  for (const cell of cells) {
    if (cell) {
      widths.set(cell.row, Math.max(widths.get(cell.row) ?? 0, cell.column));
    }
  }
  return cells.map((cell) => {
    if (!cell) {
      return { x: null, y: null };
    }
    const across = cells.filter((c) => c?.row === cell.row).length;
    const width = Math.max(across, widths.get(cell.row) ?? 0);
    return {
      x: rows > 1 ? round1(5 + ((cell.row - 1) * 85) / (rows - 1)) : 50,
      y: round1((100 * cell.column) / (width + 1)),
    };
  });
}

const SHIRT = (n: number | null) => (n !== null && n >= 0 && n <= 99 ? n : null);

function players(sheet: ProviderLineup): LineupPlayerFact[] {
  const starters = sheet.startXI.map((s) => s.player);
  const spots = pitchCoordinates(starters);
  const listed = [
    ...starters.map((player, i) => ({ player, starter: true, spot: spots[i] })),
    ...sheet.substitutes.map((s) => ({ player: s.player, starter: false, spot: undefined })),
  ];
  return listed
    .filter(({ player }) => Boolean(player.name))
    .map(({ player, starter, spot }) => ({
      name: player.name ?? '',
      shirtNumber: SHIRT(player.number),
      position: player.pos ? player.pos.slice(0, 20) : null,
      x: spot?.x ?? null,
      y: spot?.y ?? null,
      starter,
      playerSourceId: player.id === null ? null : String(player.id),
    }));
}

/** "4-2-3-1"; other shapes the import format does not take are left out. */
const formationOf = (text: string | null) =>
  text !== null && /^[0-9](-[0-9]){1,4}$/.test(text) ? text : null;

/** The team sheets: the provider lists them only once published. */
export function mapLineups(item: ProviderFixture): LineupFact[] {
  return (item.lineups ?? []).map((sheet) => ({
    match: String(item.fixture.id),
    side: sheet.team.id === item.teams.home.id ? 'home' : 'away',
    published: true,
    formation: formationOf(sheet.formation),
    coach: sheet.coach?.name ? sheet.coach.name : null,
    players: players(sheet).slice(0, 60),
  }));
}
