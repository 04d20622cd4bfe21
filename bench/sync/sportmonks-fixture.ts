/**
 * Fixtures in the shape of Sportmonks Football API v3 answers with
 * `include=participants;scores;state;periods;events;lineups;formations;statistics;league;venue;season;round`
 * (the adapter's one request per page), field for field as in
 * test/fixtures/providers/sportmonks/season.json, which cites the documents they follow.
 */
import type { Club } from './clubs.js';
import type { Happening, PlayedMatch, Side } from './match-play.js';
import { POSITION_IDS } from './squads.js';

export type Json = Record<string, unknown>;

export const LEAGUE = {
  id: 8,
  sport_id: 1,
  country_id: 462,
  name: 'Premier League',
  active: true,
  short_code: 'UK PL',
  image_path: 'https://cdn.sportmonks.com/images/soccer/leagues/8/8.png',
  type: 'league',
  sub_type: 'domestic',
  last_played_at: '2025-05-25 15:00:00',
  category: 1,
  has_jerseys: false,
};

const STAGE_ID = 77471288;

/** Event type ids (Definitions > Types > Events). */
const EVENT_TYPE_IDS: Readonly<Record<Happening['kind'], number>> = {
  goal: 14,
  own_goal: 15,
  penalty: 16,
  substitution: 18,
  yellow: 19,
  red: 20,
};

/** Fixture statistic type ids (Definitions > Types > Statistics), by touchline's names. */
const STATISTIC_TYPE_IDS: ReadonlyArray<[number, string]> = [
  [45, 'possession'],
  [42, 'shots'],
  [86, 'shotsOnTarget'],
  [41, 'shotsOffTarget'],
  [58, 'blockedShots'],
  [34, 'corners'],
  [56, 'fouls'],
  [51, 'offsides'],
  [84, 'yellowCards'],
  [83, 'redCards'],
  [57, 'saves'],
  [80, 'passes'],
  [82, 'passAccuracy'],
  [43, 'attacks'],
  [44, 'dangerousAttacks'],
];

export const STATES = {
  FT: { id: 5, state: 'FT', name: 'Full Time', short_name: 'FT', developer_name: 'FT' },
  INPLAY_1ST_HALF: {
    id: 2,
    state: 'INPLAY_1ST_HALF',
    name: '1st Half',
    short_name: '1st',
    developer_name: 'INPLAY_1ST_HALF',
  },
  INPLAY_2ND_HALF: {
    id: 22,
    state: 'INPLAY_2ND_HALF',
    name: '2nd Half',
    short_name: '2nd',
    developer_name: 'INPLAY_2ND_HALF',
  },
} as const;

export const sportmonksTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

export function participant(club: Club, location: Side, winner: boolean | null): Json {
  return {
    id: club.sportmonksId,
    sport_id: 1,
    country_id: 462,
    venue_id: club.venue.id,
    gender: 'male',
    name: club.name,
    short_code: club.shortCode,
    image_path: `https://cdn.sportmonks.com/images/soccer/teams/${club.sportmonksId % 32}/${club.sportmonksId}.png`,
    founded: null,
    type: 'domestic',
    placeholder: false,
    last_played_at: '2025-05-25 15:00:00',
    meta: { location, winner, position: null },
  };
}

export function venue(club: Club): Json {
  return {
    id: club.venue.id,
    country_id: 462,
    city_id: null,
    name: club.venue.name,
    address: null,
    zipcode: null,
    latitude: null,
    longitude: null,
    capacity: null,
    image_path: `https://cdn.sportmonks.com/images/soccer/venues/${club.venue.id % 32}/${club.venue.id}.png`,
    city_name: club.venue.city,
    surface: 'grass',
    national_team: false,
  };
}

export function season(id: number, name: string, from: string, to: string): Json {
  return {
    id,
    sport_id: 1,
    league_id: LEAGUE.id,
    tie_breaker_rule_id: 171,
    name,
    finished: false,
    pending: false,
    is_current: true,
    starting_at: from,
    ending_at: to,
    standings_recalculated_at: null,
    games_in_current_week: false,
  };
}

export function round(id: number, seasonId: number, name: string, day: string): Json {
  return {
    id,
    sport_id: 1,
    league_id: LEAGUE.id,
    season_id: seasonId,
    stage_id: STAGE_ID,
    name,
    finished: true,
    is_current: false,
    starting_at: day,
    ending_at: day,
    games_in_current_week: false,
  };
}

/** Score lines: CURRENT, 1ST_HALF, 2ND_HALF (the score after it) and 2ND_HALF_ONLY. */
export function scores(
  fixtureId: number,
  clubs: Record<Side, Club>,
  current: Record<Side, number>,
  halfTime: Record<Side, number> | null,
): Json[] {
  const lines: [number, string, Record<Side, number>][] = [[1525, 'CURRENT', current]];
  if (halfTime) {
    lines.push([1, '1ST_HALF', halfTime]);
    lines.push([2, '2ND_HALF', current]);
    lines.push([
      48996,
      '2ND_HALF_ONLY',
      { home: current.home - halfTime.home, away: current.away - halfTime.away },
    ]);
  }
  return lines.flatMap(([typeId, description, goals], i) =>
    (['home', 'away'] as const).map((side, j) => ({
      id: fixtureId * 10 + i * 2 + j,
      fixture_id: fixtureId,
      type_id: typeId,
      participant_id: clubs[side].sportmonksId,
      score: { goals: goals[side], participant: side },
      description,
    })),
  );
}

