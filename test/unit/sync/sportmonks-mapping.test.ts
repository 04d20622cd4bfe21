import type { Static, TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { PassScope, ProviderHttp, ProviderRequest } from '../../../src/ingest/sync/adapter.js';
import { SportmonksSource } from '../../../src/ingest/sync/sources/sportmonks/index.js';
import { liveMinute } from '../../../src/ingest/sync/sources/sportmonks/map-clock.js';
import { coordinates } from '../../../src/ingest/sync/sources/sportmonks/map-lineups.js';
import { factsOf } from '../../../src/ingest/sync/sources/sportmonks/map-pass.js';
import type { SmFixture, SmPeriod } from '../../../src/ingest/sync/sources/sportmonks/schemas.js';
import { STATE_STATUS } from '../../../src/ingest/sync/sources/sportmonks/states.js';
import { passDates, splitWindows } from '../../../src/ingest/sync/sources/sportmonks/windows.js';
import { loadSession } from '../../helpers/provider-stand-in.js';

/** Manchester United v Fulham, full time, from the recorded season answer. */
function recordedFixture(): SmFixture {
  const answer = loadSession('sportmonks', 'season').steps[0]?.answers[0]?.json as {
    data: SmFixture[];
  };
  return structuredClone(answer.data[0] as SmFixture);
}

const scoreLine = (description: string, home: number, away: number) => [
  { description, score: { goals: home, participant: 'home' as const } },
  { description, score: { goals: away, participant: 'away' as const } },
];

const period = (over: Partial<SmPeriod>): SmPeriod => ({
  ticking: false,
  sort_order: 1,
  counts_from: 0,
  period_length: 45,
  minutes: 45,
  ...over,
});

describe('sportmonks clock', () => {
  it('writes the ticking period, with stoppage time past its end', () => {
    expect(
      liveMinute('INPLAY_2ND_HALF', [
        period({}),
        period({ sort_order: 2, counts_from: 45, minutes: 67, ticking: true }),
      ]),
    ).toBe('67');
    expect(
      liveMinute('INPLAY_2ND_HALF', [
        period({ sort_order: 2, counts_from: 45, minutes: 94, ticking: true }),
      ]),
    ).toBe('90+4');
    expect(
      liveMinute('INPLAY_ET', [
        period({ sort_order: 3, counts_from: 90, period_length: 15, minutes: 106, ticking: true }),
      ]),
    ).toBe('105+1');
  });

  it('stands at the end of play between periods and during a shootout', () => {
    const played = [
      period({ minutes: 47 }),
      period({ sort_order: 2, counts_from: 45, minutes: 96 }),
    ];
    expect(liveMinute('BREAK', played)).toBe('90');
    const extra = [
      ...played,
      period({ sort_order: 3, counts_from: 90, period_length: 15, minutes: 106 }),
      period({ sort_order: 4, counts_from: 105, period_length: 15, minutes: 121 }),
    ];
    const shootout = period({
      sort_order: 5,
      counts_from: 120,
      period_length: null,
      minutes: null,
      ticking: true,
    });
    expect(liveMinute('INPLAY_PENALTIES', [...extra, shootout])).toBe('120');
    expect(liveMinute('HT', played)).toBe('HT');
    expect(liveMinute('INPLAY_1ST_HALF', [])).toBeNull();
  });
});

describe('sportmonks fixtures', () => {
  it('gives the score after extra time and leaves the shootout out', () => {
    const fixture = recordedFixture();
    fixture.state = { developer_name: 'FT_PEN' };
    fixture.scores = [
      ...scoreLine('1ST_HALF', 1, 0),
      ...scoreLine('2ND_HALF', 2, 2),
      ...scoreLine('CURRENT', 3, 3),
      ...scoreLine('PENALTY_SHOOTOUT', 4, 2),
    ];
    expect(factsOf([fixture]).matches?.[0]).toMatchObject({
      status: 'finished',
      homeScore: 3,
      awayScore: 3,
      htHomeScore: 1,
      htAwayScore: 0,
    });
  });

  it('says nothing of a fixture whose state Sportmonks does not know, or a placeholder', () => {
    for (const state of ['AWAITING_UPDATES', 'PENDING']) {
      const fixture = recordedFixture();
      fixture.state = { developer_name: state };
      expect(factsOf([fixture]).matches).toEqual([]);
    }
    const placeholder = recordedFixture();
    placeholder.placeholder = true;
    expect(factsOf([placeholder]).matches).toEqual([]);
  });

  it('maps every documented state', () => {
    expect(Object.keys(STATE_STATUS)).toHaveLength(25);
    expect(STATE_STATUS.DELETED).toBe('cancelled');
    expect(STATE_STATUS.INTERRUPTED).toBe('live');
  });

  it('credits an own goal to the side whose score rose and drops a rescinded event', () => {
    const fixture = recordedFixture();
    const [first, second] = fixture.events;
    fixture.events = [
      { ...(first as SmFixture['events'][number]), type_id: 15, participant_id: 11 },
      { ...(second as SmFixture['events'][number]), rescinded: true },
    ];
    expect(factsOf([fixture]).events?.[0]?.events).toMatchObject([
      { type: 'own_goal', side: 'away' },
    ]);
  });

  it('spreads a 4-4-2 over the pitch, right back on the right', () => {
    const cells = ['1:1', '2:1', '2:2', '2:3', '2:4', '3:1', '3:2', '3:3', '3:4', '4:1', '4:2'];
    const places = coordinates(cells.map((c) => ({ row: Number(c[0]), col: Number(c[2]) })));
    expect(places[0]).toEqual({ x: 12.5, y: 50 });
    expect(places[1]).toEqual({ x: 37.5, y: 80 });
    expect(places[9]).toEqual({ x: 87.5, y: 66.7 });
    expect(places[10]).toEqual({ x: 87.5, y: 33.3 });
  });
});

describe('sportmonks full pass requests', () => {
  it('covers a season in windows of at most 100 days', () => {
    const windows = splitWindows(
      passDates({ kind: 'full', now: new Date('2024-10-01T00:00:00Z'), live: [], paths: [] }),
    );
    expect(windows).toEqual([
      { start: '2024-07-01', end: '2024-10-08' },
      { start: '2024-10-09', end: '2025-01-16' },
      { start: '2025-01-17', end: '2025-04-26' },
      { start: '2025-04-27', end: '2025-06-30' },
    ]);
    const march = passDates({
      kind: 'full',
      now: new Date('2025-03-01T00:00:00Z'),
      live: [],
      paths: [],
    });
    expect(march.start).toBe('2024-07-01');
    const chosen = passDates({ kind: 'full', now: new Date(), season: 2022, live: [], paths: [] });
    expect(chosen).toEqual({ start: '2022-07-01', end: '2023-06-30' });
  });

  it('follows the pages while has_more says so', async () => {
    const fixture = recordedFixture();
    const asked: { path: string; page: unknown; filters: unknown }[] = [];
    const http: ProviderHttp = {
      get<S extends TSchema>(request: ProviderRequest<S>): Promise<Static<S> | null> {
        asked.push({
          path: request.path,
          page: request.query?.['page'],
          filters: request.query?.['filters'],
        });
        const page = Number(request.query?.['page']);
        const data = page === 1 ? [fixture] : [{ ...fixture, id: fixture.id + 1 }];
        return Promise.resolve({ data, pagination: { has_more: page === 1 } } as Static<S>);
      },
    };
    const scope: PassScope = {
      kind: 'full',
      now: new Date('2024-08-20T00:00:00Z'),
      from: '2024-08-16',
      to: '2024-08-24',
      live: [],
      paths: [],
    };
    const facts = await new SportmonksSource().pass(scope, http);
    expect(asked.map((a) => [a.path, a.page, a.filters])).toEqual([
      ['fixtures/between/2024-08-16/2024-08-24', 1, 'fixtureLeagues:271,501'],
      ['fixtures/between/2024-08-16/2024-08-24', 2, 'fixtureLeagues:271,501'],
    ]);
    expect(facts.matches?.map((m) => m.sourceId)).toEqual(['19134454', '19134455']);
  });
});
