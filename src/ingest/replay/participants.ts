import type { Side } from '../../football/vocabulary.js';
import type { StatsBombLineupTeam, StatsBombMatch } from './statsbomb-schema.js';

/** Which side a StatsBomb team id plays on (the input is checked: only the match's two teams). */
export type SideOf = (teamId: number) => Side;

export function sidesOf(match: StatsBombMatch): SideOf {
  const home = match.home_team.home_team_id;
  return (teamId) => (teamId === home ? 'home' : 'away');
}

export const otherSide = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/**
 * The names players are shown by: the lineups' nickname where there is one ("Lionel Messi"),
 * else StatsBomb's full name ("Lionel Andrés Messi Cuccittini"). Events carry full names only;
 * one map keeps events and team sheets naming a player alike.
 */
export type PlayerNames = (player: { id: number; name: string }) => string;

export function playerNames(lineups: readonly StatsBombLineupTeam[]): PlayerNames {
  const names = new Map<number, string>();
  for (const team of lineups) {
    for (const p of team.lineup) {
      names.set(p.player_id, p.player_nickname ?? p.player_name);
    }
  }
  return (player) => names.get(player.id) ?? player.name;
}
