import { describe, expect, it } from 'vitest';
import { mapEvents } from '../../../src/ingest/sync/sources/api-football/map-events.js';
import { matchFact } from '../../../src/ingest/sync/sources/api-football/map-fixture.js';
import { mapInPlayOdds } from '../../../src/ingest/sync/sources/api-football/map-live-odds.js';
import { mapPreMatchOdds } from '../../../src/ingest/sync/sources/api-football/map-odds.js';
import { refuseFixtures } from '../../../src/ingest/sync/sources/api-football/refuse.js';
import type {
  ProviderEvent,
  ProviderFixture,
} from '../../../src/ingest/sync/sources/api-football/schemas.js';
import type {
  ProviderInPlayOdds,
  ProviderPreMatchOdds,
} from '../../../src/ingest/sync/sources/api-football/schemas-odds.js';
import {
  FIXTURE_STATUSES,
  minuteText,
} from '../../../src/ingest/sync/sources/api-football/statuses.js';

/** The 2022 World Cup final as documentation-v3's fields carry it (ids illustrative). */
function final(more: Partial<ProviderFixture> = {}): ProviderFixture {
  return {
    fixture: {
      id: 979139,
      date: '2022-12-18T15:00:00+00:00',
      venue: { name: 'Lusail Iconic Stadium' },
      status: { short: 'PEN', elapsed: 120, extra: null },
    },
    league: { id: 1, name: 'World Cup', country: 'World', season: 2022, round: 'Final' },
    teams: { home: { id: 26, name: 'Argentina' }, away: { id: 2, name: 'France' } },
    goals: { home: 3, away: 3 },
    score: {
      halftime: { home: 2, away: 0 },
      fulltime: { home: 2, away: 2 },
      extratime: { home: 1, away: 1 },
      penalty: { home: 4, away: 2 },
    },
    ...more,
  };
}

const event = (
  o: Partial<ProviderEvent> & Pick<ProviderEvent, 'type' | 'detail'>,
): ProviderEvent => ({
  time: { elapsed: 23, extra: null },
  team: { id: 26, name: 'Argentina' },
  player: { id: 154, name: 'L. Messi' },
  assist: { id: null, name: null },
  comments: null,
  ...o,
});

const sheet = (
  id: number,
  name: string,
  starters: Array<[number, string]>,
  bench: Array<[number, string]>,
) => ({
  team: { id, name },
  formation: '4-3-3',
  coach: { name: null },
  startXI: starters.map(([pid, n]) => ({
    player: { id: pid, name: n, number: 1, pos: 'F', grid: null },
  })),
  substitutes: bench.map(([pid, n]) => ({
    player: { id: pid, name: n, number: 2, pos: 'F', grid: null },
  })),
});

describe('api-football statuses and clock', () => {
  it('maps every documented status code', () => {
    expect(FIXTURE_STATUSES).toMatchObject({
      TBD: 'scheduled',
      NS: 'scheduled',
      HT: 'live',
      BT: 'live',
      P: 'live',
      INT: 'live',
      LIVE: 'live',
      SUSP: 'suspended',
      AET: 'finished',
      PEN: 'finished',
      AWD: 'finished',
      WO: 'finished',
      PST: 'postponed',
      CANC: 'cancelled',
      ABD: 'abandoned',
    });
    expect(Object.keys(FIXTURE_STATUSES)).toHaveLength(19);
  });

  it('writes the minute with stoppage time, HT at half-time, nothing outside play', () => {
    expect(minuteText({ short: '2H', elapsed: 90, extra: 4 })).toBe('90+4');
    expect(minuteText({ short: 'ET', elapsed: 105, extra: null })).toBe('105');
    expect(minuteText({ short: 'HT', elapsed: 45, extra: 2 })).toBe('HT');
    expect(minuteText({ short: 'LIVE', elapsed: null })).toBeNull();
    expect(minuteText({ short: 'SUSP', elapsed: 70 })).toBeNull();
    expect(minuteText({ short: 'FT', elapsed: 90, extra: 5 })).toBeNull();
  });
});

describe('api-football scores', () => {
  it('keeps regular and extra time in the score and the shoot-out out of it', () => {
    expect(matchFact(final())).toMatchObject({
      status: 'finished',
      minute: null,
      homeScore: 3,
      awayScore: 3,
      htHomeScore: 2,
      htAwayScore: 0,
      season: '2022',
      round: 'Final',
      venue: 'Lusail Iconic Stadium',
    });
  });

  it('gives a half-time score only once the first half is over', () => {
    const during = (short: 'INT' | 'SUSP' | '1H', elapsed: number) =>
      matchFact(final({ fixture: { ...final().fixture, status: { short, elapsed } } }));
    expect(during('1H', 40).htHomeScore).toBeNull();
    expect(during('INT', 30).htHomeScore).toBeNull();
    expect(during('SUSP', 70)).toMatchObject({ status: 'suspended', htHomeScore: 2 });
  });
});

