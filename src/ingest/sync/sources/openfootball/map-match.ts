import type { Static } from 'typebox';
import { wallClockToUtc } from '../../../../football/local-time.js';
import type { CompetitionFact, MatchFact, TeamFact } from '../../facts.js';
import { UEFA_COUNTRIES } from './leagues.js';
import type { LeagueSeason } from './read.js';
import type { FootballJsonMatch, FootballJsonScore } from './schemas.js';
import { STATUSES } from './statuses.js';

type Match = Static<typeof FootballJsonMatch>;
type Score = Static<typeof FootballJsonScore>;

/** `China | Super League` is the league `Super League` of China; the full title stays an alias. */
export function competitionFact(ls: LeagueSeason): CompetitionFact {
  const [country, league] = ls.title.includes(' | ') ? ls.title.split(' | ') : [];
  return {
    sourceId: ls.code,
    name: league?.trim() || ls.title,
    code: ls.code,
    country: ls.league.country ?? country?.trim() ?? null,
    ...(ls.league.region ? { region: ls.league.region } : {}),
    // UEFA's club competitions (`uefa.cl`, `uefa.el`) are cups; a country's divisions leagues.
    type: ls.code.startsWith('uefa.') ? 'cup' : 'league',
    ...(league ? { aliases: [ls.title] } : {}),
  };
}

/**
 * A team is known by its name; UEFA files append the club's country (`Liverpool FC (ENG)`),
 * which is cut off so the club is the same team as in its league's file.
 */
export function teamFact(written: string, ls: LeagueSeason): TeamFact {
  const suffixed = /^(.*\S)\s+\(([A-Z]{3})\)$/.exec(written);
  const name = suffixed?.[1] ?? written.trim();
  const country = suffixed ? (UEFA_COUNTRIES[suffixed[2] ?? ''] ?? null) : ls.league.country;
  return {
    sourceId: name,
    name,
    ...(suffixed ? { aliases: [written] } : {}),
    country,
    competition: ls.code,
  };
}

/**
 * The match's score after play: after extra time where there was extra time (`et`), else after
 * 90 minutes (`ft`); a penalty shoot-out (`p`) adds no goals. null when not played.
 */
export function finalScore(score: Score | undefined): readonly [number, number] | null {
  return score?.et ?? score?.ft ?? null;
}

/** `et` is the score after extra time and `ft` after 90 minutes: extra time's goals differ. */
function extraTime(score: Score | undefined) {
  const { ft, et, p } = score ?? {};
  return {
    etHomeScore: et && ft ? Math.max(0, et[0] - ft[0]) : null,
    etAwayScore: et && ft ? Math.max(0, et[1] - ft[1]) : null,
    penHomeScore: p?.[0] ?? null,
    penAwayScore: p?.[1] ?? null,
    decidedBy: p ? ('penalties' as const) : et ? ('extra_time' as const) : null,
  };
}

/** A fixture without a time yet is placed at noon local time: its date is certain, its hour not. */
const NOON = '12:00';

function kickoffUtc(m: Match, ls: LeagueSeason): string {
  const [year, month, day] = m.date.split('-').map(Number);
  const [hour, minute] = (m.time ?? NOON).split(':').map(Number);
  const wall = {
    year: year ?? 0,
    month: month ?? 1,
    day: day ?? 1,
    hour: hour ?? 0,
    minute: minute ?? 0,
  };
  return wallClockToUtc(wall, ls.league.zone);
}

/**
 * The source id leaves the date out, so a re-dated fixture keeps it:
 * `competition|season|round|home|away` (`en.1|2024-25|Matchday 1|Manchester United FC|Fulham FC`),
 * `|2` and up for a further meeting in the same round (none in the files read so far).
 */
export function matchKey(m: Match, ls: LeagueSeason): string {
  const home = teamFact(m.team1, ls).sourceId;
  const away = teamFact(m.team2, ls).sourceId;
  return [ls.code, ls.season, m.round ?? '', home, away].join('|');
}

export function matchFact(m: Match, sourceId: string, ls: LeagueSeason): MatchFact {
  const final = finalScore(m.score);
  const status = m.status ? (STATUSES[m.status] ?? 'scheduled') : final ? 'finished' : 'scheduled';
  return {
    sourceId,
    competition: ls.code,
    home: teamFact(m.team1, ls).sourceId,
    away: teamFact(m.team2, ls).sourceId,
    status,
    minute: null,
    kickoffUtc: kickoffUtc(m, ls),
    season: ls.season,
    round: m.round ?? null,
    ...(m.ground ? { venue: m.ground } : {}),
    homeScore: final?.[0] ?? null,
    awayScore: final?.[1] ?? null,
    htHomeScore: m.score?.ht?.[0] ?? null,
    htAwayScore: m.score?.ht?.[1] ?? null,
    ...extraTime(m.score),
    ...(m.status === 'awarded' ? { decidedBy: 'awarded' as const } : {}),
  };
}
