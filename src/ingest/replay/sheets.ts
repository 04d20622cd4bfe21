import type { Side } from '../../football/vocabulary.js';
import type { Lineup, LineupPlayer } from '../format.js';
import type { EventDraft } from './incidents.js';
import type { PlayerNames, SideOf } from './participants.js';
import { statsBombPlayerId } from './references.js';
import type { StatsBombEvent, StatsBombLineupTeam, StatsBombMatch } from './statsbomb-schema.js';

/**
 * StatsBomb's position ids (open-data `doc/`): short name, and the spot on the pitch in the
 * import format's coordinates (x from the own goal line, y from the left touchline, 0-100).
 */
const POSITIONS: Readonly<Record<number, readonly [string, number, number]>> = {
  1: ['GK', 5, 50],
  2: ['RB', 25, 85],
  3: ['RCB', 20, 65],
  4: ['CB', 20, 50],
  5: ['LCB', 20, 35],
  6: ['LB', 25, 15],
  7: ['RWB', 40, 88],
  8: ['LWB', 40, 12],
  9: ['RDM', 38, 65],
  10: ['CDM', 38, 50],
  11: ['LDM', 38, 35],
  12: ['RM', 55, 85],
  13: ['RCM', 50, 67],
  14: ['CM', 50, 50],
  15: ['LCM', 50, 33],
  16: ['LM', 55, 15],
  17: ['RW', 72, 85],
  18: ['RAM', 65, 67],
  19: ['CAM', 65, 50],
  20: ['LAM', 65, 33],
  21: ['LW', 72, 15],
  22: ['RCF', 82, 62],
  23: ['ST', 85, 50],
  24: ['LCF', 82, 38],
  25: ['SS', 75, 50],
};

/** The import format's limits: shirt numbers 0-99, 60 players a sheet. */
const MAX_PLAYERS = 60;
const shirt = (n: number | null | undefined) =>
  n !== null && n !== undefined && n >= 0 && n <= 99 ? { shirtNumber: n } : {};

interface SheetPlayer {
  id: number;
  record: LineupPlayer;
}

/** A team sheet before the match: the starting XI (StatsBomb's Starting XI event), then the bench. */
export interface TeamSheet {
  side: Side;
  formation?: string;
  coach?: string;
  players: SheetPlayer[];
}

/** 41221 -> "4-1-2-2-1" (the import format takes two to five lines). */
function formationOf(code: number | null | undefined): string | undefined {
  const digits = code ? String(code).split('') : [];
  return digits.length >= 2 && digits.length <= 5 ? digits.join('-') : undefined;
}

function coachOf(match: StatsBombMatch, side: Side): string | undefined {
  const managers = side === 'home' ? match.home_team.managers : match.away_team.managers;
  const first = managers?.[0];
  return first ? (first.nickname ?? first.name) : undefined;
}

/**
 * Both sheets: starters from the Starting XI events (position, pitch spot), the bench from the
 * lineups file (its order), and anyone a substitution brings on who is on neither.
 */
export function teamSheets(
  input: {
    match: StatsBombMatch;
    events: readonly StatsBombEvent[];
    lineups: readonly StatsBombLineupTeam[];
  },
  sideOf: SideOf,
  names: PlayerNames,
): Record<Side, TeamSheet> {
  const sheets: Record<Side, TeamSheet> = {
    home: { side: 'home', players: [] },
    away: { side: 'away', players: [] },
  };
  const listed = new Set<number>();
  const add = (side: Side, id: number, record: LineupPlayer) => {
    if (!listed.has(id)) {
      listed.add(id);
      sheets[side].players.push({ id, record: { ...record, playerId: statsBombPlayerId(id) } });
    }
  };
  for (const e of input.events) {
    const xi = e.type.name === 'Starting XI' ? e.tactics : undefined;
    const sheet = sheets[sideOf(e.team.id)];
    if (!xi || sheet.players.length > 0) {
      continue;
    }
    const formation = formationOf(xi.formation);
    const coach = coachOf(input.match, sheet.side);
    Object.assign(sheet, formation ? { formation } : {}, coach ? { coach } : {});
    for (const p of xi.lineup) {
      const spot = POSITIONS[p.position.id];
      const place = spot ? { position: spot[0], x: spot[1], y: spot[2] } : {};
      add(sheet.side, p.player.id, {
        name: names(p.player),
        ...shirt(p.jersey_number),
        ...place,
        starter: true,
      });
    }
  }
  for (const team of input.lineups) {
    for (const p of team.lineup) {
      const player = { id: p.player_id, name: p.player_name };
      add(sideOf(team.team_id), p.player_id, {
        name: names(player),
        ...shirt(p.jersey_number),
        starter: false,
      });
    }
  }
  for (const e of input.events) {
    const on = e.substitution?.replacement;
    if (on) {
      add(sideOf(e.team.id), on.id, { name: names(on), starter: false });
    }
  }
  return sheets;
}

/** The sheet as it stands after `events`: goals, cards and substitution minutes filled in. */
export function sheetRecord(
  matchId: number,
  sheet: TeamSheet,
  events: readonly EventDraft[],
): Lineup {
  const byId = new Map(sheet.players.map((p) => [p.id, { ...p.record }]));
  for (const e of events) {
    if (e.side !== sheet.side) {
      continue;
    }
    const player = e.playerId === undefined ? undefined : byId.get(e.playerId);
    const related = e.relatedId === undefined ? undefined : byId.get(e.relatedId);
    if (player && (e.type === 'goal' || e.type === 'penalty')) {
      player.goals = (player.goals ?? 0) + 1;
    }
    if (player && (e.type === 'yellow' || e.type === 'second_yellow')) {
      player.yellowCards = Math.min(2, (player.yellowCards ?? 0) + 1);
    }
    if (player && (e.type === 'red' || e.type === 'second_yellow')) {
      player.redCards = 1;
    }
    if (e.type === 'substitution') {
      if (player) {
        player.subInMinute = e.minute;
      }
      if (related) {
        related.subOutMinute = e.minute;
      }
    }
  }
  return {
    matchId,
    side: sheet.side,
    published: true,
    ...(sheet.formation ? { formation: sheet.formation } : {}),
    ...(sheet.coach ? { coach: sheet.coach } : {}),
    players: [...byId.values()].slice(0, MAX_PLAYERS),
  };
}