describe('api-football events', () => {
  it('leaves shoot-out kicks out and keeps a penalty scored in play', () => {
    const { facts } = mapEvents(
      final({
        events: [
          event({ type: 'Goal', detail: 'Penalty' }),
          event({
            type: 'Goal',
            detail: 'Penalty',
            time: { elapsed: 120, extra: 1 },
            comments: 'Penalty Shootout',
          }),
          event({
            type: 'Goal',
            detail: 'Missed Penalty',
            time: { elapsed: 120, extra: 2 },
            comments: 'Penalty Shootout',
            team: { id: 2, name: 'France' },
            player: { id: 21, name: 'K. Coman' },
          }),
        ],
      }),
    );
    expect(facts.events.map((e) => [e.type, e.side, e.minute])).toEqual([['penalty', 'home', 23]]);
  });

  it('credits an own goal to the other side than its scorer, by the team sheets where they list him', () => {
    const ownGoal = event({
      type: 'Goal',
      detail: 'Own Goal',
      team: { id: 2, name: 'France' },
      player: { id: 555, name: 'N. Otamendi' },
    });
    const withSheets = final({
      events: [ownGoal],
      lineups: [
        sheet(26, 'Argentina', [[555, 'N. Otamendi']], []),
        sheet(2, 'France', [[21, 'K. Coman']], []),
      ],
    });
    expect(mapEvents(withSheets).facts.events[0]).toMatchObject({ type: 'own_goal', side: 'away' });
    expect(mapEvents(final({ events: [ownGoal] })).facts.events[0]).toMatchObject({ side: 'away' });
    const listedUnderScorer = final({
      events: [{ ...ownGoal, team: { id: 26, name: 'Argentina' } }],
      lineups: withSheets.lineups ?? [],
    });
    expect(mapEvents(listedUnderScorer).facts.events[0]).toMatchObject({ side: 'away' });
  });

  it('reads a substitution both ways round, and as player off, assist on without sheets', () => {
    const sub = event({
      type: 'subst',
      detail: 'Substitution 1',
      time: { elapsed: 64, extra: null },
      player: { id: 10, name: 'A. Di María' },
      assist: { id: 11, name: 'M. Acuña' },
    });
    const sheets = [sheet(26, 'Argentina', [[10, 'A. Di María']], [[11, 'M. Acuña']])];
    const reversed = { ...sub, player: sub.assist, assist: sub.player };
    const people = (f: ProviderFixture) =>
      mapEvents(f).facts.events.map((e) => [e.type, e.player, e.relatedPlayer]);
    expect(people(final({ events: [sub], lineups: sheets }))).toEqual([
      ['substitution', 'M. Acuña', 'A. Di María'],
    ]);
    expect(people(final({ events: [reversed], lineups: sheets }))).toEqual([
      ['substitution', 'M. Acuña', 'A. Di María'],
    ]);
    expect(people(final({ events: [sub] }))).toEqual([['substitution', 'M. Acuña', 'A. Di María']]);
  });

  it('maps the cards, counts a second yellow as a red, and numbers events with the same key', () => {
    const card = (detail: string, elapsed: number, id = 7) =>
      event({
        type: 'Card',
        detail,
        time: { elapsed, extra: null },
        player: { id, name: 'E. Fernández' },
      });
    const { facts, counts } = mapEvents(
      final({
        events: [
          card('Yellow Card', 30),
          card('Second Yellow card', 80),
          card('Red card', 90, 8),
          card('Yellow Card', 30),
          event({ type: 'Goal', detail: 'Goal Disallowed' }),
        ],
      }),
    );
    expect(facts.events.map((e) => [e.sourceId, e.type])).toEqual([
      ['card:26:30:#7', 'yellow'],
      ['card:26:80:#7', 'second_yellow'],
      ['card:26:90:#8', 'red'],
      ['card:26:30:#7#2', 'yellow'],
    ]);
    expect(counts).toEqual({ homeYellow: 2, awayYellow: 0, homeRed: 2, awayRed: 0 });
  });
});

