/**
 * Finished fixtures in the shape of Sportmonks Football API v3 answers with
 * `include=participants;scores;state;periods;events;lineups;formations;statistics;league;venue;season;round`
 * (the adapter's one request per page), field for field as in
 * test/fixtures/providers/sportmonks/season.json, which cites the documents they follow.
 */
import type { Club } from './clubs.js';
import { type Happening, other, type PlayedMatch, type Side } from './match-play.js';
import { fixtureBase, type Json, participant, scores } from './sportmonks-shapes.js';
import { POSITION_IDS } from './squads.js';

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
