import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassScope } from '../../../src/ingest/sync/adapter.js';
import type { SourceFacts } from '../../../src/ingest/sync/facts.js';
import { apiFootballSource } from '../../../src/ingest/sync/sources/api-football/index.js';
import { plainProviderHttp } from '../../helpers/provider-http.js';
import {
  loadSession,
  type ProviderStandIn,
  startStandIn,
} from '../../helpers/provider-stand-in.js';

/** Chelsea v Manchester City through a live pass per step (test/fixtures/.../live.json). */
const MATCH = '1208029';
const NOW: Record<string, string> = {
  scheduled: '2024-08-18T15:00:00Z',
  'kick-off': '2024-08-18T15:31:30Z',
  goal: '2024-08-18T15:49:40Z',
  'half-time': '2024-08-18T16:20:00Z',
  equaliser: '2024-08-18T16:52:10Z',
  'goal-withdrawn': '2024-08-18T16:55:30Z',
  'full-time': '2024-08-18T17:27:00Z',
};

let standIn: ProviderStandIn;
const seen: Record<string, { facts: SourceFacts; requests: string[] }> = {};

beforeAll(async () => {
  standIn = await startStandIn(loadSession('api-football', 'live'));
  const http = plainProviderHttp(
    apiFootballSource.name,
    standIn.url,
    apiFootballSource.credentials({ API_FOOTBALL_KEY: 'test-key' }),
  );
  for (const [step, now] of Object.entries(NOW)) {
    standIn.step(step);
    const before = standIn.requests.length;
    const scope: PassScope = { kind: 'live', now: new Date(now), live: [MATCH], paths: [] };
    const facts = await apiFootballSource.pass(scope, http);
    const requests = standIn.requests
      .slice(before)
      .map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`);
    seen[step] = { facts, requests };
  }
});

afterAll(() => standIn.stop());

const at = (step: string) => {
  const entry = seen[step];
  if (!entry) {
    throw new Error(`no pass for ${step}`);
  }
  return entry;
};
const match = (step: string) => at(step).facts.matches?.[0];
const events = (step: string) => at(step).facts.events?.find((e) => e.match === MATCH);
const eventIds = (step: string) => events(step)?.events.map((e) => e.sourceId);
const price = (step: string, market: string) =>
  at(step).facts.prices?.find((p) => p.match === MATCH && p.market === market);

describe('api-football live pass (live session)', () => {
  it('asks for the match by id, and for in-play odds only in play or about to start', () => {
    expect(at('scheduled').requests).toEqual([`/fixtures?ids=${MATCH}`]);
    expect(at('kick-off').requests).toEqual([`/fixtures?ids=${MATCH}`, '/odds/live?league=39']);
    expect(at('goal-withdrawn').requests).toHaveLength(2);
    expect(at('full-time').requests).toEqual([`/fixtures?ids=${MATCH}`]);
  });

  it('follows the status, the clock and the score', () => {
    const summary = Object.keys(NOW).map((step) => {
      const m = match(step);
      return [
        step,
        m?.status,
        m?.minute,
        m?.homeScore,
        m?.awayScore,
        m?.htHomeScore,
        m?.htAwayScore,
      ];
    });
    expect(summary).toEqual([
      ['scheduled', 'scheduled', null, null, null, null, null],
      ['kick-off', 'live', '1', 0, 0, null, null],
      ['goal', 'live', '18', 0, 1, null, null],
      ['half-time', 'live', 'HT', 0, 1, 0, 1],
      ['equaliser', 'live', '63', 1, 1, 0, 1],
      ['goal-withdrawn', 'live', '66', 0, 1, 0, 1],
      ['full-time', 'finished', null, 0, 2, 0, 1],
    ]);
  });

  it('lists the events in full, with ids that stay the same from pass to pass', () => {
    expect(events('goal')).toEqual({
      match: MATCH,
      complete: true,
      events: [
        {
          sourceId: 'goal:50:18:#1100',
          minute: 18,
          extraMinute: null,
          type: 'goal',
          side: 'away',
          player: 'E. Haaland',
          relatedPlayer: 'J. Doku',
          detail: 'Normal Goal',
          // Issue 49: documentation-v3 "Events" `player.id` and `assist.id`.
          playerSourceId: '1100',
          relatedPlayerSourceId: '81573',
        },
      ],
    });
    expect(events('half-time')?.events[2]).toMatchObject({
      sourceId: 'card:49:45+2:#5996',
      minute: 45,
      extraMinute: 2,
      type: 'yellow',
      side: 'home',
      player: 'Enzo',
      detail: 'Yellow Card - Argument',
    });
    expect(eventIds('equaliser')).toEqual([
      'goal:50:18:#1100',
      'card:49:32:#116117',
      'card:49:45+2:#5996',
      'subst:49:60:#19720',
      'goal:49:63:#283058',
    ]);
  });

  it('drops the goal VAR ruled out, from a list that says it is complete', () => {
    const list = events('goal-withdrawn');
    expect(list?.complete).toBe(true);
    expect(eventIds('goal-withdrawn')).not.toContain('goal:49:63:#283058');
    expect(list?.events.at(-1)).toEqual({
      sourceId: 'var:49:64:#283058',
      minute: 64,
      extraMinute: null,
      type: 'var',
      side: 'home',
      player: 'N. Jackson',
      relatedPlayer: null,
      detail: 'Goal cancelled',
      playerSourceId: '283058',
      relatedPlayerSourceId: null,
    });
  });

  it('names who came on in a substitution, from the team sheets', () => {
    const substitutions = events('full-time')?.events.filter((e) => e.type === 'substitution');
    expect(substitutions?.map((e) => [e.side, e.minute, e.player, e.relatedPlayer])).toEqual([
      ['home', 60, 'P. Neto', 'N. Madueke'],
      ['away', 72, 'J. Grealish', 'Savinho'],
    ]);
  });

  it('counts cards from the events and corners from the statistics', () => {
    expect(match('half-time')).toMatchObject({
      homeYellow: 2,
      awayYellow: 0,
      homeRed: 0,
      awayRed: 0,
      homeCorners: 2,
      awayCorners: 3,
    });
    expect(match('full-time')).toMatchObject({ homeYellow: 3, homeCorners: 5, awayCorners: 6 });
    expect(match('scheduled')).not.toHaveProperty('homeCorners');
  });

  it('places the starters on the pitch from the grid', () => {
    const sheets = at('scheduled').facts.lineups ?? [];
    expect(
      sheets.map((s) => [s.side, s.formation, s.coach, s.published, s.players.length]),
    ).toEqual([
      ['home', '4-2-3-1', 'E. Maresca', true, 15],
      ['away', '4-1-4-1', 'Guardiola', true, 15],
    ]);
    const spot = (side: string, name: string) => {
      const p = sheets.find((s) => s.side === side)?.players.find((x) => x.name === name);
      return [p?.x, p?.y, p?.starter];
    };
    expect(spot('home', 'Robert Sánchez')).toEqual([5, 50, true]);
    expect(spot('home', 'M. Cucurella')).toEqual([26.3, 20, true]);
    expect(spot('home', 'M. Gusto')).toEqual([26.3, 80, true]);
    expect(spot('home', 'C. Palmer')).toEqual([68.8, 50, true]);
    expect(spot('home', 'N. Jackson')).toEqual([90, 50, true]);
    expect(spot('away', 'J. Doku')).toEqual([68.8, 20, true]);
    expect(spot('away', 'M. Kovačić')).toEqual([47.5, 50, true]);
    expect(spot('away', 'Rodri')).toEqual([null, null, false]);
    expect(sheets[0]?.players[0]).toEqual({
      name: 'Robert Sánchez',
      shirtNumber: 1,
      position: 'G',
      x: 5,
      y: 50,
      starter: true,
      playerSourceId: '2273',
    });
  });

  it('maps the team statistics to touchline types', () => {
    expect(at('scheduled').facts.statistics).toBeUndefined();
    const rows = at('full-time').facts.statistics?.[0]?.rows ?? [];
    const row = (type: string) => rows.find((r) => r.type === type);
    expect(row('possession')).toEqual({ type: 'possession', home: 45, away: 55, sort: 0 });
    expect(row('shots')).toMatchObject({ home: 10, away: 15 });
    expect(row('shotsOnTarget')).toMatchObject({ home: 4, away: 6 });
    expect(row('passAccuracy')).toMatchObject({ home: 86, away: 90 });
    expect(row('expectedGoals')).toMatchObject({ home: 1.05, away: 1.82 });
    expect(row('yellowCards')).toMatchObject({ home: 3, away: null });
    expect(row('redCards')).toBeUndefined();
    expect(rows.map((r) => r.sort)).toEqual(rows.map((_, i) => i));
  });

  it('takes in-play prices at the answer time, with the score and clock they were shown at', () => {
    expect(at('kick-off').facts.bookmakers).toEqual([
      {
        sourceId: 'in-play',
        name: 'API-Football in-play',
        nameEn: 'API-Football in-play',
        isAggregate: false,
      },
    ]);
    const context = {
      match: MATCH,
      bookmaker: 'in-play',
      observedAt: '2024-08-18T15:31:20.000Z',
      liveScore: '0-0',
      liveMinute: '1',
    };
    expect(price('kick-off', 'had')).toEqual({
      ...context,
      market: 'had',
      home: 4.6,
      draw: 4,
      away: 1.7,
    });
    expect(price('kick-off', 'hdp')).toEqual({
      ...context,
      market: 'hdp',
      line: 0.75,
      home: 1.95,
      away: 1.9,
    });
    expect(price('kick-off', 'hilo')).toEqual({
      ...context,
      market: 'hilo',
      line: 3,
      over: 1.92,
      under: 1.93,
    });
    expect(price('goal', 'hdp')).toMatchObject({ line: 0.25, liveScore: '0-1', liveMinute: '18' });
    expect(price('half-time', 'hilo')).toMatchObject({ line: 2.75, liveMinute: 'HT' });
  });

  it('takes no price while the provider blocks bets (the VAR review)', () => {
    expect(at('goal-withdrawn').facts.prices).toBeUndefined();
    expect(at('goal-withdrawn').facts.bookmakers).toBeUndefined();
  });
});