describe('api-football odds', () => {
  const preMatch = (
    values: Array<{ value: string | number; odd: string }>,
  ): ProviderPreMatchOdds => ({
    fixture: { id: 1 },
    update: '2024-08-18T07:00:00+00:00',
    bookmakers: [{ id: 8, name: 'Bet365', bets: [{ id: 4, name: 'Asian Handicap', values }] }],
  });

  it('pairs a home line with the away side of the opposite line, and skips what is no price or line', () => {
    const { prices } = mapPreMatchOdds(
      preMatch([
        { value: 'Home -0.5', odd: '1.00' },
        { value: 'Away +0.5', odd: '3.10' },
        { value: 'Home -0.3', odd: '1.95' },
        { value: 'Away +0.3', odd: '1.95' },
        { value: 'Home -1', odd: '2.60' },
        { value: 'Away +1', odd: '1.50' },
        { value: 'Home -1.5', odd: '1.90' },
        { value: 'Away -1.5', odd: '1.90' },
      ]),
    );
    expect(prices).toEqual([
      {
        match: '1',
        bookmaker: '8',
        market: 'hdp',
        line: -1,
        home: 2.6,
        away: 1.5,
        observedAt: '2024-08-18T07:00:00.000Z',
      },
    ]);
  });

  const inPlay = (odds: ProviderInPlayOdds['odds']): ProviderInPlayOdds => ({
    fixture: { id: 2, status: { long: 'Second Half', elapsed: 70 } },
    teams: { home: { id: 49, goals: 1 }, away: { id: 50, goals: 1 } },
    status: { stopped: false, blocked: false, finished: false },
    update: '2024-08-18T17:00:00+00:00',
    odds,
  });
  const v = (value: string, odd: string, handicap: string, main: boolean, suspended = false) => ({
    value,
    odd,
    handicap,
    main,
    suspended,
  });

  it('passes over suspended values and falls back to the plain goals market', () => {
    const prices = mapInPlayOdds(
      inPlay([
        {
          id: 33,
          name: 'Asian Handicap',
          values: [
            v('Home', '1.9', '0', true, true),
            v('Away', '1.95', '0', true, true),
            v('Home', '1.6', '0.5', false),
            v('Away', '2.3', '-0.5', false),
            v('Home', '2.05', '-0.5', false),
            v('Away', '1.8', '0.5', false),
          ],
        },
        {
          id: 25,
          name: 'Match Goals',
          values: [v('Over', '1.8', '2.5', false), v('Under', '2', '2.5', false)],
        },
      ]),
    );
    expect(
      prices.map((p) => [
        p.market,
        p.line,
        p.home ?? p.over,
        p.away ?? p.under,
        p.liveScore,
        p.liveMinute,
      ]),
    ).toEqual([
      ['hdp', -0.5, 2.05, 1.8, '1-1', '70'],
      ['hilo', 2.5, 1.8, 2, '1-1', '70'],
    ]);
  });

  it('takes the value marked main when the same in-play line is listed twice', () => {
    const prices = mapInPlayOdds(
      inPlay([
        {
          id: 36,
          name: 'Over/Under Line',
          values: [
            v('Over', '1.975', '2', true),
            v('Over', '3.45', '2', false),
            v('Under', '1.3', '2', false),
            v('Under', '1.85', '2', true),
          ],
        },
      ]),
    );
    expect(prices).toMatchObject([{ market: 'hilo', line: 2, over: 1.975, under: 1.85 }]);
  });

  it('takes no in-play price once the provider says the fixture is finished or stopped', () => {
    const odds = [
      {
        id: 59,
        name: 'Fulltime Result',
        values: [v('Home', '2', '', false), v('Draw', '3', '', false), v('Away', '4', '', false)],
      },
    ];
    expect(mapInPlayOdds(inPlay(odds))).toHaveLength(1);
    expect(
      mapInPlayOdds({
        ...inPlay(odds),
        status: { stopped: false, blocked: false, finished: true },
      }),
    ).toEqual([]);
    expect(
      mapInPlayOdds({
        ...inPlay(odds),
        status: { stopped: true, blocked: false, finished: false },
      }),
    ).toEqual([]);
  });
});

describe('api-football refusal rules', () => {
  const answer = (item: ProviderFixture) => ({
    get: 'fixtures',
    errors: [],
    results: 1,
    response: [item],
  });

  it('refuses an event of a team that does not play the fixture, and a fixture not asked for', () => {
    const stranger = final({
      events: [event({ type: 'Goal', detail: 'Normal Goal', team: { id: 99, name: 'Brazil' } })],
    });
    expect(refuseFixtures()(answer(stranger))).toContain('lists team 99');
    expect(refuseFixtures(new Set([1]))(answer(final()))).toContain(
      'fixture 979139 was not asked for',
    );
    expect(refuseFixtures(new Set([979139]))(answer(final()))).toBeUndefined();
    expect(refuseFixtures()({ ...answer(final()), errors: {} })).toBeUndefined();
    expect(refuseFixtures()({ ...answer(final()), errors: ['Something went wrong'] })).toBe(
      'API-Football says Something went wrong',
    );
  });
});
