import { describe, expect, it } from 'vitest';
import type { EventType } from '../../../src/football/match-events.js';
import type { MatchRecord } from '../../../src/football/match-record.js';
import {
  isoUtc,
  logoUrl,
  pageMeta,
  pair,
  presentMatch,
} from '../../../src/wire/presenters/match.js';
import {
  eventClock,
  presentEvents,
  presentStatistics,
} from '../../../src/wire/presenters/match-details.js';

const ASSETS = 'https://cdn.example/assets';

function record(overrides: Partial<MatchRecord> = {}): MatchRecord {
  const none = { home: null, away: null };
  return {
    id: 42,
    competition: {
      id: 3,
      names: { en: 'Chinese Super League', 'zh-CN': '中超', 'zh-HK': null },
      nameOriginal: null,
    },
    home: {
      id: 1,
      names: { en: 'Guangzhou', 'zh-CN': '广州队', 'zh-HK': '廣州隊' },
      nameOriginal: '广州队',
    },
    away: { id: 2, names: { en: 'Kitchee', 'zh-CN': null, 'zh-HK': '傑志' }, nameOriginal: '傑志' },
    status: 'scheduled',
    minute: null,
    kickoffUtc: new Date('2026-11-22T12:30:00.000Z'),
    round: null,
    venue: null,
    score: none,
    halfTime: none,
    extraTime: none,
    penalties: none,
    decidedBy: null,
    winner: null,
    corners: none,
    cards: { home: { yellow: null, red: null }, away: { yellow: null, red: null } },
    ...overrides,
  };
}

describe('presentMatch (spec 2.3)', () => {
  it('a fixture: only the required fields; required-nullable CompetitionRef kept as null', () => {
    expect(presentMatch(record(), { language: 'en', assetsUrl: ASSETS })).toEqual({
      id: 42,
      competition: { name: 'Chinese Super League', nameOriginal: null },
      home: { name: 'Guangzhou' },
      away: { name: 'Kitchee' },
      homeLogo: `${ASSETS}/UploadFolder/Teams/%E5%B9%BF%E5%B7%9E%E9%98%9F.png`,
      awayLogo: `${ASSETS}/UploadFolder/Teams/%E5%82%91%E5%BF%97.png`,
      status: 'scheduled',
      kickoffUtc: '2026-11-22T12:30:00Z',
    });
  });

  it('a live match: minute, score with half time, corners, cards with a null count, round, venue', () => {
    const live = record({
      status: 'live',
      minute: '45+2',
      score: { home: 1, away: 0 },
      halfTime: { home: 1, away: 0 },
      corners: { home: 4, away: 2 },
      cards: { home: { yellow: 2, red: null }, away: { yellow: 0, red: 0 } },
      round: 'Round 3',
      venue: 'Tianhe',
    });
    expect(presentMatch(live, { language: 'zh-HK', assetsUrl: ASSETS })).toMatchObject({
      competition: { name: 'Chinese Super League' },
      home: { name: '廣州隊' },
      minute: '45+2',
      score: { current: '1-0', halfTime: '1-0' },
      corners: '4-2',
      cards: { home: { yellow: 2, red: null }, away: { yellow: 0, red: 0 } },
      round: 'Round 3',
      venue: 'Tianhe',
    });
  });

  it('minute is dropped unless live; half time alone gives no score', () => {
    const done = presentMatch(
      record({ status: 'finished', minute: '90', halfTime: { home: 0, away: 0 } }),
      {
        language: 'zh-CN',
        assetsUrl: ASSETS,
      },
    );
    expect(done).not.toHaveProperty('minute');
    expect(done).not.toHaveProperty('score');
    expect(done.away).toEqual({ name: 'Kitchee' });
  });

  it('helpers', () => {
    expect(pair(2, 1)).toBe('2-1');
    expect(pair(2, null)).toBeNull();
    expect(isoUtc(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05Z');
    expect(logoUrl(ASSETS, 'FC Bayern München')).toBe(
      `${ASSETS}/UploadFolder/Teams/FC%20Bayern%20M%C3%BCnchen.png`,
    );
    expect(logoUrl(ASSETS, 'A/B?#')).toBe(`${ASSETS}/UploadFolder/Teams/A%2FB%3F%23.png`);
    expect(pageMeta(3, 25, 51)).toEqual({ page: 3, pageSize: 25, total: 51, totalPages: 3 });
    expect(pageMeta(1, 25, 0).totalPages).toBe(0);
  });
});

describe('events and statistics presenters', () => {
  const event = (
    seq: number,
    type: EventType,
    side: 'home' | 'away',
    extra: number | null = null,
  ) =>
    ({
      seq,
      minute: 40 + seq,
      extraMinute: extra,
      type,
      side,
      player: 'P',
      relatedPlayer: null,
      detail: null,
      playerId: null,
      relatedPlayerId: null,
    }) as const;

  it('clock, omitted nulls and the running score on goal, own goal and penalty', () => {
    const out = presentEvents([
      event(1, 'goal', 'home'),
      event(2, 'yellow', 'away'),
      event(3, 'own_goal', 'away', 2),
      event(4, 'missed_penalty', 'home'),
      event(5, 'penalty', 'home'),
    ]);
    expect(out.map((e) => e.score)).toEqual(['1-0', undefined, '1-1', undefined, '2-1']);
    expect(out[2]).toEqual({
      seq: 3,
      minute: 43,
      extraMinute: 2,
      clock: '43+2',
      type: 'own_goal',
      side: 'away',
      player: 'P',
      score: '1-1',
    });
    expect(eventClock(90, 0)).toBe('90');
  });

  it('statistics omit unknown values', () => {
    expect(presentStatistics([{ type: 'possession', home: 55, away: null }])).toEqual([
      { type: 'possession', home: 55 },
    ]);
  });
});
