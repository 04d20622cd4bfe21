import { describe, expect, it } from 'vitest';
import {
  computeStandings,
  type StandingsInput,
  type StandingsMatch,
} from '../../../src/analysis/standings/engine.js';
import { tableOfRound } from '../../../src/analysis/standings/groups.js';
import {
  DEFAULT_TIE_BREAKS,
  GOALS_FIRST,
  HEAD_TO_HEAD_FIRST,
  tieBreaksOf,
} from '../../../src/analysis/standings/rules.js';
import type { MatchStatus } from '../../../src/football/vocabulary.js';

const TEAMS = new Map(
  ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'].map((name, i) => [
    i + 1,
    { id: i + 1, name },
  ]),
);
const [A, B, C, D, E, F] = [1, 2, 3, 4, 5, 6];

let nextId = 1;
function match(
  home: number,
  away: number,
  score: [number, number] | null,
  day: number,
  extra: { status?: MatchStatus; round?: string } = {},
): StandingsMatch {
  return {
    id: nextId++,
    homeTeamId: home,
    awayTeamId: away,
    status: extra.status ?? (score ? 'finished' : 'scheduled'),
    homeScore: score?.[0] ?? null,
    awayScore: score?.[1] ?? null,
    kickoffUtc: new Date(Date.UTC(2024, 7, day, 15)),
    round: extra.round ?? null,
  };
}

const input = (
  matches: StandingsMatch[],
  more: Partial<StandingsInput<{ id: number; name: string }>> = {},
): StandingsInput<{ id: number; name: string }> => ({
  type: 'league',
  matches,
  teams: TEAMS,
  deductions: [],
  rules: GOALS_FIRST,
  live: false,
  ...more,
});

/** The order and points of one table as `Name points`. */
const order = (standings: ReturnType<typeof computeStandings>, i = 0) =>
  standings[i]?.table.map((r) => `${r.team.name} ${r.points}`);

// Alpha and Bravo end level on 4 points; Alpha has the better goal difference, Bravo won
// their meeting.
const LEVEL = () => [
  match(A, B, [0, 1], 1),
  match(A, C, [4, 0], 2),
  match(B, D, [0, 0], 3),
  match(A, D, [0, 0], 4),
];

