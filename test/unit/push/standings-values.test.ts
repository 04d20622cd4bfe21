import { describe, expect, it } from 'vitest';
import type { Services } from '../../../src/deps.js';
import type { StandingsAnswer, StandingsRequest } from '../../../src/football/standings.js';
import { createStandingsValues } from '../../../src/push/standings-values.js';

/** A standings service that counts its reads and answers a one-team table with `points`. */
function countingStandings() {
  const reads: { request: StandingsRequest; fresh: boolean }[] = [];
  let points = 0;
  const standings = {
    standings: async (request: StandingsRequest, fresh = false) => {
      reads.push({ request, fresh });
      const team = { id: 1, name: 'Ayr', names: { en: 'Ayr', 'zh-CN': '艾尔', 'zh-HK': '艾爾' } };
      return {
        competition: { id: request.competitionId },
        season: 2024,
        live: true,
        standings: [{ type: 'total', table: [{ position: 1, team, points, form: [] }] }],
      } as unknown as StandingsAnswer;
    },
  } as unknown as Services['standings'];
  return { standings, reads, score: () => (points += 3) };
}

describe('live standings values (issue 49)', () => {
  it('reads a competition once per write, however many streams and languages ask', async () => {
    const { standings, reads, score } = countingStandings();
    let upTo = 10n;
    const values = createStandingsValues({ standings }, () => upTo);
    const asked = await Promise.all(
      ['en', 'zh-HK', 'en', 'zh-CN', 'en'].map((language) =>
        values.textAt(7, undefined, 10n, language as 'en'),
      ),
    );
    expect(reads).toEqual([{ request: { competitionId: 7, live: true }, fresh: true }]);
    expect(asked[0]).toBe(asked[2]);
    expect(asked[1]).toContain('艾爾');
    // An earlier entry of the same write: the read made up to 10 shows it.
    await values.textAt(7, undefined, 9n, 'en');
    expect(reads).toHaveLength(1);
    // The next write is read again, once, and shows what it changed.
    score();
    upTo = 11n;
    const after = await Promise.all([1, 2, 3].map(() => values.textAt(7, undefined, 11n, 'en')));
    expect(reads).toHaveLength(2);
    expect(JSON.parse(after[0] as string).standings[0].table[0].points).toBe(3);
    values.close();
  });

  it('a competition without a table now is null, and the stream goes on', async () => {
    const standings = {
      standings: async () => {
        throw new Error('no season');
      },
    } as unknown as Services['standings'];
    const values = createStandingsValues({ standings }, () => 1n);
    expect(await values.textAt(7, undefined, 1n, 'en')).toBeNull();
    values.close();
  });
});
