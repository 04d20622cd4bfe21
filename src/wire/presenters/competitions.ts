import type { Static } from 'typebox';
import type { CompetitionSummary } from '../../football/competitions.js';
import type { StandingsAnswer } from '../../football/standings.js';
import { type Language, localized } from '../../i18n/language.js';
import type { Competition, CompetitionStandings } from '../schemas/competitions.js';
import { optional } from './common.js';

/** docs/rest/competitions.md: one competition of the list; null optionals omitted (spec 2 rule 1). */
export function presentCompetition(
  c: CompetitionSummary,
  currentSeason: number | null,
  language: Language,
): Static<typeof Competition> {
  const fixtures = c.sources.find((s) => s.resource === 'fixtures') ?? c.sources[0];
  return {
    id: c.id,
    name: localized(c.names, language),
    ...optional('nameOriginal', c.nameOriginal),
    code: c.code,
    region: c.region,
    ...optional('country', c.country),
    type: c.type,
    seasons: c.seasons.map((s) => ({ year: s.year, firstDay: s.firstDay, lastDay: s.lastDay })),
    ...optional('currentSeason', currentSeason),
    coverage: { ...c.coverage },
    ...optional('source', fixtures?.source),
    ...optional('licence', fixtures?.licence),
    sources: c.sources.map((s) => ({ ...s })),
  };
}

/** docs/rest/competitions.md: a season's tables, team names in the request's language. */
export function presentStandings(
  answer: StandingsAnswer,
  language: Language,
): Static<typeof CompetitionStandings> {
  return {
    competitionId: answer.competition.id,
    season: answer.season,
    live: answer.live,
    standings: answer.standings.map((s) => ({
      type: s.type,
      ...optional('group', s.group),
      table: s.table.map((r) => ({
        position: r.position,
        team: { id: r.team.id, name: localized(r.team.names, language) },
        played: r.played,
        won: r.won,
        drawn: r.drawn,
        lost: r.lost,
        goalsFor: r.goalsFor,
        goalsAgainst: r.goalsAgainst,
        goalDifference: r.goalDifference,
        points: r.points,
        form: [...r.form],
      })),
    })),
  };
}
