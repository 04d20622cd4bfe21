import { beforeAll, expect, it } from 'vitest';
import { loadHistoryStore } from '../../../src/ingest/analyze/history-loader.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo } from '../../helpers/demo-fixture.js';

/**
 * Issue 49: the analyses settle past handicap and total-goals lines on regular time, as
 * bookmakers do: a match won in extra time counts its 90-minute score; a shoot-out never counts.
 */
describeEachDatabase('analysis history: cup matches settle on regular time', ({ db }) => {
  let cases: DemoCases;
  beforeAll(async () => {
    ({ cases } = await loadDemo(db()));
  }, 300_000);

  it('takes extra time out of the score, leaves a shoot-out out of it', async () => {
    const id = cases.finishedMatchId;
    await db().prisma.match.update({
      where: { id },
      data: {
        homeScore: 3,
        awayScore: 3,
        etHomeScore: 1,
        etAwayScore: 1,
        penHomeScore: 4,
        penAwayScore: 2,
        decidedBy: 'penalties',
      },
    });
    const store = await loadHistoryStore(db().prisma);
    const i = store.indexById.get(id) ?? -1;
    expect([store.homeScore[i], store.awayScore[i]]).toEqual([2, 2]);
  });
});
