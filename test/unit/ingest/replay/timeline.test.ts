import { describe, expect, it } from 'vitest';
import { checkChange } from '../../../../src/ingest/changes/format.js';
import { statsBombMatchId, statsBombPlayerId } from '../../../../src/ingest/replay/references.js';
import {
  AT_START,
  buildTimeline,
  LINEUPS_BEFORE_MS,
} from '../../../../src/ingest/replay/timeline.js';
import { fixtureInput, stateAfter, stepsUntil } from '../../../helpers/statsbomb-fixture.js';

const MIN = 60_000;
const KICKOFF = '2026-11-25T19:00:00.000Z';
const timeline = buildTimeline(fixtureInput(), { kickoffUtc: KICKOFF });
const at = (minutes: number) => stateAfter(stepsUntil(timeline.steps, minutes * MIN));

describe('the replay timeline of the synthetic match (Northbridge 1-2 Southport)', () => {
  it('every record passes the feed’s own check', () => {
    let line = 0;
    for (const step of timeline.steps) {
      for (const change of step.changes) {
        line += 1;
        expect(() => checkChange(change, line, 'replay')).not.toThrow();
      }
    }
    expect(line).toBeGreaterThan(100);
  });

  it('starts with the references, the scheduled match and a clean slate, then the team sheets', () => {
    const [first, sheets] = timeline.steps;
    expect(first?.atMs).toBe(AT_START);
    const kinds = first?.changes.map((c) => `${c.op} ${c.resource}`);
    expect(kinds?.slice(0, 4)).toEqual([
      'upsert competitions',
      'upsert teams',
      'upsert teams',
      'upsert matches',
    ]);
    expect(kinds?.filter((k) => k === 'delete events')).toHaveLength(7);
    expect(kinds).toContain('delete lineups');
    expect(at(-LINEUPS_BEFORE_MS / MIN - 1).match).toMatchObject({
      id: statsBombMatchId(9000001),
      status: 'scheduled',
      kickoffUtc: KICKOFF,
      season: '2025/2026',
      round: 'Matchday 7',
      venue: 'Fixture Park',
    });
    expect(sheets?.atMs).toBe(-LINEUPS_BEFORE_MS);
    const home = at(-1).lineups.get('home');
    expect(home).toMatchObject({ formation: '4-4-2', coach: 'Marty', published: true });
    expect(home?.players).toHaveLength(13);
    expect(home?.players[0]).toEqual({
      name: 'Adam Brook',
      shirtNumber: 1,
      position: 'GK',
      x: 5,
      y: 50,
      starter: true,
      playerId: expect.any(Number),
    });
    // Nicknames from the lineups file name players in sheets and events alike.
    expect(home?.players[9]?.name).toBe('Harry Nine');
    expect(home?.players.filter((p) => p.starter)).toHaveLength(11);
    expect(at(-1).match?.status).toBe('scheduled');
  });

  it('runs the clock: 1 at kick-off, stoppage, HT, 46 after the break, finished at the end', () => {
    expect(at(0).match).toMatchObject({ status: 'live', minute: '1', homeScore: 0, awayScore: 0 });
    expect(at(30).match?.minute).toBe('30');
    expect(at(46).match?.minute).toBe('45+1');
    expect(at(47).match).toMatchObject({ minute: 'HT', htHomeScore: 1, htAwayScore: 0 });
    expect(at(61).match?.minute).toBe('HT');
    expect(at(62).match?.minute).toBe('46');
    expect(at(109).match?.minute).toBe('90+2');
    const final = at(110).match;
    expect(final).toMatchObject({ status: 'finished', homeScore: 1, awayScore: 2 });
    expect(final?.minute).toBeUndefined();
    expect(timeline.durationMs).toBe(110 * MIN);
    expect(timeline.steps.at(-1)?.atMs).toBe(110 * MIN);
  });

  it('plays every incident as an event, with the running score', () => {
    const events = at(110).events.map((e) => [
      e.seq,
      e.extraMinute ? `${e.minute}+${e.extraMinute}` : e.minute,
      e.type,
      e.side,
      e.player,
      e.relatedPlayer,
    ]);
    expect(events).toEqual([
      [0, 3, 'corner', 'home', 'Ian Jones', undefined],
      [1, 3, 'goal', 'home', 'Harry Nine', 'Ian Jones'],
      [2, 20, 'yellow', 'away', 'Paul Quinn', undefined],
      [3, '45+1', 'red', 'home', 'George Hale', undefined],
      [4, 46, 'substitution', 'away', 'Yusuf Abbot', 'Xavier Zane'],
      // An own goal is listed under the side it counted for, by the player who scored it.
      [5, 55, 'own_goal', 'away', 'Dave Ellis', undefined],
      [6, 75, 'goal', 'away', 'Yusuf Abbot', undefined],
    ]);
    expect(at(3.18).events).toHaveLength(1);
    expect(at(3.3).match).toMatchObject({ homeScore: 1, awayScore: 0, homeCorners: 1 });
    expect(at(72).match).toMatchObject({ homeScore: 1, awayScore: 1 });
    expect(at(110).match).toMatchObject({
      homeCorners: 1,
      awayCorners: 0,
      homeYellow: 0,
      awayYellow: 1,
      homeRed: 1,
      awayRed: 0,
    });
    const goal = timeline.steps.find((s) => s.label.includes('goal Northbridge'));
    expect(goal?.label).toBe("3' goal Northbridge: Harry Nine (1-0)");
  });

  it('keeps statistics and team sheets up to date', () => {
    const stats = at(110).statistics;
    const pair = (type: string) => [stats.get(type)?.home, stats.get(type)?.away];
    expect(pair('shots')).toEqual([1, 2]);
    expect(pair('shotsOnTarget')).toEqual([1, 2]);
    expect(pair('corners')).toEqual([1, 0]);
    expect(pair('fouls')).toEqual([1, 1]);
    expect(pair('yellowCards')).toEqual([0, 1]);
    expect(pair('redCards')).toEqual([1, 0]);
    expect(pair('passes')).toEqual([2, 2]);
    const possession = stats.get('possession');
    expect((possession?.home ?? 0) + (possession?.away ?? 0)).toBe(100);
    expect(at(20).statistics.get('yellowCards')?.away).toBe(0);
    const players = [...(at(110).lineups.get('away')?.players ?? [])];
    const named = (name: string) => players.find((p) => p.name === name);
    expect(named('Yusuf Abbot')).toMatchObject({ starter: false, subInMinute: 46, goals: 1 });
    expect(named('Xavier Zane')).toMatchObject({ starter: true, subOutMinute: 46 });
    expect(named('Paul Quinn')?.yellowCards).toBe(1);
    const home = at(110).lineups.get('home')?.players ?? [];
    expect(home.find((p) => p.name === 'George Hale')?.redCards).toBe(1);
    expect(home.find((p) => p.name === 'Dave Ellis')?.goals).toBeUndefined();
  });

  it("writes the sheets' players first and names them by id in events and sheets (issue 49)", () => {
    const first = timeline.steps[0]?.changes ?? [];
    const players = first.flatMap((c) =>
      c.op === 'upsert' && c.resource === 'players'
        ? [c.record as { id: number; nameEn: string }]
        : [],
    );
    const ids = new Map(players.map((p) => [p.nameEn, p.id]));
    expect(ids.size).toBeGreaterThan(20);
    const goal = at(110).events.find((e) => e.type === 'goal' && e.player === 'Harry Nine');
    expect(goal?.playerId).toBe(ids.get('Harry Nine'));
    expect(goal?.relatedPlayerId).toBe(ids.get('Ian Jones'));
    const sheet = at(110).lineups.get('home')?.players ?? [];
    for (const p of sheet) {
      expect(p.playerId, p.name).toBe(ids.get(p.name));
    }
    expect(new Set(players.map((p) => p.id)).has(statsBombPlayerId(0))).toBe(false);
  });

  it('takes the touchline match id from the caller, else derives it from StatsBomb’s', () => {
    expect(timeline.ids.matchId).toBe(statsBombMatchId(9000001));
    const chosen = buildTimeline(fixtureInput(), { kickoffUtc: KICKOFF, matchId: 777 });
    expect(chosen.ids.matchId).toBe(777);
    expect(stateAfter(chosen.steps).match?.id).toBe(777);
    expect(chosen.ids.homeTeamId).toBe(timeline.ids.homeTeamId);
  });
});
