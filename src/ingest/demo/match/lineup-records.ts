import { SIDES } from '../../../football/vocabulary.js';
import type { Lineup, LineupPlayer } from '../../format.js';
import type { SideName } from '../model.js';
import type { Rng } from '../random.js';
import type { Incident } from './incidents.js';
import { round1, type SheetPlayer } from './lineup.js';
import type { PlayedMatch } from './play.js';

interface Tally {
  goals: number;
  assists: number;
  yellow: number;
  red: number;
  subIn: number | null;
  subOut: number | null;
}

function tallies(events: Incident[], side: SideName): Map<string, Tally> {
  const out = new Map<string, Tally>();
  const get = (name: string): Tally => {
    let t = out.get(name);
    if (!t) {
      t = { goals: 0, assists: 0, yellow: 0, red: 0, subIn: null, subOut: null };
      out.set(name, t);
    }
    return t;
  };
  for (const e of events) {
    if (e.side !== side || !e.player) {
      continue;
    }
    const t = get(e.player);
    if (e.type === 'goal' || e.type === 'penalty') {
      t.goals++;
      if (e.related) {
        get(e.related).assists++;
      }
    } else if (e.type === 'yellow' || e.type === 'second_yellow') {
      t.yellow++;
    }
    if (e.type === 'red' || e.type === 'second_yellow') {
      t.red = 1;
    }
    if (e.type === 'substitution' && e.related) {
      t.subIn = e.time.minute;
      get(e.related).subOut = e.time.minute;
    }
  }
  return out;
}

function rating(t: Tally | undefined, result: number, rng: Rng): number {
  const base = 6.6 + rng.normal(0, 0.45) + 0.25 * result;
  const bonus = t ? 0.9 * t.goals + 0.4 * t.assists - 0.3 * t.yellow - 1.6 * t.red : 0;
  return round1(Math.max(4.5, Math.min(10, base + bonus)));
}

function playerRecord(p: SheetPlayer, t: Tally | undefined, rated: number | null): LineupPlayer {
  const record: LineupPlayer = {
    name: p.name,
    shirtNumber: p.number,
    position: p.position,
    starter: p.starter,
    playerId: p.id,
  };
  if (p.x !== null && p.y !== null) {
    record.x = p.x;
    record.y = p.y;
  }
  if (rated !== null) {
    record.rating = rated;
  }
  if (p.captain) {
    record.captain = true;
  }
  if (t?.goals) {
    record.goals = t.goals;
  }
  if (t?.yellow) {
    record.yellowCards = Math.min(2, t.yellow);
  }
  if (t?.red) {
    record.redCards = 1;
  }
  if (t?.subIn != null) {
    record.subInMinute = t.subIn;
  }
  if (t?.subOut != null) {
    record.subOutMinute = t.subOut;
  }
  return record;
}

/** Both team sheets; ratings only once the match is over, and only for players who played. */
export function lineupRecords(
  matchId: number,
  played: Pick<PlayedMatch, 'sheets' | 'events' | 'score'>,
  finished: boolean,
  published: boolean,
  rng: Rng,
): Lineup[] {
  return SIDES.map((side) => {
    const sheet = played.sheets[side];
    const t = tallies(played.events, side);
    const diff = played.score.home - played.score.away;
    const result = Math.sign(side === 'home' ? diff : -diff);
    const players = sheet.players.map((p) => {
      const tally = t.get(p.name);
      const appeared = p.starter || tally?.subIn != null;
      return playerRecord(p, tally, finished && appeared ? rating(tally, result, rng) : null);
    });
    return { matchId, side, published, formation: sheet.formation, coach: sheet.coach, players };
  });
}

/** The sheets of a fixture not yet started: no events, no ratings. */
export function preMatchLineups(
  matchId: number,
  sheets: PlayedMatch['sheets'],
  published: boolean,
  rng: Rng,
): Lineup[] {
  return lineupRecords(
    matchId,
    { sheets, events: [], score: { home: 0, away: 0 } },
    false,
    published,
    rng,
  );
}
