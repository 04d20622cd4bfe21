import type { MatchRecord } from '../../../football/match-record.js';
import { pageMeta } from '../../../wire/presenters/match.js';
import { billed } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions } from '../../charging/field-billing.js';
import { matchById } from '../../charging/match-by-id.js';
import { selectsBeyondId, selectsMatchPayload } from '../../charging/match-selection.js';
import { builder } from '../builder.js';
import {
  filterOf,
  type ListArgs,
  listQueryOf,
  liveLimitOf,
  MAX_LIVE_MATCHES,
  MAX_MATCH_IDS,
  matchIdsOf,
  plannedPageSize,
} from '../list-args.js';
import { MatchStatusEnum } from './enums.js';
import { MatchPageType, MatchType } from './match.js';

builder.queryFields((t) => ({
  matches: t.field({
    type: MatchPageType,
    description:
      'GET /matches: one unit per page, from the free match-list allowance first. Children of ' +
      'the items cost one unit per match and field; the bound assumes a full page.',
    args: {
      date: t.arg.string({ description: 'YYYY-MM-DD; default: today in tz.' }),
      tz: t.arg.int({ description: 'UTC offset in minutes, -720..840; default 480 (Hong Kong).' }),
      timeZone: t.arg.string({
        description:
          'An IANA time zone (Asia/Hong_Kong, Europe/London), days following its DST; instead of tz.',
      }),
      from: t.arg.string({
        description: 'YYYY-MM-DD: first day of a range (with to), in the zone.',
      }),
      to: t.arg.string({ description: 'YYYY-MM-DD: last day of the range, at most 31 days.' }),
      competitionId: t.arg.int({
        description: 'Only this competition (unknown: invalid_parameter).',
      }),
      teamId: t.arg.int({
        description: 'Only this team, home or away (unknown: invalid_parameter).',
      }),
      league: t.arg.stringList({
        description:
          'Competition names (any served language or the original), codes or ids, case-insensitive.',
      }),
      status: t.arg({ type: [MatchStatusEnum] }),
      page: t.arg.int({ description: '>= 1; default 1.' }),
      pageSize: t.arg.int({ description: '1..100, default 25; above 100 is capped to 100.' }),
    },
    ...costExtensions({
      billing: BILLING.matches,
      matchScope: { kind: 'page', size: (args) => plannedPageSize(args as ListArgs) },
    }),
    resolve: billed(
      BILLING.matches,
      () => '',
      async (_root, args, ctx) => {
        const query = listQueryOf(args, ctx.now());
        const page = await ctx.loaders.page.load(JSON.stringify(query));
        if (!page) {
          throw new Error('match list read returned nothing');
        }
        // As GET /matches: 503 or 502 when the page shows a stale or refused source's match.
        await ctx.services.freshness.checkMatches(page.items);
        return { items: page.items, meta: pageMeta(query.page, query.pageSize, page.total) };
      },
    ),
  }),
  liveMatches: t.field({
    type: [MatchType],
    description: `GET /matches/live: one unit. At most \`first\` (<= ${MAX_LIVE_MATCHES}) matches, so children have a cost bound.`,
    args: {
      league: t.arg.stringList(),
      status: t.arg({ type: [MatchStatusEnum] }),
      first: t.arg.int({ description: `1..${MAX_LIVE_MATCHES}, default ${MAX_LIVE_MATCHES}.` }),
    },
    ...costExtensions({
      billing: BILLING.liveMatches,
      matchScope: { kind: 'page', size: (args) => liveLimitOf(args['first'] as number | null) },
    }),
    resolve: billed(
      BILLING.liveMatches,
      () => '',
      async (_root, args, ctx) => {
        const limit = liveLimitOf(args.first);
        const live = (await ctx.loaders.live.load(JSON.stringify(filterOf(args)))).slice(0, limit);
        await ctx.services.freshness.checkMatches(live);
        return live;
      },
    ),
  }),
  match: t.field({
    type: MatchType,
    nullable: true,
    description:
      'GET /matches/{matchId} when a field beyond `id` is selected (one unit); its children cost ' +
      'one unit each. Unknown id: null with `not_found`.',
    args: { id: t.arg.int({ required: true }) },
    ...costExtensions({
      keyed: true,
      matchScope: { kind: 'single', id: (args) => args['id'] as number },
    }),
    resolve: (_root, { id }, ctx, info) =>
      matchById(id, ctx, {
        payload: selectsMatchPayload(info),
        beyondId: selectsBeyondId(info, ctx.access.analysis),
      }),
  }),
  matchesByIds: t.field({
    type: [MatchType],
    nullable: { list: false, items: true },
    description:
      `Several matches by id (at most ${MAX_MATCH_IDS}), in the order asked: each is charged as ` +
      '`match(id)` (GET /matches/{matchId} when a field beyond `id` is selected, its children ' +
      'one unit each; an id named twice counts once). An unknown id is null with `not_found`, ' +
      'charged as the 404 REST answers.',
    args: { ids: t.arg.intList({ required: true }) },
    ...costExtensions({
      keyed: true,
      targets: (args) =>
        matchIdsOf(args['ids'] as number[]).map((matchId) => ({ type: 'Match', matchId })),
    }),
    resolve: (_root, { ids }, ctx, info) => {
      const asked = {
        payload: selectsMatchPayload(info),
        beyondId: selectsBeyondId(info, ctx.access.analysis),
      };
      matchIdsOf(ids);
      // Each item resolves, or fails with not_found, on its own: graphql-js completes a list of
      // promises item by item, which Pothos's types do not express.
      return ids.map((id) => matchById(id, ctx, asked)) as unknown as MatchRecord[];
    },
  }),
}));
