import { CLUBS, type Club } from './clubs.js';

/** One fixture of the recorded season. */
export interface Fixture {
  /** From 0, in round order: the Sportmonks fixture id is `FIRST_FIXTURE_ID + index`. */
  index: number;
  /** From 1 to 38. */
  round: number;
  home: Club;
  away: Club;
  kickoff: Date;
}

/** The first fixture id of Premier League 2024-25 at Sportmonks (its recorded sessions). */
export const FIRST_FIXTURE_ID = 19134454;
export const FIRST_ROUND_ID = 339235;
export const SEASON_ID = 23614;
export const SEASON_START = '2024-08-16';
export const SEASON_END = '2025-05-25';

const DAY_MS = 86_400_000;
/** Saturday of matchday 1; 37 more matchdays spread to the season's last weekend. */
const FIRST_SATURDAY = Date.parse('2024-08-17T00:00:00Z');
const DAYS_PER_ROUND = (Date.parse('2025-05-24T00:00:00Z') - FIRST_SATURDAY) / DAY_MS / 37;

/** A matchday's ten slots: days from its Saturday and the UTC time, as the league spreads them. */
const SLOTS: ReadonlyArray<[number, string]> = [
  [-1, '19:00'],
  [0, '11:30'],
  [0, '14:00'],
  [0, '14:00'],
  [0, '14:00'],
  [0, '14:00'],
  [0, '16:30'],
  [1, '13:00'],
  [1, '15:30'],
  [2, '19:00'],
];

/**
 * A double round robin of the 20 clubs (the circle method): rounds 1-19 and their return
 * fixtures, home and away swapped, as rounds 20-38. 380 fixtures.
 */
export function seasonSchedule(): Fixture[] {
  const clubs = [...CLUBS];
  const n = clubs.length;
  const pairs: [Club, Club][][] = [];
  const rotating = clubs.slice(1);
  for (let r = 0; r < n - 1; r++) {
    const order = [clubs[0] as Club, ...rotating];
    const round: [Club, Club][] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = order[i] as Club;
      const b = order[n - 1 - i] as Club;
      // Alternate who is at home so that no club is at home all first half.
      round.push((r + i) % 2 === 0 ? [a, b] : [b, a]);
    }
    pairs.push(round);
    rotating.unshift(rotating.pop() as Club);
  }
  const rounds = [...pairs, ...pairs.map((round) => round.map(([h, a]): [Club, Club] => [a, h]))];
  const fixtures: Fixture[] = [];
  rounds.forEach((round, r) => {
    const saturday = FIRST_SATURDAY + Math.round(r * DAYS_PER_ROUND) * DAY_MS;
    round.forEach(([home, away], slot) => {
      const [days, time] = SLOTS[slot] ?? [0, '14:00'];
      const [hours, minutes] = time.split(':').map(Number);
      const kickoff = new Date(
        saturday + days * DAY_MS + ((hours ?? 14) * 60 + (minutes ?? 0)) * 60_000,
      );
      fixtures.push({ index: fixtures.length, round: r + 1, home, away, kickoff });
    });
  });
  return fixtures;
}
