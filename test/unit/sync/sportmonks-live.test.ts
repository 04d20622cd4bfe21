import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassScope } from '../../../src/ingest/sync/adapter.js';
import type { SourceFacts } from '../../../src/ingest/sync/facts.js';
import { SportmonksSource } from '../../../src/ingest/sync/sources/sportmonks/index.js';
import { plainProviderHttp } from '../../helpers/provider-http.js';
import {
  loadSession,
  type ProviderStandIn,
  startStandIn,
} from '../../helpers/provider-stand-in.js';

const MATCH = '19134520';

describe('sportmonks: one match followed through live passes', () => {
  let standIn: ProviderStandIn;
  const source = new SportmonksSource();
  let seen = 0;

  beforeAll(async () => {
    standIn = await startStandIn(loadSession('sportmonks', 'live'));
  });
  afterAll(() => standIn.stop());

  /** A live pass at `time` (27 October 2024, UTC) in step `step`; the paths it requested. */
  async function livePass(step: string, time: string) {
    standIn.step(step);
    const http = plainProviderHttp(
      'sportmonks',
      standIn.url,
      source.credentials({ SPORTMONKS_TOKEN: 'test-sportmonks-token' }),
    );
    const scope: PassScope = {
      kind: 'live',
      now: new Date(`2024-10-27T${time}Z`),
      live: [MATCH],
      paths: [],
    };
    const facts = await source.pass(scope, http);
    const paths = standIn.requests.slice(seen).map((r) => r.path);
    seen = standIn.requests.length;
    return { facts, paths, match: facts.matches?.[0], events: facts.events?.[0] };
  }

  const ids = (facts: SourceFacts) => facts.events?.[0]?.events.map((e) => e.sourceId);

  it('shows the match before kick-off with its published team sheets', async () => {
    const { facts, paths, match } = await livePass('scheduled', '16:15:00');
    expect(paths).toEqual(['/livescores/inplay']);
    expect(match).toMatchObject({ status: 'scheduled', minute: null, homeScore: null });
    expect(facts.lineups?.map((l) => [l.side, l.formation, l.players.length])).toEqual([
      ['home', '4-3-3', 16],
      ['away', '4-2-3-1', 16],
    ]);
    expect(facts.events).toEqual([]);
  });

  it('follows kick-off and leaves out the other league match in play', async () => {
    const { facts, match, events } = await livePass('kick-off', '16:31:00');
    expect(facts.matches?.map((m) => m.sourceId)).toEqual([MATCH]);
    expect(facts.competitions?.map((c) => c.sourceId)).toEqual(['8']);
    expect(match).toMatchObject({ status: 'live', minute: '1', homeScore: 0, awayScore: 0 });
    expect(match?.htHomeScore).toBeNull();
    expect(events).toEqual({ match: MATCH, complete: true, events: [] });
  });

  it('counts a goal', async () => {
    const { match, events } = await livePass('goal', '16:40:00');
    expect(match).toMatchObject({ minute: '10', homeScore: 1, awayScore: 0, homeCorners: 1 });
    expect(events?.events).toMatchObject([
      { sourceId: '131700001', minute: 9, type: 'goal', side: 'home', player: 'Bukayo Saka' },
    ]);
  });

  it('writes stoppage time as 45+2', async () => {
    const { match, events } = await livePass('stoppage-time', '17:18:00');
    expect(match).toMatchObject({ minute: '45+2', homeScore: 1, awayScore: 1 });
    expect(events?.events[1]).toMatchObject({
      sourceId: '131700002',
      minute: 45,
      extraMinute: 2,
      side: 'away',
      player: 'Virgil van Dijk',
    });
  });

  it('stops the clock at half-time, then reads only the latest updates', async () => {
    const first = await livePass('half-time', '17:20:00');
    expect(first.paths).toEqual(['/livescores/inplay']);
    expect(first.match).toMatchObject({ minute: 'HT', htHomeScore: 1, htAwayScore: 1 });
    const soon = await livePass('half-time', '17:20:05');
    expect(soon.paths).toEqual(['/livescores/latest']);
    expect(soon.match).toMatchObject({ minute: 'HT', awayCorners: 3 });
  });

  it('keeps every event id across passes, and drops a goal withdrawn after VAR', async () => {
    const goal = await livePass('second-goal', '17:48:00');
    expect(goal.match).toMatchObject({ minute: '58', homeScore: 2, awayScore: 1 });
    expect(ids(goal.facts)).toEqual(['131700001', '131700002', '131700003']);

    const withdrawn = await livePass('goal-withdrawn', '17:52:00');
    expect(withdrawn.paths).toEqual(['/livescores/inplay']);
    expect(withdrawn.match).toMatchObject({ minute: '62', homeScore: 1, awayScore: 1 });
    expect(withdrawn.events?.complete).toBe(true);
    expect(ids(withdrawn.facts)).toEqual(['131700001', '131700002', '131700004']);
    expect(withdrawn.events?.events[2]).toMatchObject({
      type: 'var',
      minute: 60,
      side: 'home',
      detail: 'Goal Disallowed',
    });
  });

  it('finishes the match', async () => {
    const { match, events } = await livePass('full-time', '18:25:00');
    expect(match).toMatchObject({
      status: 'finished',
      minute: null,
      homeScore: 1,
      awayScore: 2,
      htHomeScore: 1,
      htAwayScore: 1,
      homeYellow: 1,
    });
    expect(events?.events.at(-1)).toMatchObject({
      type: 'yellow',
      minute: 90,
      extraMinute: 3,
      player: 'Thomas Partey',
    });
  });

  it('reads a match by id once the livescores no longer list it', async () => {
    const { paths, match } = await livePass('gone-from-livescores', '18:45:00');
    expect(paths).toEqual(['/livescores/inplay', `/fixtures/multi/${MATCH}`]);
    expect(match).toMatchObject({ sourceId: MATCH, status: 'finished', homeScore: 1 });
  });
});

describe('sportmonks: a postponed match, re-dated', () => {
  let standIn: ProviderStandIn;

  beforeAll(async () => {
    standIn = await startStandIn(loadSession('sportmonks', 'postponed'));
  });
  afterAll(() => standIn.stop());

  it('keeps its id while its status and kick-off change', async () => {
    const source = new SportmonksSource();
    const http = plainProviderHttp(
      'sportmonks',
      standIn.url,
      source.credentials({ SPORTMONKS_TOKEN: 'test-sportmonks-token' }),
    );
    const seen = [];
    for (const [step, now] of [
      ['scheduled', '2024-12-05T09:00:00Z'],
      ['postponed', '2024-12-07T09:00:00Z'],
      ['re-dated', '2025-01-10T09:00:00Z'],
    ] as const) {
      standIn.step(step);
      const scope: PassScope = {
        kind: 'full',
        now: new Date(now),
        from: '2024-12-01',
        to: '2025-02-28',
        competitions: ['8'],
        live: [],
        paths: [],
      };
      const facts = await source.pass(scope, http);
      seen.push(facts.matches?.map((m) => [m.sourceId, m.status, m.kickoffUtc]));
    }
    expect(seen).toEqual([
      [['19134568', 'scheduled', '2024-12-07T12:30:00.000Z']],
      [['19134568', 'postponed', '2024-12-07T12:30:00.000Z']],
      [['19134568', 'scheduled', '2025-02-12T19:30:00.000Z']],
    ]);
  });
});
