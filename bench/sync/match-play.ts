import type { Rng } from '../../src/ingest/demo/random.js';
import type { Club } from './clubs.js';
import { FORMATION_NAMES, type Player, type TeamSheet, teamSheet } from './squads.js';

export type Side = 'home' | 'away';

/** One thing that happened, before it is written in a provider's shape. */
export interface Happening {
  kind: 'goal' | 'penalty' | 'own_goal' | 'yellow' | 'red' | 'substitution';
  side: Side;
  minute: number;
  extraMinute: number | null;
  player: string;
  /** The assist, or the player replaced. */
  related: string | null;
  info: string | null;
}

/** A played match: both sheets, what happened in order, and the numbers of each side. */
export interface PlayedMatch {
  sheets: Record<Side, TeamSheet>;
  happenings: Happening[];
  goals: Record<Side, number>;
  halfTime: Record<Side, number>;
  stats: Record<Side, Record<string, number>>;
}

const SHOTS = ['Right foot shot', 'Left foot shot', 'Header'];
export const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

function minuteOf(rng: Rng, from: number, to: number): { minute: number; extra: number | null } {
  const minute = rng.int(from, to);
  const stoppage = (minute === 45 || minute === 90) && rng.chance(0.5);
  return { minute, extra: stoppage ? rng.int(1, 6) : null };
}

const outfield = (sheet: TeamSheet) => sheet.starters.filter((p) => p.role !== 'GK');

function goalsOf(rng: Rng, side: Side, count: number, sheets: Record<Side, TeamSheet>) {
  const out: Happening[] = [];
  for (let i = 0; i < count; i++) {
    const { minute, extra } = minuteOf(rng, 1, 90);
    const roll = rng.float();
    const kind = roll < 0.04 ? 'own_goal' : roll < 0.12 ? 'penalty' : 'goal';
    const shooters = outfield(sheets[kind === 'own_goal' ? other(side) : side]);
    const scorer = rng.pick(shooters);
    const assist = kind === 'goal' && rng.chance(0.7) ? rng.pick(shooters) : null;
    out.push({
      kind,
      side,
      minute,
      extraMinute: extra,
      player: scorer.name,
      related: assist && assist.name !== scorer.name ? assist.name : null,
      info: kind === 'goal' ? rng.pick(SHOTS) : kind === 'penalty' ? 'Penalty' : 'Own goal',
    });
  }
  return out;
}

function cardsOf(rng: Rng, side: Side, sheet: TeamSheet): Happening[] {
  const booked = rng.sample(outfield(sheet), Math.min(4, rng.poisson(1.8)));
  const out: Happening[] = booked.map((p) => {
    const { minute, extra } = minuteOf(rng, 10, 90);
    return {
      kind: 'yellow',
      side,
      minute,
      extraMinute: extra,
      player: p.name,
      related: null,
      info: 'Foul',
    };
  });
  if (rng.chance(0.05)) {
    const { minute, extra } = minuteOf(rng, 20, 89);
    out.push({
      kind: 'red',
      side,
      minute,
      extraMinute: extra,
      player: rng.pick(outfield(sheet)).name,
      related: null,
      info: 'Serious foul play',
    });
  }
  return out;
}

function substitutionsOf(rng: Rng, side: Side, sheet: TeamSheet): Happening[] {
  const on = rng.sample(
    sheet.bench.filter((p: Player) => p.role !== 'GK'),
    rng.int(3, 5),
  );
  const off = rng.sample(outfield(sheet), on.length);
  return on.map((player, i) => ({
    kind: 'substitution',
    side,
    minute: rng.int(46, 88),
    extraMinute: null,
    player: player.name,
    related: off[i]?.name ?? null,
    info: null,
  }));
}

const byClock = (a: Happening, b: Happening) =>
  a.minute - b.minute || (a.extraMinute ?? 0) - (b.extraMinute ?? 0);

function sideStats(rng: Rng, side: Side, match: Omit<PlayedMatch, 'stats'>, possession: number) {
  const count = (kind: Happening['kind']) =>
    match.happenings.filter((h) => h.side === side && h.kind === kind).length;
  const scored = match.goals[side];
  const onTarget = scored + rng.int(1, 6);
  const offTarget = rng.int(2, 8);
  const blocked = rng.int(0, 5);
  const passes = Math.round(possession * rng.between(9, 11));
  return {
    possession,
    shots: onTarget + offTarget + blocked,
    shotsOnTarget: onTarget,
    shotsOffTarget: offTarget,
    blockedShots: blocked,
    corners: rng.int(1, 10),
    fouls: rng.int(7, 16),
    offsides: rng.int(0, 4),
    yellowCards: count('yellow'),
    redCards: count('red'),
    passes,
    passAccuracy: rng.int(74, 91),
    attacks: rng.int(80, 125),
    dangerousAttacks: rng.int(30, 70),
  };
}

/** A match between two clubs, played out from their strengths (same rng, same match). */
export function playMatch(home: Club, away: Club, rng: Rng): PlayedMatch {
  const sheets = {
    home: teamSheet(home, rng.pick(FORMATION_NAMES), rng),
    away: teamSheet(away, rng.pick(FORMATION_NAMES), rng),
  };
  const lambda = (a: Club, b: Club, edge: number) =>
    Math.min(3.5, Math.max(0.3, 1.05 + edge + 0.28 * (a.strength - b.strength)));
  const goals = {
    home: rng.poisson(lambda(home, away, 0.2)),
    away: rng.poisson(lambda(away, home, 0)),
  };
  const happenings = [
    ...goalsOf(rng, 'home', goals.home, sheets),
    ...goalsOf(rng, 'away', goals.away, sheets),
    ...cardsOf(rng, 'home', sheets.home),
    ...cardsOf(rng, 'away', sheets.away),
    ...substitutionsOf(rng, 'home', sheets.home),
    ...substitutionsOf(rng, 'away', sheets.away),
  ].sort(byClock);
  const firstHalf = (side: Side) =>
    happenings.filter(
      (h) => h.side === side && h.minute <= 45 && ['goal', 'penalty', 'own_goal'].includes(h.kind),
    ).length;
  const played = {
    sheets,
    happenings,
    goals,
    halfTime: { home: firstHalf('home'), away: firstHalf('away') },
  };
  const possession = Math.round(50 + 4 * (home.strength - away.strength) + rng.int(-6, 6));
  return {
    ...played,
    stats: {
      home: sideStats(rng, 'home', played, possession),
      away: sideStats(rng, 'away', played, 100 - possession),
    },
  };
}
