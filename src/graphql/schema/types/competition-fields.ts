import type { TSchema } from 'typebox';
import { ApiError } from '../../../errors/api-error.js';
import type { ScorersAnswer } from '../../../football/scorers.js';
import { pageMeta } from '../../../wire/presenters/match.js';
import { presentScorers } from '../../../wire/presenters/scorers.js';
import { CompetitionScorers, ScorerLine } from '../../../wire/schemas/scorers.js';
import { billed } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions } from '../../charging/field-billing.js';
import { builder } from '../builder.js';
import { type ListArgs, listQueryOf, plannedPageSize } from '../list-args.js';
import { CompetitionDetailType } from './competitions.js';
import { MatchStatusEnum } from './enums.js';
import { MatchPageType } from './match.js';
import { type ObjectNaming, WireTypes } from './wire-objects.js';

/**
 * Issue 49: `CompetitionDetail.scorers(season)`, one unit per competition and season as
 * GET /competitions/{competitionId}/scorers, and `CompetitionDetail.matches(from, to, ...)`, one
 * unit per page as GET /matches?competitionId=... with the same arguments.
 */

const wireTypes = new WireTypes({
  objects: new Map<TSchema, ObjectNaming>([
    [ScorerLine, { name: 'ScorerLine', description: "A player's goals in a season." }],
    [ScorerLine.properties.player, { name: 'ScorerPlayer', description: 'A player by id.' }],
    [ScorerLine.properties.team, { name: 'ScorerTeam', description: 'A team by id and name.' }],
  ]),
  enums: [],
});

const ScorersType = wireTypes.objectOf(
  CompetitionScorers,
  'CompetitionScorers',
  'GET /competitions/{competitionId}/scorers: the top scorers of one season.',
);

const competitionScope = (competition: { id: number }) => `competition:${competition.id}`;

builder.objectFields(CompetitionDetailType, (t) => ({
  scorers: t.field({
    type: ScorersType,
    description:
      'GET /competitions/{competitionId}/scorers: one unit per competition and season. An ' +
      'unknown season is null with `not_found`.',
    nullable: true,
    args: {
      season: t.arg.int({ description: "Start year; default: the competition's current season." }),
    },
    ...costExtensions({ billing: BILLING.scorers }),
    resolve: billed(BILLING.scorers, competitionScope, async (competition, args, ctx) => {
      const answer = await ctx.loaders.scorers.load(
        JSON.stringify({ competitionId: competition.id, season: args.season ?? undefined }),
      );
      if (answer instanceof ApiError || !answer) {
        throw answer ?? new ApiError('not_found', `No competition ${competition.id}`);
      }
      return presentScorers(answer as ScorersAnswer, ctx.language);
    }),
  }),
  matches: t.field({
    type: MatchPageType,
    description:
      "GET /matches?competitionId=...: the competition's matches on a day or in a range of " +
      'days, one unit per page from the free match-list allowance first. Children of the items ' +
      'cost one unit per match and field; the bound assumes a full page.',
    args: {
      from: t.arg.string({
        description: 'YYYY-MM-DD: first day of a range (with to), in the zone.',
      }),
      to: t.arg.string({ description: 'YYYY-MM-DD: last day of the range, at most 31 days.' }),
      date: t.arg.string({ description: 'YYYY-MM-DD instead of a range; default: today.' }),
      tz: t.arg.int({ description: 'UTC offset in minutes, -720..840; default 480.' }),
      timeZone: t.arg.string({ description: 'An IANA time zone, instead of tz.' }),
      status: t.arg({ type: [MatchStatusEnum] }),
      page: t.arg.int({ description: '>= 1; default 1.' }),
      pageSize: t.arg.int({ description: '1..100, default 25; above 100 is capped to 100.' }),
    },
    ...costExtensions({
      billing: BILLING.competitionMatches,
      matchScope: { kind: 'page', size: (args) => plannedPageSize(args as ListArgs) },
    }),
    resolve: billed(
      BILLING.competitionMatches,
      competitionScope,
      async (competition, args, ctx) => {
        const query = listQueryOf({ ...args, competitionId: competition.id }, ctx.now());
        const page = await ctx.loaders.page.load(JSON.stringify(query));
        if (!page) {
          throw new Error('match list read returned nothing');
        }
        await ctx.services.freshness.checkMatches(page.items);
        return { items: page.items, meta: pageMeta(query.page, query.pageSize, page.total) };
      },
    ),
  }),
}));
