import { type GraphQLObjectType, type GraphQLResolveInfo, isObjectType } from 'graphql';
import { ApiError } from '../../../errors/api-error.js';
import { billed, matchScope } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions, type PlannedTarget } from '../../charging/field-billing.js';
import { matchById } from '../../charging/match-by-id.js';
import { selectsBeyondId, selectsMatchPayload } from '../../charging/match-selection.js';
import { builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { competitionView, teamView } from '../types/match.js';
import { matchEventsOf } from '../types/match-children.js';
import { playerById, playerTarget } from '../types/player.js';
import { decodeGlobalId, type NodeKey } from './global-id.js';
import { asNode, NodeInterface } from './node-interface.js';

/** `nodes` reads at most this many, as a page of matches does. */
export const MAX_NODE_IDS = 100;

/**
 * What fetching a node stands for on REST (DECISIONS.md "GraphQL": costed as the reads it
 * replaces): a match, as `match(id)`; an event, its match's events route; a bookmaker, the
 * bookmaker list; a player, its route. Teams and competitions have no route of their own (every match payload names
 * them): they cost nothing beyond the request every keyed operation counts.
 */
function targetOf(key: NodeKey): PlannedTarget {
  switch (key.type) {
    case 'Match':
      return { type: key.type, matchId: key.id };
    case 'MatchEvent':
      return {
        type: key.type,
        matchId: key.matchId,
        reads: [{ billing: BILLING.events, scope: matchScope(key.matchId) }],
      };
    case 'Bookmaker':
      return { type: key.type, reads: [{ billing: BILLING.bookmakers, scope: '' }] };
    case 'Player':
      return playerTarget(key.id);
    default:
      return { type: key.type };
  }
}

/** A malformed id names nothing: no target, and the field's error says so. */
const targetsOf = (ids: readonly string[]) =>
  ids.flatMap((id) => {
    const key = decodeGlobalId(id);
    return key ? [targetOf(key)] : [];
  });

function nodeIdsOf(ids: readonly string[]): readonly string[] {
  if (ids.length > MAX_NODE_IDS) {
    throw new ApiError(
      'invalid_parameter',
      `ids: at most ${MAX_NODE_IDS} node ids in one nodes (${ids.length} given)`,
    );
  }
  return ids;
}

const notFound = (what: string) => new ApiError('not_found', `${what} does not exist`);

const eventNode = (matchId: number, seq: number) =>
  billed(
    BILLING.events,
    () => matchScope(matchId),
    async (_parent: unknown, _args: object, ctx: ResolverContext) => {
      if (!(await ctx.loaders.match.load(matchId))) {
        throw notFound(`Match ${matchId}`);
      }
      const event = (await matchEventsOf(matchId, ctx)).find((e) => e.seq === seq);
      if (!event) {
        throw notFound(`Event ${seq} of match ${matchId}`);
      }
      return event;
    },
  );

const bookmakerNode = (id: number) =>
  billed(
    BILLING.bookmakers,
    () => '',
    async (_parent: unknown, _args: object, ctx: ResolverContext) => {
      const found = (await ctx.loaders.bookmakers.load('all')).find((b) => b.id === id);
      if (!found) {
        throw notFound(`Bookmaker ${id}`);
      }
      return found;
    },
  );

async function resolveNode(
  globalId: string,
  ctx: ResolverContext,
  info: GraphQLResolveInfo,
): Promise<object> {
  const key = decodeGlobalId(globalId);
  if (!key) {
    throw new ApiError(
      'invalid_parameter',
      `id: ${JSON.stringify(globalId.slice(0, 80))} is not a node id`,
    );
  }
  switch (key.type) {
    case 'Match': {
      const type = info.schema.getType('Match');
      const asked = isObjectType(type) ? (type as GraphQLObjectType) : undefined;
      const match = await matchById(key.id, ctx, {
        payload: selectsMatchPayload(info, asked),
        beyondId: selectsBeyondId(info, ctx.access.analysis, asked),
      });
      return asNode('Match', match);
    }
    case 'MatchEvent':
      return asNode('MatchEvent', await eventNode(key.matchId, key.seq)(null, {}, ctx));
    case 'Bookmaker':
      return asNode('Bookmaker', await bookmakerNode(key.id)(null, {}, ctx));
    case 'Team': {
      const team = await ctx.loaders.team.load(key.id);
      if (!team) {
        throw notFound(`Team ${key.id}`);
      }
      return asNode('Team', teamView(team, ctx));
    }
    case 'Player':
      return asNode('Player', await playerById(key.id)(null, {}, ctx));
    case 'Competition': {
      const competition = await ctx.loaders.competition.load(key.id);
      if (!competition) {
        throw notFound(`Competition ${key.id}`);
      }
      return asNode('Competition', competitionView(competition, ctx));
    }
  }
}

builder.queryFields((t) => ({
  node: t.field({
    type: NodeInterface,
    nullable: true,
    description:
      'Any object by its global id (`nodeId`), charged as the REST read it replaces: a match ' +
      'as `match(id)`, an event as its match\u2019s events route, a bookmaker as GET ' +
      '/odds/bookmakers, a player as `player(id)`; teams and competitions are free. Unknown: null with `not_found`; not ' +
      'a node id: null with `invalid_parameter`, nothing charged.',
    args: { id: t.arg.id({ required: true }) },
    ...costExtensions({ keyed: true, targets: (args) => targetsOf([String(args['id'])]) }),
    resolve: (_root, { id }, ctx, info) => resolveNode(String(id), ctx, info),
  }),
  nodes: t.field({
    type: [NodeInterface],
    nullable: { list: false, items: true },
    description: `Several objects by global id (at most ${MAX_NODE_IDS}), in the order asked, each as \`node(id:)\`; the same read twice counts once.`,
    args: { ids: t.arg.idList({ required: true }) },
    ...costExtensions({
      keyed: true,
      targets: (args) => targetsOf(nodeIdsOf((args['ids'] as unknown[]).map(String))),
    }),
    resolve: (_root, { ids }, ctx, info) =>
      // Each item resolves, or fails, on its own (graphql-js completes a list of promises).
      nodeIdsOf(ids.map(String)).map((id) => resolveNode(id, ctx, info)) as unknown as object[],
  }),
}));
