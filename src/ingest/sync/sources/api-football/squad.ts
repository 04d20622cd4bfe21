import type { ProviderLineup } from './schemas.js';

interface Listed {
  team: number;
  starter: boolean;
}

interface PlayerRef {
  id: number | null;
  name: string | null;
}

/** A player by id, or by name when the provider has no id for them. */
export const playerKey = (p: PlayerRef) => (p.id !== null ? `#${p.id}` : (p.name ?? ''));

/**
 * Who is on which team sheet, and whether they started. Events name players without saying which
 * side of a substitution or an own goal they are on; the sheets answer that where they list them.
 */
export class Squad {
  private readonly players = new Map<string, Listed>();

  constructor(lineups: readonly ProviderLineup[]) {
    for (const sheet of lineups) {
      for (const [list, starter] of [
        [sheet.startXI, true],
        [sheet.substitutes, false],
      ] as const) {
        for (const { player } of list) {
          this.players.set(playerKey(player), { team: sheet.team.id, starter });
        }
      }
    }
  }

  find(player: PlayerRef): Listed | undefined {
    const key = playerKey(player);
    return key === '' ? undefined : this.players.get(key);
  }
}
