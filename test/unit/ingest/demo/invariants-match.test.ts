import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEMO_NOW,
  generate,
  groupBy,
  HK_OFFSET_MS,
  type LoadedFolder,
  type Row,
  removeFolder,
} from './demo-folder.js';

const count = (rows: Row[] | undefined, side: string, types: string[]) =>
  (rows ?? []).filter((e) => e['side'] === side && types.includes(String(e['type']))).length;

describe('demo matches, events, lineups', () => {
  let f: LoadedFolder | undefined;
  let matches: Row[] = [];
  let events = new Map<string | number, Row[]>();

  beforeAll(async () => {
    f = await generate(200, 42);
    matches = f.files['matches.ndjson'];
    events = groupBy(f.files['events.ndjson'], (e) => Number(e.matchId));
  });
  afterAll(() => removeFolder(f));

  it('goal events add up to the score, corner events to the corners, card events to the cards', () => {
    const played = matches.filter((m) => typeof m['homeScore'] === 'number');
    expect(played.length).toBeGreaterThan(100);
    for (const m of played) {
      const ev = events.get(Number(m['id']));
      for (const side of ['home', 'away']) {
        expect(count(ev, side, ['goal', 'own_goal', 'penalty'])).toBe(m[`${side}Score`]);
        expect(count(ev, side, ['corner'])).toBe(m[`${side}Corners`]);
        if (m[`${side}Yellow`] === null) {
          expect(count(ev, side, ['yellow', 'second_yellow', 'red'])).toBe(0);
        } else {
          expect(count(ev, side, ['yellow'])).toBe(m[`${side}Yellow`]);
          expect(count(ev, side, ['red', 'second_yellow'])).toBe(m[`${side}Red`]);
        }
      }
    }
    expect(played.some((m) => m['homeYellow'] === null)).toBe(true);
  });

  it('half-time scores never exceed full-time scores', () => {
    for (const m of matches.filter((x) => typeof x['htHomeScore'] === 'number')) {
      expect(Number(m['htHomeScore'])).toBeLessThanOrEqual(Number(m['homeScore']));
      expect(Number(m['htAwayScore'])).toBeLessThanOrEqual(Number(m['awayScore']));
    }
  });

  it('has live matches at half time and in stoppage time, and irregular statuses', () => {
    const live = matches.filter((m) => m['status'] === 'live');
    expect(live.length).toBeGreaterThanOrEqual(4);
    expect(live.some((m) => m['minute'] === 'HT')).toBe(true);
    expect(live.some((m) => String(m['minute']).includes('+'))).toBe(true);
    for (const m of live) {
      expect(Date.parse(String(m['kickoffUtc']))).toBeLessThan(DEMO_NOW.getTime());
      expect(typeof m['homeScore']).toBe('number');
    }
    expect(
      matches.filter((m) => m['status'] !== 'live').every((m) => m['minute'] === undefined),
    ).toBe(true);
    for (const status of ['postponed', 'cancelled', 'abandoned', 'finished', 'scheduled']) {
      expect(
        matches.some((m) => m['status'] === status),
        status,
      ).toBe(true);
    }
  });

  it('has fixtures today and in the coming seven days (Hong Kong time)', () => {
    const now = DEMO_NOW.getTime();
    const today = Math.floor((now + HK_OFFSET_MS) / DAY_MS);
    const days = new Set<number>();
    for (const m of matches.filter((x) => x['status'] === 'scheduled')) {
      const kickoff = Date.parse(String(m['kickoffUtc']));
      expect(kickoff).toBeGreaterThan(now);
      const day = Math.floor((kickoff + HK_OFFSET_MS) / DAY_MS) - today;
      expect(day).toBeLessThanOrEqual(7);
      days.add(day);
    }
    expect(days.has(0)).toBe(true);
    expect(days.size).toBeGreaterThanOrEqual(5);
    const past = matches.filter((m) => Date.parse(String(m['kickoffUtc'])) < now - 2 * DAY_MS);
    expect(past.every((m) => m['status'] !== 'scheduled' && m['status'] !== 'live')).toBe(true);
  });

  it('lineups: 11 starters placed by the formation, goals and cards as in the events', () => {
    const lineups = f?.files['lineups.ndjson'] ?? [];
    expect(lineups.some((l) => l['published'] === false)).toBe(true);
    const finished = new Set(matches.filter((m) => m['status'] === 'finished').map((m) => m['id']));
    for (const l of lineups) {
      const players = l['players'] as Row[];
      const starters = players.filter((p) => p['starter'] === true);
      expect(starters).toHaveLength(11);
      const lines = String(l['formation']).split('-').map(Number);
      expect(lines.reduce((a, b) => a + b, 0)).toBe(10);
      expect(new Set(starters.map((p) => p['x'])).size).toBe(lines.length + 1);
      expect(starters.filter((p) => p['captain'] === true)).toHaveLength(1);
      const ev = events.get(Number(l.matchId)) ?? [];
      const side = String(l['side']);
      const goals = players.reduce((s, p) => s + Number(p['goals'] ?? 0), 0);
      expect(goals).toBe(count(ev, side, ['goal', 'penalty']));
      const subs = players.filter((p) => typeof p['subInMinute'] === 'number').length;
      expect(subs).toBe(count(ev, side, ['substitution']));
      if (finished.has(l.matchId)) {
        expect(starters.every((p) => typeof p['rating'] === 'number')).toBe(true);
      }
    }
    const scheduled = matches.filter((m) => m['status'] === 'scheduled').map((m) => m['id']);
    const withSheets = new Set(lineups.map((l) => l.matchId));
    expect(scheduled.filter((id) => withSheets.has(Number(id))).length).toBeLessThan(
      scheduled.length / 4,
    );
  });

  it('statistics agree with the match record', () => {
    const stats = groupBy(f?.files['statistics.ndjson'] ?? [], (s) => Number(s.matchId));
    for (const m of matches.filter((x) => x['status'] === 'finished')) {
      const rows = stats.get(Number(m['id'])) ?? [];
      const corners = rows.find((r) => r['type'] === 'corners');
      expect(corners?.['home']).toBe(m['homeCorners']);
      const possession = rows.find((r) => r['type'] === 'possession');
      expect(Number(possession?.['home']) + Number(possession?.['away'])).toBe(100);
      const shots = rows.find((r) => r['type'] === 'shotsOnTarget');
      expect(Number(shots?.['home'])).toBeGreaterThanOrEqual(
        count(events.get(Number(m['id'])), 'home', ['goal', 'penalty']),
      );
    }
  });
});
