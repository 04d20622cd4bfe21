import type { Static } from 'typebox';
import type { FormEntry, H2hRecord } from '../../football/h2h-compute.js';
import { matchResult } from '../../football/match-result.js';
import type { Language } from '../../i18n/language.js';
import type { HeadToHead } from '../schemas/match-details.js';
import { optional } from './common.js';
import { competitionRef, isoUtc, pair, teamName } from './match.js';

type H2h = Static<typeof HeadToHead>;

/** How a cup meeting was decided (nothing for one decided in 90 minutes). */
function decided(m: FormEntry['match']) {
  const result = matchResult(m);
  if (result.decidedBy === null) {
    return {};
  }
  return {
    ...optional('penalties', result.penalties),
    decidedBy: result.decidedBy,
    ...optional('winner', result.winner),
  };
}

/** Scores of finished matches are known (the service reads only those). */
const scoreOf = (m: FormEntry['match']) => pair(m.score.home, m.score.away) ?? '';

function presentForm(entry: FormEntry, language: Language): H2h['form']['home'][number] {
  const { match } = entry;
  return {
    matchId: match.id,
    competition: competitionRef(match.competition, language),
    kickoffUtc: isoUtc(match.kickoffUtc),
    venue: entry.venue,
    opponent: teamName(entry.venue === 'home' ? match.away : match.home, language),
    score: scoreOf(match),
    result: entry.result,
    ...decided(match),
  };
}

export function presentH2h(h2h: H2hRecord, language: Language): H2h {
  return {
    home: teamName(h2h.home, language),
    away: teamName(h2h.away, language),
    summary: h2h.summary,
    matches: h2h.meetings.map(({ match, result }) => ({
      id: match.id,
      competition: competitionRef(match.competition, language),
      kickoffUtc: isoUtc(match.kickoffUtc),
      home: teamName(match.home, language),
      away: teamName(match.away, language),
      score: scoreOf(match),
      ...optional('halfTime', pair(match.halfTime.home, match.halfTime.away)),
      result,
      ...decided(match),
    })),
    form: {
      home: h2h.form.home.map((e) => presentForm(e, language)),
      away: h2h.form.away.map((e) => presentForm(e, language)),
    },
  };
}
