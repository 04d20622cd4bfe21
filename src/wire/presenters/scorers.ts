import type { Static } from 'typebox';
import type { ScorersAnswer } from '../../football/scorers.js';
import { type Language, localized } from '../../i18n/language.js';
import type { CompetitionScorers } from '../schemas/scorers.js';
import { optional } from './common.js';

/** docs/rest/competitions.md "Scorers": names in the request's language. */
export function presentScorers(
  answer: ScorersAnswer,
  language: Language,
): Static<typeof CompetitionScorers> {
  return {
    competitionId: answer.competition.id,
    season: answer.season,
    scorers: answer.scorers.map((s) => ({
      rank: s.rank,
      player: { id: s.player.id, name: localized(s.player.names, language) },
      team: { id: s.team.id, name: localized(s.team.names, language) },
      goals: s.goals,
      penalties: s.penalties,
      ...(answer.assistsKnown ? { assists: s.assists } : {}),
      ...optional('played', s.played),
    })),
  };
}
