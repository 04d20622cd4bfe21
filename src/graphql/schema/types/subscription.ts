import type { LoggedChange } from '../../../changes/change-log.js';
import { ApiError } from '../../../errors/api-error.js';
import type { StandingsAnswer } from '../../../football/standings.js';
import { CHANGE_RESOURCES, type OddsMarket } from '../../../football/vocabulary.js';
import {
  ofCompetitions,
  ofLiveMatches,
  ofMatches,
  ofOddsMoves,
} from '../../../push/change-filters.js';
import { type Carries, subscribeChanges } from '../../../push/change-subscription.js';
import { presentStandings } from '../../../wire/presenters/competitions.js';
import { builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { StandingsType } from './competitions.js';
import { OddsMarketEnum, restEnum } from './enums.js';
import { MatchType } from './match.js';

const ChangeResourceEnum = restEnum(
  'ChangeResource',
  CHANGE_RESOURCES.filter((r) => r !== 'reference'),
  'Which resource of the match changed (docs/push.md).',
);
const ChangeKindEnum = restEnum('ChangeKind', ['upsert', 'delete'], 'Written or removed.');

const MatchChangeType = builder.objectRef<LoggedChange>('MatchChange').implement({
  description:
    'One change of a match, as the change log numbers it, and the match as it is now: select ' +
    'its fields as in queries (they are not charged: the subscription was, once).',
  fields: (t) => ({
    seq: t.string({
      description: 'The change-log sequence number (the SSE route\u2019s event id).',
      resolve: (change) => String(change.seq),
    }),
    resource: t.field({
      type: ChangeResourceEnum,
      resolve: (change) => change.resource as Exclude<LoggedChange['resource'], 'reference'>,
    }),
    kind: t.field({ type: ChangeKindEnum, resolve: (change) => change.kind }),
    at: t.field({ type: 'DateTime', resolve: (change) => change.at }),
    match: t.field({
      type: MatchType,
      nullable: true,
      description: 'null when the match was deleted.',
      resolve: async (change, _args, ctx) =>
        change.matchId === null ? null : ctx.loaders.match.load(change.matchId),
    }),
  }),
});

/** The changes `carries` accepts, of the match `matchId` only when given (the hub's index). */
const changesOf = (ctx: ResolverContext, carries: Carries, matchId?: number) =>
  subscribeChanges(ctx.push.hub, carries, {
    matchIds: matchId === undefined ? null : new Set([matchId]),
  });

/** Refuses an id of no match before the subscription opens (400, as the SSE route). */
async function checkMatch(ctx: ResolverContext, id: number, parameter: string): Promise<void> {
  const found = id > 0 ? await ctx.services.matches.getByIds([id]) : new Map();
  if (!found.has(id)) {
    throw new ApiError('invalid_parameter', `Unknown match id: ${id}`, { parameter });
  }
}

/** A known competition's id, and its season when named (400 naming the argument otherwise). */
async function checkStandings(ctx: ResolverContext, args: Record<string, unknown>) {
  const id = Number(args['competitionId']);
  const competition = (await ctx.services.competitions.catalogue()).byId.get(id);
  if (!Number.isInteger(id) || !competition) {
    throw new ApiError(
      'invalid_parameter',
      `Unknown competition id: ${String(args['competitionId'])}`,
      {
        parameter: 'competitionId',
      },
    );
  }
  const season = args['season'];
  if (typeof season === 'number' && !competition.seasons.some((s) => s.year === season)) {
    throw new ApiError('invalid_parameter', `Competition ${id} has no season ${season}`, {
      parameter: 'season',
    });
  }
}

/**
 * The detail changes of a competition's matches that move its live table (the table in English
 * differs from the one last carried): the table is read once per change for every subscriber.
 */
async function movingTable(
  ctx: ResolverContext,
  competitionId: number,
  season: number | undefined,
) {
  const values = ctx.push.values;
  let last = await values.standings.textAt(competitionId, season, ctx.push.hub.position(), 'en');
  const ofCompetition = ofCompetitions(values, {
    competitionIds: new Set([competitionId]),
    matchIds: null,
    analysis: false,
  });
  return async (change: LoggedChange) => {
    if (
      change.resource !== 'detail' ||
      change.kind !== 'upsert' ||
      !(await ofCompetition(change))
    ) {
      return false;
    }
    const text = await values.standings.textAt(competitionId, season, change.seq, 'en');
    if (text === null || text === last) {
      return false;
    }
    last = text;
    return true;
  };
}

/**
 * Each event resolves its fields with fresh loaders: the data as it is after the change. The
 * match itself is the one read once for every stream of the change (SSE and GraphQL alike).
 */
const eachEvent = async (change: LoggedChange, _args: unknown, ctx: ResolverContext) => {
  ctx.renew();
  if (change.matchId !== null) {
    const match = await ctx.push.values.matchAt(change.matchId, change.seq);
    if (match) {
      ctx.loaders.match.prime(change.matchId, match);
    }
  }
  return change;
};

/**
 * A subscription field's check before it opens (src/graphql/charging/use-subscription-access.ts runs it after
 * the key checks and before the charge): bad arguments are refused as a 400, uncharged.
 */
export type SubscriptionCheck = (
  args: Record<string, unknown>,
  ctx: ResolverContext,
) => Promise<void>;

const check = (run: SubscriptionCheck) => ({ extensions: { subscriptionCheck: run } });

builder.subscriptionType({
  description:
    'Changes as they are written (docs/push.md): over SSE (Accept: text/event-stream) or the ' +
    'graphql-ws WebSocket protocol on /graphql. Opening one is one request and one unit.',
});

builder.subscriptionFields((t) => ({
  matchUpdated: t.field({
    type: MatchChangeType,
    description: 'Every change of one match (analysis changes: Plus and Pro).',
    args: { id: t.arg.int({ required: true }) },
    ...check((args, ctx) => checkMatch(ctx, args['id'] as number, 'id')),
    subscribe: (_root, args, ctx) =>
      changesOf(ctx, ofMatches(new Set([args.id]), ctx.access.analysis), args.id),
    resolve: eachEvent,
  }),
  liveMatches: t.field({
    type: MatchChangeType,
    description:
      'Every change of every live match, or of those of the named competitions (any served ' +
      'language or the original, case-insensitive). A match followed while live stays followed, ' +
      'so its final whistle arrives.',
    args: { league: t.arg.stringList() },
    subscribe: (_root, args, ctx) =>
      changesOf(
        ctx,
        ofLiveMatches(ctx.push.values, { analysis: ctx.access.analysis, leagues: args.league }),
      ),
    resolve: eachEvent,
  }),
  oddsMoved: t.field({
    type: MatchChangeType,
    description:
      'The bookmakers\u2019 odds of one match moved (their odds and movement resources); with ' +
      '`market`, only when that market\u2019s prices changed.',
    args: {
      matchId: t.arg.int({ required: true }),
      market: t.arg({ type: OddsMarketEnum }),
    },
    ...check((args, ctx) => checkMatch(ctx, args['matchId'] as number, 'matchId')),
    subscribe: async (_root, args, ctx) => {
      const odds = await ctx.services.odds.getWireForMatch(args.matchId);
      const market = (args.market ?? null) as OddsMarket | null;
      return changesOf(
        ctx,
        ofOddsMoves(ctx.push.values, { matchId: args.matchId, market, odds }),
        args.matchId,
      );
    },
    resolve: eachEvent,
  }),
  standings: t.field({
    type: StandingsType,
    description:
      'Issue 49: the live tables of a competition\u2019s season (default: its current one), ' +
      'as GET /competitions/{competitionId}/standings?live=true shows them, each time a change ' +
      'of one of its matches moves them (a goal, a match going live or finishing).',
    args: {
      competitionId: t.arg.id({ required: true }),
      season: t.arg.int({ description: "Start year; default: the competition's current season." }),
    },
    ...check((args, ctx) => checkStandings(ctx, args)),
    subscribe: async (_root, args, ctx) =>
      changesOf(ctx, await movingTable(ctx, Number(args.competitionId), args.season ?? undefined)),
    resolve: async (change: LoggedChange, args, ctx) => {
      const season = args.season ?? undefined;
      const answer = await ctx.push.values.standings.tablesAt(
        Number(args.competitionId),
        season,
        change.seq,
      );
      if (!answer) {
        throw new ApiError('not_found', `No standings of competition ${args.competitionId}`);
      }
      return presentStandings(answer as StandingsAnswer, ctx.language);
    },
  }),
}));
