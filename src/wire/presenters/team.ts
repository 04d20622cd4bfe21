import type { Static } from 'typebox';
import type { TeamProfile } from '../../football/team-catalogue.js';
import type { Language } from '../../i18n/language.js';
import type { Team } from '../schemas/team.js';
import { optional } from './common.js';
import { logoUrl, nameIn } from './match.js';

/** Issue 49: a team's page, for both doors; null optionals omitted (spec 2 rule 1). */
export function presentTeam(
  team: TeamProfile,
  options: { language: Language; assetsUrl: string },
): Static<typeof Team> {
  return {
    id: team.id,
    name: nameIn(team.names, options.language),
    nameOriginal: team.nameOriginal,
    ...optional('country', team.country),
    logo: logoUrl(options.assetsUrl, team.nameOriginal),
    competitionIds: team.competitionIds,
  };
}