function events(fixtureId: number, clubs: Record<Side, Club>, played: PlayedMatch): Json[] {
  const running = { home: 0, away: 0 };
  return played.happenings.map((h, n) => {
    const scored = h.kind === 'goal' || h.kind === 'penalty' || h.kind === 'own_goal';
    if (scored) {
      running[h.side] += 1;
    }
    return {
      id: fixtureId * 100 + n,
      fixture_id: fixtureId,
      period_id: fixtureId * 10 + (h.minute <= 45 ? 1 : 2),
      participant_id: clubs[h.side].sportmonksId,
      type_id: EVENT_TYPE_IDS[h.kind],
      section: 'event',
      player_id: null,
      related_player_id: null,
      player_name: h.player,
      related_player_name: h.related,
      result: scored ? `${running.home}-${running.away}` : null,
      info: h.info,
      addition: null,
      minute: h.minute,
      extra_minute: h.extraMinute,
      injured: null,
      on_bench: false,
      coach_id: null,
      sub_type_id: null,
      detailed_period_id: fixtureId * 10 + (h.minute <= 45 ? 1 : 2),
      rescinded: false,
      sort_order: 1,
    };
  });
}

function lineups(fixtureId: number, clubs: Record<Side, Club>, played: PlayedMatch): Json[] {
  const out: Json[] = [];
  for (const side of ['home', 'away'] as const) {
    const sheet = played.sheets[side];
    const entry = (
      p: { id: number; name: string; number: number; role: keyof typeof POSITION_IDS },
      starter: { field: string; place: number } | null,
    ) => ({
      id: fixtureId * 100 + out.length,
      sport_id: 1,
      fixture_id: fixtureId,
      player_id: p.id,
      team_id: clubs[side].sportmonksId,
      position_id: POSITION_IDS[p.role],
      formation_field: starter?.field ?? null,
      type_id: starter ? 11 : 12,
      formation_position: starter?.place ?? null,
      player_name: p.name,
      jersey_number: p.number,
    });
    for (const p of sheet.starters) {
      out.push(entry(p, p));
    }
    for (const p of sheet.bench) {
      out.push(entry(p, null));
    }
  }
  return out;
}

function statistics(fixtureId: number, clubs: Record<Side, Club>, played: PlayedMatch): Json[] {
  const out: Json[] = [];
  for (const [typeId, name] of STATISTIC_TYPE_IDS) {
    for (const side of ['home', 'away'] as const) {
      const value =
        name === 'saves'
          ? Math.max(
              0,
              (played.stats[other(side)]?.['shotsOnTarget'] ?? 0) - played.goals[other(side)],
            )
          : (played.stats[side][name] ?? 0);
      out.push({
        id: fixtureId * 100 + out.length,
        fixture_id: fixtureId,
        type_id: typeId,
        participant_id: clubs[side].sportmonksId,
        data: { value },
        location: side,
      });
    }
  }
  return out;
}

const other = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** The parts of a fixture every state has. */
export function fixtureBase(options: {
  id: number;
  clubs: Record<Side, Club>;
  kickoff: Date;
  seasonJson: Json;
  roundJson: Json;
  state: keyof typeof STATES;
}): Json {
  const { id, clubs, kickoff } = options;
  return {
    id,
    sport_id: 1,
    league_id: LEAGUE.id,
    season_id: options.seasonJson['id'],
    stage_id: STAGE_ID,
    group_id: null,
    aggregate_id: null,
    round_id: options.roundJson['id'],
    state_id: STATES[options.state].id,
    venue_id: clubs.home.venue.id,
    name: `${clubs.home.name} vs ${clubs.away.name}`,
    starting_at: sportmonksTime(kickoff),
    result_info: null,
    leg: '1/1',
    details: null,
    length: 90,
    placeholder: false,
    has_odds: true,
    has_premium_odds: true,
    starting_at_timestamp: Math.floor(kickoff.getTime() / 1000),
    state: STATES[options.state],
    league: LEAGUE,
    venue: venue(clubs.home),
    season: options.seasonJson,
    round: options.roundJson,
  };
}

/** A finished fixture with its events, both team sheets, formations and statistics. */
export function finishedFixture(
  base: Parameters<typeof fixtureBase>[0],
  played: PlayedMatch,
): Json {
  const { id, clubs } = base;
  const { goals } = played;
  const winner = (side: Side) =>
    goals.home === goals.away ? null : goals[side] > goals[other(side)];
  const result =
    goals.home === goals.away
      ? 'Game ended in draw.'
      : `${goals.home > goals.away ? clubs.home.name : clubs.away.name} won after full-time.`;
  return {
    ...fixtureBase(base),
    result_info: result,
    participants: [
      participant(clubs.home, 'home', winner('home')),
      participant(clubs.away, 'away', winner('away')),
    ],
    scores: scores(id, clubs, goals, played.halfTime),
    periods: [],
    events: events(id, clubs, played),
    lineups: lineups(id, clubs, played),
    formations: (['home', 'away'] as const).map((side, i) => ({
      id: id * 10 + i,
      fixture_id: id,
      participant_id: clubs[side].sportmonksId,
      formation: played.sheets[side].formation,
      location: side,
    })),
    statistics: statistics(id, clubs, played),
  };
}
