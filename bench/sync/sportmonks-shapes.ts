/**
 * The parts of Sportmonks Football API v3 fixtures every state has (participants, venue,
 * season, round, scores, state), field for field as in test/fixtures/providers/sportmonks/,
 * whose sessions cite the documents they follow.
 */
import type { Club } from './clubs.js';
import type { Side } from './match-play.js';

export type Json = Record<string, unknown>;

const LEAGUE = {
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

const STATES = {
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

const sportmonksTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

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

function venue(club: Club): Json {
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
