import { timeKey } from '../clock.js';
import type { SideName } from '../model.js';
import type { Rng } from '../random.js';
import type { Incident } from './incidents.js';
import type { SheetPlayer, TeamSheet } from './lineup.js';

const SCORER_WEIGHT = { GK: 0, DF: 1, MF: 3, FW: 6 } as const;
const GOAL_DETAILS = [
  'Right-footed shot',
  'Left-footed shot',
  'Header',
  'Right-footed shot',
  'Volley',
];
const CARD_DETAILS = ['Foul', 'Foul', 'Tactical foul', 'Dissent', 'Time wasting', 'Handball'];
const VAR_DETAILS = [
  'Goal disallowed - offside',
  'Goal confirmed',
  'Penalty cancelled',
  'Goal disallowed - handball',
  'Penalty confirmed',
];

interface SideState {
  sheet: TeamSheet;
  onPitch: SheetPlayer[];
  bench: SheetPlayer[];
  yellows: Set<string>;
}

function stateOf(sheet: TeamSheet): SideState {
  return {
    sheet,
    onPitch: sheet.players.filter((p) => p.starter),
    bench: sheet.players.filter((p) => !p.starter),
    yellows: new Set(),
  };
}

function weightedPlayer(players: SheetPlayer[], rng: Rng): SheetPlayer | undefined {
  if (players.length === 0) {
    return undefined;
  }
  return players[rng.weighted(players.map((p) => SCORER_WEIGHT[p.role] + 0.01))];
}

function sendOff(s: SideState, player: SheetPlayer): void {
  s.onPitch = s.onPitch.filter((p) => p !== player);
}

/** Fills in who did what, walking the match in order; incidents nobody could do are dropped. */
export function assignPlayers(
  incidents: Incident[],
  sheets: Record<SideName, TeamSheet>,
  rng: Rng,
): Incident[] {
  const state = { home: stateOf(sheets.home), away: stateOf(sheets.away) };
  const out: Incident[] = [];
  incidents.sort((a, b) => timeKey(a.time) - timeKey(b.time));
  for (const inc of incidents) {
    if (assignOne(inc, state, rng)) {
      out.push(inc);
    }
  }
  return out;
}

function assignOne(inc: Incident, state: Record<SideName, SideState>, rng: Rng): boolean {
  const own = state[inc.side];
  const other = state[inc.side === 'home' ? 'away' : 'home'];
  const outfield = own.onPitch.filter((p) => p.role !== 'GK');
  switch (inc.type) {
    case 'goal':
    case 'penalty':
    case 'missed_penalty': {
      const scorer = weightedPlayer(outfield, rng);
      if (!scorer) {
        return false;
      }
      inc.player = scorer.name;
      inc.playerId = scorer.id;
      if (inc.type === 'goal') {
        inc.detail = rng.pick(GOAL_DETAILS);
        const assist = rng.chance(0.7)
          ? weightedPlayer(
              outfield.filter((p) => p !== scorer),
              rng,
            )
          : undefined;
        if (assist) {
          inc.related = assist.name;
          inc.relatedId = assist.id;
        }
      } else {
        inc.detail =
          inc.type === 'penalty' ? 'Penalty' : rng.pick(['Saved', 'Missed', 'Hit the post']);
      }
      return true;
    }
    case 'own_goal': {
      const defender = rng.pick(other.onPitch.filter((p) => p.role === 'DF').concat(other.onPitch));
      inc.player = defender.name;
      inc.playerId = defender.id;
      inc.detail = 'Own goal';
      return true;
    }
    case 'yellow':
    case 'red':
    case 'second_yellow':
      return assignCard(inc, own, rng);
    case 'substitution':
      return assignSub(inc, own, outfield, rng);
    case 'var':
      inc.detail = rng.pick(VAR_DETAILS);
      return true;
    default:
      return true;
  }
}

function assignCard(inc: Incident, own: SideState, rng: Rng): boolean {
  const booked = own.onPitch.filter((p) => own.yellows.has(p.name));
  const pool =
    inc.type === 'second_yellow'
      ? booked
      : own.onPitch.filter((p) => !own.yellows.has(p.name) || inc.type === 'red');
  if (pool.length === 0) {
    return false;
  }
  const player = rng.pick(pool);
  inc.player = player.name;
  inc.playerId = player.id;
  inc.detail =
    inc.type === 'red'
      ? rng.pick(['Serious foul play', 'Violent conduct', 'Denied goal-scoring opportunity'])
      : rng.pick(CARD_DETAILS);
  if (inc.type === 'yellow') {
    own.yellows.add(player.name);
  } else {
    sendOff(own, player);
  }
  return true;
}

function assignSub(inc: Incident, own: SideState, outfield: SheetPlayer[], rng: Rng): boolean {
  const starters = outfield.filter((p) => p.starter);
  if (starters.length === 0) {
    return false;
  }
  const off = rng.pick(starters);
  const sameRole = own.bench.filter((p) => p.role === off.role);
  const candidates = sameRole.length > 0 ? sameRole : own.bench.filter((p) => p.role !== 'GK');
  if (candidates.length === 0) {
    return false;
  }
  const on = rng.pick(candidates);
  own.bench = own.bench.filter((p) => p !== on);
  own.onPitch = own.onPitch.map((p) => (p === off ? on : p));
  inc.player = on.name;
  inc.playerId = on.id;
  inc.related = off.name;
  inc.relatedId = off.id;
  return true;
}