describe('computeStandings', () => {
  it('ranks by goal difference before head-to-head where the rules say so (Premier League)', () => {
    const s = computeStandings(input(LEVEL()));
    expect(s.map((t) => [t.type, t.group])).toEqual([
      ['total', undefined],
      ['home', undefined],
      ['away', undefined],
    ]);
    expect(order(s)).toEqual(['Alpha 4', 'Bravo 4', 'Delta 2', 'Charlie 0']);
    expect(s[0]?.table[0]).toMatchObject({
      position: 1,
      played: 3,
      won: 1,
      drawn: 1,
      lost: 1,
      goalsFor: 4,
      goalsAgainst: 1,
      goalDifference: 3,
    });
  });

  it('ranks by head-to-head first where the rules say so (La Liga)', () => {
    const s = computeStandings(input(LEVEL(), { rules: HEAD_TO_HEAD_FIRST }));
    expect(order(s)).toEqual(['Bravo 4', 'Alpha 4', 'Delta 2', 'Charlie 0']);
  });

  it('ranks three teams level on points by the table of their meetings only', () => {
    // Bravo, Charlie and Delta end on 3 points. Among them Charlie beat Bravo 3-0 and Bravo beat
    // Delta 1-0; Delta's points came from Alpha, so Delta has the best goal difference overall.
    const matches = [
      match(A, B, [1, 0], 1),
      match(B, C, [0, 3], 2),
      match(C, A, [0, 1], 3),
      match(D, A, [5, 0], 4),
      match(D, B, [0, 1], 5),
    ];
    const h2h = computeStandings(input(matches, { rules: HEAD_TO_HEAD_FIRST }));
    expect(order(h2h)).toEqual(['Alpha 6', 'Charlie 3', 'Bravo 3', 'Delta 3']);
    const goals = computeStandings(input(matches, { rules: GOALS_FIRST }));
    expect(order(goals)).toEqual(['Alpha 6', 'Delta 3', 'Charlie 3', 'Bravo 3']);
  });

  it('takes point deductions off the total table only', () => {
    const s = computeStandings(input(LEVEL(), { deductions: [{ teamId: A, points: 2 }] }));
    expect(order(s, 0)).toEqual(['Bravo 4', 'Alpha 2', 'Delta 2', 'Charlie 0']);
    // Home: Alpha 4 points from 3 home matches (no deduction there).
    expect(s[1]?.table.find((r) => r.team.id === A)?.points).toBe(4);
  });

  it('adds up two deductions of one team', () => {
    const s = computeStandings(
      input(LEVEL(), {
        deductions: [
          { teamId: B, points: 1 },
          { teamId: B, points: 2 },
        ],
      }),
    );
    expect(order(s)).toEqual(['Alpha 4', 'Delta 2', 'Bravo 1', 'Charlie 0']);
  });

  it('gives the last five results as form, newest last, in kick-off order', () => {
    const results: [number, number][] = [
      [2, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [3, 0],
      [0, 2],
    ];
    // Listed newest first (ids too): the engine orders by kick-off, not by id or list order.
    const matches = results.map((score, i) => match(E, F, score, 10 + i)).reverse();
    const s = computeStandings(input(matches));
    expect(s[0]?.table.find((r) => r.team.id === E)?.form).toEqual(['W', 'L', 'D', 'W', 'L']);
    expect(s[0]?.table.find((r) => r.team.id === F)?.form).toEqual(['L', 'W', 'D', 'L', 'W']);
    expect(s[0]?.table[0]?.played).toBe(6);
  });

  it('splits home and away records', () => {
    const s = computeStandings(input([match(A, B, [2, 1], 1), match(C, A, [3, 0], 2)]));
    const home = s.find((t) => t.type === 'home')?.table;
    const away = s.find((t) => t.type === 'away')?.table;
    expect(home?.find((r) => r.team.id === A)).toMatchObject({ played: 1, won: 1, points: 3 });
    expect(away?.find((r) => r.team.id === A)).toMatchObject({ played: 1, lost: 1, points: 0 });
    expect(away?.find((r) => r.team.id === A)?.form).toEqual(['L']);
  });

  it('counts a match decided on penalties as a draw at its score after extra time', () => {
    // Stored score 1-1 after extra time; the shoot-out (4-3) is not part of it.
    const s = computeStandings(input([match(A, B, [1, 1], 1)]));
    expect(s[0]?.table.map((r) => [r.team.name, r.drawn, r.points, r.form])).toEqual([
      ['Alpha', 1, 1, ['D']],
      ['Bravo', 1, 1, ['D']],
    ]);
  });

  it('counts live matches at their current score only when asked', () => {
    const matches = [
      match(A, B, [1, 0], 1),
      match(C, D, [2, 0], 2, { status: 'live' }),
      match(B, C, null, 3),
    ];
    const finished = computeStandings(input(matches));
    expect(order(finished)).toEqual(['Alpha 3', 'Charlie 0', 'Delta 0', 'Bravo 0']);
    expect(finished[0]?.table.find((r) => r.team.id === C)?.played).toBe(0);
    const live = computeStandings(input(matches, { live: true }));
    expect(order(live)).toEqual(['Charlie 3', 'Alpha 3', 'Bravo 0', 'Delta 0']);
  });

  it('shows every team of the season, played or not', () => {
    const s = computeStandings(input([match(A, B, null, 1), match(C, D, null, 1)]));
    expect(s[0]?.table.map((r) => [r.position, r.team.name, r.played])).toEqual([
      [1, 'Alpha', 0],
      [2, 'Bravo', 0],
      [3, 'Charlie', 0],
      [4, 'Delta', 0],
    ]);
  });

  it('gives a cup one table per group and leaves knockout rounds out', () => {
    const matches = [
      match(A, B, [1, 0], 1, { round: 'Group A' }),
      match(C, D, [0, 2], 1, { round: 'Group B, Matchday 1' }),
      match(A, D, [3, 3], 10, { round: 'Final' }),
    ];
    const s = computeStandings(input(matches, { type: 'cup' }));
    expect(s.map((t) => `${t.group} ${t.type}`)).toEqual([
      'Group A total',
      'Group A home',
      'Group A away',
      'Group B total',
      'Group B home',
      'Group B away',
    ]);
    expect(order(s, 0)).toEqual(['Alpha 3', 'Bravo 0']);
    expect(order(s, 3)).toEqual(['Delta 3', 'Charlie 0']);
    expect(s[0]?.table[0]?.played).toBe(1);
  });

  it('gives a cup league phase one table without a group, and a knockout cup none', () => {
    const phase = computeStandings(
      input([match(A, B, [1, 0], 1, { round: 'League, Matchday 1' })], { type: 'cup' }),
    );
    expect(phase.map((t) => [t.type, 'group' in t])).toEqual([
      ['total', false],
      ['home', false],
      ['away', false],
    ]);
    const knockout = computeStandings(
      input([match(A, B, [1, 0], 1, { round: 'Quarter-finals' })], { type: 'cup' }),
    );
    expect(knockout).toEqual([]);
  });
});

describe('tableOfRound', () => {
  it.each([
    ['Group A', 'cup', { group: 'Group A' }],
    ['GROUP_C', 'cup', { group: 'Group C' }],
    ['group h, matchday 3', 'cup', { group: 'Group H' }],
    ['League, Matchday 8', 'cup', { group: undefined }],
    ['Finals, Round of 16', 'cup', null],
    [null, 'cup', null],
    ['Matchday 3', 'league', { group: undefined }],
  ] as const)('%s in a %s', (round, type, expected) => {
    expect(tableOfRound(round, type)).toEqual(expected);
  });
});

describe('tieBreaksOf', () => {
  it('knows the competitions by any source code, and lets the stored rules win', () => {
    expect(tieBreaksOf('E0', null)).toEqual(GOALS_FIRST);
    expect(tieBreaksOf('es.1', null)).toEqual(HEAD_TO_HEAD_FIRST);
    expect(tieBreaksOf('CHN-CSL', null)).toEqual(HEAD_TO_HEAD_FIRST);
    expect(tieBreaksOf('XYZ', null)).toEqual(DEFAULT_TIE_BREAKS);
    expect(tieBreaksOf('E0', ['points', 'wins'])).toEqual(['points', 'wins']);
  });
});
