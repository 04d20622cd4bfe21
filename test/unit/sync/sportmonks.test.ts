import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassScope, ProviderHttp } from '../../../src/ingest/sync/adapter.js';
import type { SourceFacts } from '../../../src/ingest/sync/facts.js';
import { SportmonksSource } from '../../../src/ingest/sync/sources/sportmonks/index.js';
import { plainProviderHttp } from '../../helpers/provider-http.js';
import {
  loadSession,
  type ProviderStandIn,
  startStandIn,
} from '../../helpers/provider-stand-in.js';

const TOKEN = 'test-sportmonks-token';
const INCLUDE =
  'participants;scores;state;periods;events;lineups;formations;statistics;league;venue;season;round';

function scope(over: Partial<PassScope>): PassScope {
  return { kind: 'full', now: new Date('2024-08-20T12:00:00Z'), live: [], paths: [], ...over };
}

function httpFor(standIn: ProviderStandIn, token = TOKEN): ProviderHttp {
  const source = new SportmonksSource();
  return plainProviderHttp(
    'sportmonks',
    standIn.url,
    source.credentials({ SPORTMONKS_TOKEN: token }),
  );
}

const match = (facts: SourceFacts, id: string) => facts.matches?.find((m) => m.sourceId === id);
const eventsOf = (facts: SourceFacts, id: string) => facts.events?.find((e) => e.match === id);

describe('sportmonks: a season read with one fixtures/between request', () => {
  let standIn: ProviderStandIn;
  let facts: SourceFacts;

  beforeAll(async () => {
    standIn = await startStandIn(loadSession('sportmonks', 'season'));
    const pass = scope({ competitions: ['8'], from: '2024-08-16', to: '2024-08-24' });
    facts = await new SportmonksSource().pass(pass, httpFor(standIn));
  });
  afterAll(() => standIn.stop());

  it('asks for the Premier League fixtures with every include, the token in a header', () => {
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.path).toBe('/fixtures/between/2024-08-16/2024-08-24');
    expect(request?.query).toEqual({
      include: INCLUDE,
      filters: 'fixtureLeagues:8',
      per_page: '50',
      page: '1',
    });
    expect(request?.headers['authorization']).toBe(TOKEN);
  });

  it('maps results and fixtures to be played', () => {
    expect(facts.matches).toHaveLength(9);
    expect(match(facts, '19134454')).toEqual({
      sourceId: '19134454',
      competition: '8',
      home: '14',
      away: '11',
      status: 'finished',
      minute: null,
      kickoffUtc: '2024-08-16T19:00:00.000Z',
      season: '2024-25',
      round: '1',
      venue: 'Old Trafford',
      homeScore: 1,
      awayScore: 0,
      htHomeScore: 0,
      htAwayScore: 0,
      penHomeScore: null,
      penAwayScore: null,
      decidedBy: null,
      winner: null,
      homeCorners: 7,
      awayCorners: 8,
      homeYellow: 2,
      awayYellow: 3,
      homeRed: 0,
      awayRed: 0,
    });
    expect(match(facts, '19134460')).toMatchObject({ homeScore: 1, awayScore: 2, htHomeScore: 1 });
    expect(match(facts, '19134464')).toMatchObject({
      status: 'scheduled',
      homeScore: null,
      htHomeScore: null,
      kickoffUtc: '2024-08-24T11:30:00.000Z',
    });
    expect(facts.competitions).toEqual([{ sourceId: '8', name: 'Premier League', code: 'UK PL' }]);
    expect(facts.teams).toHaveLength(15);
    expect(facts.teams?.find((t) => t.sourceId === '14')).toEqual({
      sourceId: '14',
      name: 'Manchester United',
      aliases: ['MUN'],
      competition: '8',
    });
  });

  it('lists every event of a played match by its Sportmonks id, none for one not started', () => {
    const events = eventsOf(facts, '19134454');
    expect(events?.complete).toBe(true);
    expect(events?.events.map((e) => e.minute)).toEqual([29, 34, 59, 61, 61, 64, 85, 87]);
    expect(events?.events.at(-1)).toEqual({
      sourceId: '126480107',
      minute: 87,
      extraMinute: null,
      type: 'goal',
      side: 'home',
      player: 'Joshua Zirkzee',
      relatedPlayer: 'Alejandro Garnacho',
      detail: 'Left foot shot',
      // Issue 49: the events include's `player_id` and `related_player_id`.
      playerSourceId: '30012',
      relatedPlayerSourceId: '30013',
    });
    expect(events?.events[3]).toMatchObject({
      type: 'substitution',
      player: 'Joshua Zirkzee',
      relatedPlayer: 'Mason Mount',
    });
    expect(eventsOf(facts, '19134458')?.events).toMatchObject([
      { type: 'red', side: 'home', player: 'Fabian Schär', minute: 28 },
      { type: 'goal', side: 'home', minute: 45, extraMinute: 1, player: 'Joelinton' },
    ]);
    expect(eventsOf(facts, '19134457')?.events.map((e) => [e.type, e.side])).toEqual([
      ['goal', 'away'],
      ['goal', 'away'],
      ['red', 'home'],
      ['goal', 'away'],
    ]);
    expect(eventsOf(facts, '19134464')).toBeUndefined();
  });

  it('places the starters on the pitch from their formation fields, bench after them', () => {
    const home = facts.lineups?.find((l) => l.match === '19134454' && l.side === 'home');
    expect(home).toMatchObject({ published: true, formation: '4-2-3-1' });
    expect(home?.players).toHaveLength(16);
    expect(home?.players.slice(0, 2)).toEqual([
      {
        name: 'André Onana',
        shirtNumber: 24,
        position: 'GK',
        x: 10,
        y: 50,
        starter: true,
        playerSourceId: '30001',
      },
      {
        name: 'Noussair Mazraoui',
        shirtNumber: 3,
        position: 'DF',
        x: 30,
        y: 80,
        starter: true,
        playerSourceId: '30002',
      },
    ]);
    const place = (name: string) => home?.players.find((p) => p.name === name);
    expect(place('Diogo Dalot')).toMatchObject({ x: 30, y: 20 });
    expect(place('Kobbie Mainoo')).toMatchObject({ x: 50, y: 66.7 });
    expect(place('Mason Mount')).toMatchObject({ x: 90, y: 50, position: 'FW' });
    expect(place('Joshua Zirkzee')).toEqual({
      name: 'Joshua Zirkzee',
      shirtNumber: 11,
      position: 'FW',
      x: null,
      y: null,
      starter: false,
      playerSourceId: '30012',
    });
    expect(facts.lineups?.filter((l) => l.match === '19134455')).toEqual([]);
  });

  it('names the statistics as touchline does', () => {
    const stats = facts.statistics?.find((s) => s.match === '19134454');
    expect(stats?.rows.map((r) => r.type)).toEqual([
      'possession',
      'shots',
      'shotsOnTarget',
      'shotsOffTarget',
      'blockedShots',
      'corners',
      'fouls',
      'offsides',
      'yellowCards',
      'redCards',
      'saves',
      'passes',
      'passAccuracy',
      'attacks',
      'dangerousAttacks',
    ]);
    expect(stats?.rows[0]).toEqual({ type: 'possession', home: 54, away: 46, sort: 0 });
    expect(stats?.rows.find((r) => r.type === 'shotsOnTarget')).toMatchObject({ home: 5, away: 2 });
  });
});
