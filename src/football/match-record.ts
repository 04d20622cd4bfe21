import { Prisma } from '../db/generated/client.js';

/** A name in every served language (DECISIONS.md "Languages"); the presenter picks one. */
export interface Names {
  en: string;
  'zh-CN': string | null;
  'zh-HK': string | null;
}

import type { MatchDecision, MatchStatus, MatchWinner } from './vocabulary.js';

export { MATCH_STATUSES, type MatchStatus } from './vocabulary.js';

export interface TeamRecord {
  id: number;
  names: Names;
  nameOriginal: string;
}

/** One stored match with its competition and team names: the domain value both doors present. */
export interface MatchRecord {
  id: number;
  competition: { id: number; names: Names; nameOriginal: string | null };
  home: TeamRecord;
  away: TeamRecord;
  status: MatchStatus;
  minute: string | null;
  kickoffUtc: Date;
  round: string | null;
  venue: string | null;
  score: { home: number | null; away: number | null };
  halfTime: { home: number | null; away: number | null };
  /** Goals of extra time (in `score`) and a shoot-out's score (never in it): match-result.ts. */
  extraTime: { home: number | null; away: number | null };
  penalties: { home: number | null; away: number | null };
  decidedBy: MatchDecision | null;
  winner: MatchWinner | null;
  corners: { home: number | null; away: number | null };
  cards: {
    home: { yellow: number | null; red: number | null };
    away: { yellow: number | null; red: number | null };
  };
}

/** The raw row of MATCH_COLUMNS. */
export interface MatchRow {
  id: number;
  competition_id: number;
  c_en: string;
  c_zh_cn: string | null;
  c_zh_hk: string | null;
  c_original: string | null;
  home_team_id: number;
  h_en: string;
  h_zh_cn: string | null;
  h_zh_hk: string | null;
  h_original: string;
  away_team_id: number;
  a_en: string;
  a_zh_cn: string | null;
  a_zh_hk: string | null;
  a_original: string;
  status: MatchStatus;
  minute: string | null;
  kickoff_utc: Date;
  round: string | null;
  venue: string | null;
  home_score: number | null;
  away_score: number | null;
  ht_home_score: number | null;
  ht_away_score: number | null;
  et_home_score: number | null;
  et_away_score: number | null;
  pen_home_score: number | null;
  pen_away_score: number | null;
  decided_by: MatchDecision | null;
  winner: MatchWinner | null;
  home_corners: number | null;
  away_corners: number | null;
  home_yellow: number | null;
  home_red: number | null;
  away_yellow: number | null;
  away_red: number | null;
}

/** Columns of a match with its names; expects aliases m (matches), c, ht, at (FROM_MATCHES). */
export const MATCH_COLUMNS = Prisma.sql`
  m.id, m.competition_id, c.name_en AS c_en, c.name_zh_cn AS c_zh_cn, c.name_zh_hk AS c_zh_hk,
  c.name_original AS c_original,
  m.home_team_id, ht.name_en AS h_en, ht.name_zh_cn AS h_zh_cn, ht.name_zh_hk AS h_zh_hk,
  ht.name_original AS h_original,
  m.away_team_id, at.name_en AS a_en, at.name_zh_cn AS a_zh_cn, at.name_zh_hk AS a_zh_hk,
  at.name_original AS a_original,
  m.status::text AS status, m.minute, m.kickoff_utc, m.round, m.venue,
  m.home_score, m.away_score, m.ht_home_score, m.ht_away_score, m.home_corners, m.away_corners,
  m.home_yellow, m.home_red, m.away_yellow, m.away_red, m.et_home_score, m.et_away_score,
  m.pen_home_score, m.pen_away_score, m.decided_by::text AS decided_by, m.winner::text AS winner`;

export const MATCH_JOINS = Prisma.sql`
  JOIN competitions c ON c.id = m.competition_id
  JOIN teams ht ON ht.id = m.home_team_id
  JOIN teams at ON at.id = m.away_team_id`;

export const names = (en: string, zhCn: string | null, zhHk: string | null): Names => ({
  en,
  'zh-CN': zhCn,
  'zh-HK': zhHk,
});

export function toMatchRecord(r: MatchRow): MatchRecord {
  return {
    id: r.id,
    competition: {
      id: r.competition_id,
      names: names(r.c_en, r.c_zh_cn, r.c_zh_hk),
      nameOriginal: r.c_original,
    },
    home: {
      id: r.home_team_id,
      names: names(r.h_en, r.h_zh_cn, r.h_zh_hk),
      nameOriginal: r.h_original,
    },
    away: {
      id: r.away_team_id,
      names: names(r.a_en, r.a_zh_cn, r.a_zh_hk),
      nameOriginal: r.a_original,
    },
    status: r.status,
    minute: r.minute,
    kickoffUtc: new Date(r.kickoff_utc),
    round: r.round,
    venue: r.venue,
    score: { home: r.home_score, away: r.away_score },
    halfTime: { home: r.ht_home_score, away: r.ht_away_score },
    extraTime: { home: r.et_home_score, away: r.et_away_score },
    penalties: { home: r.pen_home_score, away: r.pen_away_score },
    decidedBy: r.decided_by,
    winner: r.winner,
    corners: { home: r.home_corners, away: r.away_corners },
    cards: {
      home: { yellow: r.home_yellow, red: r.home_red },
      away: { yellow: r.away_yellow, red: r.away_red },
    },
  };
}
