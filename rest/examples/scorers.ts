import type { Static } from 'typebox';
import type { CompetitionScorers } from '../../src/wire/schemas/scorers.js';

const line = (
  rank: number,
  player: [number, string],
  team: [number, string],
  goals: number,
  penalties: number,
  assists: number,
  played: number,
) => ({
  rank,
  player: { id: player[0], name: player[1] },
  team: { id: team[0], name: team[1] },
  goals,
  penalties,
  assists,
  played,
});

/** GET /v1/football/competitions/{competitionId}/scorers: two level lines share rank 2. */
export const SCORERS = {
  competitionId: 1,
  season: 2024,
  scorers: [
    line(1, [7401, 'Mohamed Salah'], [4, 'Liverpool'], 29, 9, 18, 38),
    line(2, [7402, 'Alexander Isak'], [7, 'Newcastle'], 23, 4, 6, 34),
    line(2, [7403, 'Erling Haaland'], [18, 'Man City'], 23, 4, 3, 31),
  ],
} satisfies Static<typeof CompetitionScorers>;
