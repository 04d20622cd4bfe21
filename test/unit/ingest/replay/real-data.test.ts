import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkChange } from '../../../../src/ingest/changes/format.js';
import { readStatsBombFiles } from '../../../../src/ingest/replay/statsbomb-read.js';
import { buildTimeline } from '../../../../src/ingest/replay/timeline.js';
import { ROOT } from '../../../helpers/embedded-cli.js';
import { stateAfter } from '../../../helpers/statsbomb-fixture.js';

/** StatsBomb open data (licence: non-commercial, attribution) lives beside the repository only. */
const DIR = resolve(ROOT, '../shared/data/real/statsbomb');
const HAS_DATA = existsSync(DIR);
if (!HAS_DATA) {
  console.warn(`${DIR} is absent: the StatsBomb replay tests on real matches are SKIPPED`);
}

async function replayed(id: number) {
  const input = await readStatsBombFiles({
    events: resolve(DIR, `events/${id}.json`),
    lineups: resolve(DIR, `lineups/${id}.json`),
    match: resolve(DIR, 'matches.json'),
  });
  const timeline = buildTimeline(input, { kickoffUtc: '2026-11-25T19:00:00.000Z' });
  const state = stateAfter(timeline.steps);
  const events = (type: string) =>
    state.events.filter((e) => e.type === type).map((e) => [e.minute, e.side, e.player]);
  const stat = (type: string) => [
    state.statistics.get(type)?.home,
    state.statistics.get(type)?.away,
  ];
  return { timeline, state, events, stat };
}

describe.skipIf(!HAS_DATA)('replays of real StatsBomb matches', () => {
  it('15986 Barcelona 2-2 Girona: goals 18, 44, 50, 62; Lenglet sent off 32', async () => {
    const { timeline, state, events, stat } = await replayed(15986);
    expect(timeline.title).toBe('Barcelona v Girona');
    expect(state.match).toMatchObject({
      status: 'finished',
      homeScore: 2,
      awayScore: 2,
      htHomeScore: 1,
      htAwayScore: 1,
      homeCorners: 8,
      awayCorners: 2,
      homeRed: 1,
      homeYellow: 3,
      awayYellow: 5,
    });
    expect(events('goal')).toEqual([
      [18, 'home', 'Lionel Messi'],
      [44, 'away', 'Cristhian Stuani'],
      [50, 'away', 'Cristhian Stuani'],
      [62, 'home', 'Gerard Piqué'],
    ]);
    expect(events('red')).toEqual([[32, 'home', 'Clément Lenglet']]);
    expect(events('substitution')).toHaveLength(6);
    expect(stat('shots')).toEqual([20, 7]);
    expect(stat('shotsOnTarget')).toEqual([11, 5]);
    expect(stat('fouls')).toEqual([12, 16]);
    expect(state.lineups.get('home')?.formation).toBe('4-1-2-2-1');
    expect(state.lineups.get('away')?.formation).toBe('3-2-3-2');
    // About 111 minutes of wall time at speed 1 (48 + a 15-minute break + 48).
    expect(timeline.durationMs / 60_000).toBeCloseTo(111.15, 1);
  });

  it('3788741 Turkey 0-3 Italy: Demiral own goal 52, Immobile 65, Insigne 78', async () => {
    const { state, events, stat } = await replayed(3788741);
    expect(state.match).toMatchObject({
      status: 'finished',
      homeScore: 0,
      awayScore: 3,
      htHomeScore: 0,
      htAwayScore: 0,
      homeCorners: 2,
      awayCorners: 8,
      homeYellow: 2,
      awayYellow: 0,
      homeRed: 0,
      awayRed: 0,
    });
    expect(events('own_goal')).toEqual([[52, 'away', 'Merih Demiral']]);
    expect(events('goal')).toEqual([
      [65, 'away', 'Ciro Immobile'],
      [78, 'away', 'Lorenzo Insigne'],
    ]);
    expect(events('yellow').map(([minute]) => minute)).toEqual([87, 89]);
    expect(events('red')).toEqual([]);
    expect(events('substitution')).toHaveLength(9);
    expect(stat('shots')).toEqual([3, 24]);
    expect(stat('shotsOnTarget')).toEqual([0, 8]);
    expect(stat('fouls')).toEqual([14, 9]);
  });

  it('every record of both replays passes the feed’s own check', async () => {
    for (const id of [15986, 3788741]) {
      const { timeline } = await replayed(id);
      let line = 0;
      for (const change of timeline.steps.flatMap((s) => s.changes)) {
        line += 1;
        checkChange(change, line, `replay ${id}`);
      }
      expect(line).toBeGreaterThan(300);
    }
  });
});
