import { ApiError } from '../../../errors/api-error.js';
import type { TeamProfile } from '../../../football/team-catalogue.js';
import { pageMeta } from '../../../wire/presenters/match.js';
import { presentTeam } from '../../../wire/presenters/team.js';
import { billed } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions } from '../../charging/field-billing.js';
import { selectsMatchPayload } from '../../charging/match-selection.js';
import { builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { type TeamMatchesArgs, teamMatchesQueryOf, teamScope } from '../team-args.js';
import { MatchStatusEnum } from './enums.js';
import { type MatchPage, MatchPageType } from './match.js';

/** `team(id)`: the id, and the page when a field of it was asked for (else not read). */
interface TeamRoot {
  id: number;
  profile: TeamProfile | null;
}

const profileOf = (team: TeamRoot, ctx: ResolverContext) => {
  if (!team.profile) {
    throw new Error(`team ${team.id}: a payload field resolved without its page`);
  }
  return presentTeam(team.profile, { language: ctx.language, assetsUrl: ctx.assetsUrl });
};

const TeamProfileType = builder.objectRef<TeamRoot>('TeamProfile').implement({
  description:
    "GET /teams/{teamId}: a team's page (one unit when a field beyond `id` and `matches` is " +
    'read) and its matches (GET /teams/{teamId}/matches, one unit per distinct argument set).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.string({
      description: 'In the negotiated language.',
      resolve: (team, _args, ctx) => profileOf(team, ctx).name,
    }),
    nameOriginal: t.string({ resolve: (team, _args, ctx) => profileOf(team, ctx).nameOriginal }),
    country: t.string({
      nullable: true,
      resolve: (team, _args, ctx) => profileOf(team, ctx).country ?? null,
    }),
    logo: t.string({ resolve: (team, _args, ctx) => profileOf(team, ctx).logo }),
    competitionIds: t.intList({
      description: 'Every competition with a stored match of the team, ascending.',
      resolve: (team, _args, ctx) => profileOf(team, ctx).competitionIds,
    }),
    matches: t.field({
      type: MatchPageType,
      description:
        'GET /teams/{teamId}/matches: by kick-off (a range of days, statuses, pages), or `last` N ' +
        'finished (newest first) or `next` N scheduled (soonest first), alone. Children of the ' +
        'items cost one unit per match and field; the bound assumes a full page.',
      args: {
        from: t.arg.string({ description: 'YYYY-MM-DD, with to: a range of days in the zone.' }),
        to: t.arg.string({ description: "YYYY-MM-DD, the range's last day, included." }),
        tz: t.arg.int({ description: 'UTC offset in minutes, -720..840; default 480.' }),
        timeZone: t.arg.string({ description: 'An IANA time zone, instead of tz.' }),
        status: t.arg({ type: [MatchStatusEnum] }),
        last: t.arg.int({ description: '1..100: the N latest finished matches.' }),
        next: t.arg.int({ description: '1..100: the N next scheduled matches.' }),
        page: t.arg.int({ description: '>= 1; default 1.' }),
        pageSize: t.arg.int({ description: '1..100, default 25; above 100 is capped to 100.' }),
      },
      ...costExtensions({
        billing: BILLING.teamMatches,
        matchScope: {
          kind: 'page',
          size: (args) => {
            const a = args as TeamMatchesArgs;
            return Math.min(Math.max(a.last ?? a.next ?? a.pageSize ?? 25, 1), 100);
          },
        },
      }),
      resolve: (team, args, ctx) =>
        // A non-positive id names no team: nothing is read or charged (as the planner counts).
        team.id > 0 ? readTeamMatches(team, args, ctx) : noTeam(team.id),
    }),
  }),
});

const noTeam = (id: number): never => {
  throw new ApiError('not_found', `No team ${id}`);
};

const readTeamMatches = billed(
  BILLING.teamMatches,
  (team: TeamRoot) => teamScope(team.id),
  async (team, args: TeamMatchesArgs, ctx): Promise<MatchPage> => {
    const query = teamMatchesQueryOf(team.id, args);
    const page = await ctx.loaders.teamMatches.load(JSON.stringify(query));
    if (!page) {
      throw new Error('team matches read returned nothing');
    }
    await ctx.services.freshness.checkMatches(page.items);
    return { items: page.items, meta: pageMeta(query.page, query.pageSize, page.total) };
  },
);

builder.queryFields((t) => ({
  team: t.field({
    type: TeamProfileType,
    nullable: true,
    description:
      'GET /teams/{teamId} when a field beyond `id` and `matches` is selected (one unit); ' +
      '`matches` is its own request. Unknown id: null with `not_found`.',
    args: { id: t.arg.int({ required: true }) },
    ...costExtensions({
      keyed: true,
      matchScope: {
        kind: 'entity',
        key: (args) => ((args['id'] as number) > 0 ? teamScope(args['id'] as number) : null),
        billing: BILLING.team,
      },
    }),
    resolve: async (_root, { id }, ctx, info) => {
      if (!selectsMatchPayload(info)) {
        // Only its matches (or id): their own request says whether the team exists.
        return { id, profile: null };
      }
      if (id <= 0) {
        return noTeam(id);
      }
      const read = billed(
        BILLING.team,
        () => teamScope(id),
        async () => (await ctx.loaders.teamProfile.load(id)) ?? noTeam(id),
      );
      return { id, profile: await read(null, {}, ctx) };
    },
  }),
}));
