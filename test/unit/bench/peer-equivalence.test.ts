import { describe, expect, it } from 'vitest';
import {
  differences,
  summarisePostGraphileDay,
  summariseTouchlineDay,
} from '../../../bench/peer/equivalence.js';
import { hongKongDay } from '../../../bench/peer/operations.js';

const market = { opening: { at: null }, closing: { at: null } };
const player = { name: 'P' };

const touchlineDay = (lineups: boolean) => ({
  data: {
    matches: {
      items: [
        {
          id: 7,
          score: { current: '2-1' },
          competition: { id: 1 },
          home: { id: 10 },
          away: { id: 11 },
          odds: { bookmakers: [{ had: market, hdp: null, hilo: market }, { had: market }] },
          lineups: lineups
            ? {
                home: { starters: [player, player], substitutes: [player] },
                away: { starters: [player], substitutes: [] },
              }
            : null,
        },
      ],
    },
  },
});

const postGraphileDay = (published: [boolean, boolean], homeScore: number | null = 2) => ({
  data: {
    allMatches: {
      nodes: [
        {
          rowId: 7,
          homeScore,
          awayScore: 1,
          competitionByCompetitionId: { rowId: 1 },
          teamByHomeTeamId: { rowId: 10 },
          teamByAwayTeamId: { rowId: 11 },
          oddsByMatchId: { nodes: [{}, {}, {}] },
          lineupTeamsByMatchId: { nodes: published.map((p) => ({ published: p })) },
          lineupPlayersByMatchId: { nodes: [{}, {}, {}, {}] },
        },
      ],
    },
  },
});

/** Issue 20: the peer bench fails unless both servers answer with the same data. */
describe('bench:peer: the same data from touchline and PostGraphile', () => {
  it('counts odds rows per market priced and players of served lineups alike', () => {
    const touchline = summariseTouchlineDay(touchlineDay(true));
    expect(touchline).toEqual([
      { id: 7, fingerprint: 'c1 10-11 2-1', oddsRows: 3, lineupPlayers: 4 },
    ]);
    expect(differences(touchline, summarisePostGraphileDay(postGraphileDay([true, true])))).toEqual(
      [],
    );
  });

  it('counts no players where a sheet is unpublished (touchline serves no lineups then)', () => {
    expect(
      differences(
        summariseTouchlineDay(touchlineDay(false)),
        summarisePostGraphileDay(postGraphileDay([true, false])),
      ),
    ).toEqual([]);
  });

  it('names each difference', () => {
    const found = differences(
      summariseTouchlineDay(touchlineDay(true)),
      summarisePostGraphileDay(postGraphileDay([true, false], 3)),
    );
    expect(found).toEqual([
      'match 7 fingerprint: touchline c1 10-11 2-1, PostGraphile c1 10-11 3-1',
      'match 7 lineupPlayers: touchline 4, PostGraphile 0',
    ]);
  });

  it('fails on another list of matches or an answer with errors', () => {
    const other = summarisePostGraphileDay(postGraphileDay([true, true]));
    expect(differences([], other)[0]).toMatch(/^match ids differ/);
    expect(() => summariseTouchlineDay({ errors: [{ message: 'x' }] })).toThrow(/no matches/);
  });

  it('turns a Hong Kong day into its UTC range', () => {
    expect(hongKongDay('2026-10-04')).toEqual({
      from: '2026-10-03T16:00:00.000Z',
      to: '2026-10-04T16:00:00.000Z',
    });
  });
});
