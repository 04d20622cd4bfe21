import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tags } from '../../../src/changes/change-summary.js';
import type { Services } from '../../../src/deps.js';
import { parseTeamMatchesQuery } from '../../../src/football/team-matches.js';
import { negotiateLanguage } from '../../../src/http/language.js';
import { Envelope, envelope } from '../../../src/wire/envelope.js';
import { pageMeta, presentMatch } from '../../../src/wire/presenters/match.js';
import { presentTeam } from '../../../src/wire/presenters/team.js';
import { MatchPageEnvelope } from '../../../src/wire/schemas/matches.js';
import { Team } from '../../../src/wire/schemas/team.js';
import { TeamIdParams, TeamMatchesQuery } from '../../schemas/team-query.js';

interface TeamsRouteOptions {
  services: Services;
  /** `{assets_url}` (config ASSETS_URL): team logos live under it. */
  assetsUrl: string;
}

/**
 * Issue 49: a team's page and its matches. One plan unit each (every tier), a malformed id is a
 * 400 naming `teamId` as on every catalogue route; answers are tagged with the team (any change of one of its
 * matches evicts them) and dated by their last change (`Last-Modified`).
 */
export async function teamsRoutes(fastify: FastifyInstance, options: TeamsRouteOptions) {
  const { services, assetsUrl } = options;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /** Read from the raw request: the replay path asks before validation. */
  const lastModifiedOf = (request: FastifyRequest) => {
    const teamId = Number((request.params as { teamId?: unknown }).teamId);
    return Number.isSafeInteger(teamId) ? services.teamVersions.lastModified(teamId) : undefined;
  };
  const config = {
    access: 'plan',
    translated: true,
    lastModifiedOf,
  } as const;
  const teamTags = (teamId: number) => [tags.teamMatches(teamId), tags.anyTeamMatches];

  app.get(
    '/teams/:teamId',
    { config, schema: { params: TeamIdParams, response: { 200: Envelope(Team) } } },
    async (request) => {
      const team = await services.teamCatalogue.getProfile(request.params.teamId);
      request.cacheTags = teamTags(team.id);
      return envelope(presentTeam(team, { language: negotiateLanguage(request), assetsUrl }));
    },
  );

  app.get(
    '/teams/:teamId/matches',
    {
      config,
      schema: {
        params: TeamIdParams,
        querystring: TeamMatchesQuery,
        response: { 200: MatchPageEnvelope },
      },
    },
    async (request) => {
      const query = parseTeamMatchesQuery(request.params.teamId, request.query);
      const page = await services.teamCatalogue.listMatches(query);
      await services.freshness.checkMatches(page.items);
      request.cacheTags = [
        ...teamTags(query.teamId),
        ...page.items.map((m) => tags.match(m.id, 'detail')),
      ];
      const present = { language: negotiateLanguage(request), assetsUrl };
      return {
        data: page.items.map((m) => presentMatch(m, present)),
        meta: pageMeta(query.page, query.pageSize, page.total),
      };
    },
  );
}
