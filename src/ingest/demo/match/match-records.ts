import type { ScheduledMatch } from '../calendar/schedule.js';
import { iso } from '../clock.js';
import type { EventRecord, MatchRecord } from '../model.js';
import type { PlayedMatch } from './play.js';

export function matchRecord(m: ScheduledMatch, played: PlayedMatch | null): MatchRecord {
  const record: MatchRecord = {
    id: m.id,
    competitionId: m.comp.id,
    homeTeamId: m.home.id,
    awayTeamId: m.away.id,
    status: m.status,
    kickoffUtc: iso(m.kickoff),
    season: m.season,
    round: m.round,
    venue: m.home.venue,
  };
  if (m.status === 'live' && m.clock) {
    record.minute = m.clock;
  }
  if (played) {
    record.homeScore = played.score.home;
    record.awayScore = played.score.away;
    if (played.halfTime) {
      record.htHomeScore = played.halfTime.home;
      record.htAwayScore = played.halfTime.away;
    }
    record.homeCorners = played.corners.home;
    record.awayCorners = played.corners.away;
    record.homeYellow = played.yellow?.home ?? null;
    record.homeRed = played.red?.home ?? null;
    record.awayYellow = played.yellow?.away ?? null;
    record.awayRed = played.red?.away ?? null;
  }
  return record;
}

export function eventRecords(matchId: number, played: PlayedMatch): EventRecord[] {
  return played.events.map((e) => {
    const record: EventRecord = {
      matchId,
      seq: e.seq,
      minute: e.time.minute,
      type: e.type,
      side: e.side,
    };
    if (e.time.extra > 0) {
      record.extraMinute = e.time.extra;
    }
    if (e.player) {
      record.player = e.player;
    }
    if (e.related) {
      record.relatedPlayer = e.related;
    }
    if (e.playerId !== undefined) {
      record.playerId = e.playerId;
    }
    if (e.relatedId !== undefined) {
      record.relatedPlayerId = e.relatedId;
    }
    if (e.detail) {
      record.detail = e.detail;
    }
    return record;
  });
}
