import type { SearchResultRecord } from '../../../football/search.js';
import { SEARCH_KINDS, type SearchKind } from '../../../search/term-store.js';
import { presentSearchResult } from '../../../wire/presenters/search.js';
import { billed } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions } from '../../charging/field-billing.js';
import { builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { restEnum } from './enums.js';
import { CompetitionType, competitionView, TeamNameType, TeamType, teamView } from './match.js';
import { PlayerType, playerView } from './player.js';

const SearchTypeEnum = restEnum('SearchType', SEARCH_KINDS, 'What a search result is.');

/**
 * GET /search's result: the REST payload (one builder), and the entity found as the node a
 * normalised cache keys (`Team:id`, `Competition:id`, `Player:id`), whichever `type` says.
 */
export const SearchResultType = builder.objectRef<SearchResultRecord>('SearchResult').implement({
  description:
    'A competition, team or player found by name. `team`, `competition` or `player` (as `type` ' +
    'says) is the entity itself, part of the search (no unit of its own).',
  fields: (t) => {
    const wire = (r: SearchResultRecord, ctx: ResolverContext) =>
      presentSearchResult(r, ctx.language);
    return {
      type: t.field({ type: SearchTypeEnum, resolve: (r) => r.type }),
      id: t.exposeInt('id'),
      name: t.string({
        description: 'In the negotiated language.',
        resolve: (r, _a, ctx) => wire(r, ctx).name,
      }),
      nameOriginal: t.string({ nullable: true, resolve: (r) => r.nameOriginal }),
      country: t.string({
        nullable: true,
        description: "A competition's or a team's country.",
        resolve: (r) => r.country,
      }),
      club: t.field({
        type: TeamNameType,
        nullable: true,
        description: "A player's club now (REST `team`).",
        resolve: (r, _a, ctx) => wire(r, ctx).team ?? null,
      }),
      matched: t.exposeString('matched', {
        description: 'The name as written that matched: a served name or an alias.',
      }),
      team: t.field({
        type: TeamType,
        nullable: true,
        resolve: (r, _a, ctx) =>
          r.type === 'team' ? teamView({ ...r, nameOriginal: r.nameOriginal ?? '' }, ctx) : null,
      }),
      competition: t.field({
        type: CompetitionType,
        nullable: true,
        resolve: (r, _a, ctx) => (r.type === 'competition' ? competitionView(r, ctx) : null),
      }),
      player: t.field({
        type: PlayerType,
        nullable: true,
        resolve: async (r, _a, ctx) => {
          const player = r.type === 'player' ? await ctx.loaders.player.load(r.id) : null;
          return player ? playerView(player, ctx) : null;
        },
      }),
    };
  },
});

builder.queryFields((t) => ({
  search: t.field({
    type: [SearchResultType],
    description:
      'GET /search: one unit per distinct `q` and `type`. At most 20 results, best first; a bad ' +
      '`q` is `invalid_parameter`.',
    args: {
      q: t.arg.string({ required: true }),
      type: t.arg({ type: SearchTypeEnum }),
    },
    ...costExtensions({ billing: BILLING.search }),
    resolve: billed(
      BILLING.search,
      () => '',
      (_root, { q, type }, ctx) =>
        ctx.services.search.search(q, (type ?? undefined) as SearchKind | undefined),
    ),
  }),
}));
