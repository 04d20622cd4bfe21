import type { Static } from 'typebox';
import type { MatchRecord, Names, TeamRecord } from '../../football/match-record.js';
import { type MatchResult, matchResult } from '../../football/match-result.js';
import { type Language, localized } from '../../i18n/language.js';
import type { CardCount, CompetitionRef, Match } from '../schemas/matches.js';
import { optional } from './common.js';

interface PresentOptions {
  language: Language;
  /** `{assets_url}` without a trailing slash. */
  assetsUrl: string;
}

/** Spec 2 rule 5: `home-away`, or null when either side is unknown. */
export function pair(home: number | null, away: number | null): string | null {
  return home === null || away === null ? null : `${home}-${away}`;
}

/** Spec 2 rule 3; docs/rest/matches.md: whole seconds, no milliseconds. */
export const isoUtc = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** DECISIONS.md "Matches": logos from the original team name, percent-encoded. */
export const logoUrl = (assetsUrl: string, nameOriginal: string) =>
  `${assetsUrl}/UploadFolder/Teams/${encodeURIComponent(`${nameOriginal}.png`)}`;

export const nameIn = (names: Names, language: Language) => localized(names, language);

export const teamName = (team: TeamRecord, language: Language) => ({
  name: nameIn(team.names, language),
});

export function competitionRef(
  competition: MatchRecord['competition'],
  language: Language,
): Static<typeof CompetitionRef> {
  return { name: nameIn(competition.names, language), nameOriginal: competition.nameOriginal };
}

type Cards = MatchRecord['cards'];
const reported = (c: Cards['home']) => c.yellow !== null || c.red !== null;
const cardCount = (c: Cards['home']): Static<typeof CardCount> => ({
  yellow: c.yellow,
  red: c.red,
});

/**
 * How a match beyond regular time was decided (match-result.ts, the builder GraphQL's
 * `Match.result` uses too): nothing for a match decided in regular time, so every payload the
 * contract describes stays as it was.
 */
export function decidedScore(result: MatchResult) {
  const { decidedBy } = result;
  if (decidedBy === null) {
    return {};
  }
  const beyond = decidedBy !== 'awarded';
  return {
    ...optional('regularTime', beyond ? result.regularTime : null),
    ...optional('extraTime', result.extraTime),
    ...optional('penalties', result.penalties),
    decidedBy,
    ...optional('winner', result.winner),
  };
}

function score(match: MatchRecord): Static<typeof Match>['score'] {
  const current = pair(match.score.home, match.score.away);
  if (current === null) {
    return undefined;
  }
  return {
    current,
    ...optional('halfTime', pair(match.halfTime.home, match.halfTime.away)),
    ...decidedScore(matchResult(match)),
  };
}

/** Spec 2.3 Match: null optionals omitted; `minute` only while live (DECISIONS.md "Matches"). */
export function presentMatch(match: MatchRecord, options: PresentOptions): Static<typeof Match> {
  const { language, assetsUrl } = options;
  const { cards } = match;
  return {
    id: match.id,
    competition: competitionRef(match.competition, language),
    home: teamName(match.home, language),
    away: teamName(match.away, language),
    homeLogo: logoUrl(assetsUrl, match.home.nameOriginal),
    awayLogo: logoUrl(assetsUrl, match.away.nameOriginal),
    status: match.status,
    ...optional('minute', match.status === 'live' ? match.minute : null),
    ...optional('score', score(match)),
    ...optional('corners', pair(match.corners.home, match.corners.away)),
    ...optional(
      'cards',
      reported(cards.home) || reported(cards.away)
        ? { home: cardCount(cards.home), away: cardCount(cards.away) }
        : null,
    ),
    kickoffUtc: isoUtc(match.kickoffUtc),
    ...optional('round', match.round),
    ...optional('venue', match.venue),
  };
}

/** Spec 2.2: `totalPages` is 0 for an empty result. */
export function pageMeta(page: number, pageSize: number, total: number) {
  return { page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}
