import { ApiError } from '../../../errors/api-error.js';
import type { PlayerRecord } from '../../../football/players.js';
import { presentPlayer } from '../../../wire/presenters/players.js';
import { billed } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions, type PlannedTarget } from '../../charging/field-billing.js';
import { builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { NodeInterface } from '../node/node-interface.js';
import { TeamType, type TeamView, teamView } from './match.js';

/** A player as the graph shows it: the REST payload (one builder), its club as a `Team`. */
export interface PlayerView {
  id: number;
  name: string;
  nameOriginal?: string | undefined;
  team?: TeamView | undefined;
  position?: string | undefined;
  nationality?: string | undefined;
  birthDate?: string | undefined;
}

export function playerView(player: PlayerRecord, ctx: ResolverContext): PlayerView {
  const { team: _named, ...wire } = presentPlayer(player, ctx.language);
  return player.team ? { ...wire, team: teamView(player.team, ctx) } : wire;
}

/** The scope of a player read in request keys: the planner and the resolver share it. */
const playerScope = (id: number) => `player:${id}`;

/** What reading a player stands for on REST, for the planner (`player(id)` and `node`). */
export const playerTarget = (id: number): PlannedTarget => ({
  type: 'Player',
  reads: [{ billing: BILLING.player, scope: playerScope(id) }],
});

/** `player(id)` and `node` of a player: GET /players/{playerId}, a 404 for an unknown id. */
export const playerById = (id: number) =>
  billed(
    BILLING.player,
    () => playerScope(id),
    async (_parent: unknown, _args: object, ctx: ResolverContext): Promise<PlayerView> => {
      const player = await ctx.loaders.player.load(id);
      if (!player) {
        throw new ApiError('not_found', `No player ${id}`);
      }
      return playerView(player, ctx);
    },
  );

export const PlayerType = builder.objectRef<PlayerView>('Player').implement({
  interfaces: [NodeInterface],
  description:
    'GET /players/{playerId}: name in the negotiated language, club, position, nationality and ' +
    'date of birth where the sources give them.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    nameOriginal: t.exposeString('nameOriginal', { nullable: true }),
    team: t.expose('team', { type: TeamType, nullable: true }),
    position: t.exposeString('position', { nullable: true }),
    nationality: t.exposeString('nationality', { nullable: true }),
    birthDate: t.exposeString('birthDate', {
      nullable: true,
      description: 'YYYY-MM-DD.',
    }),
  }),
});

builder.queryFields((t) => ({
  player: t.field({
    type: PlayerType,
    nullable: true,
    description: 'GET /players/{playerId}: one unit. Unknown id: null with `not_found`.',
    args: { id: t.arg.int({ required: true }) },
    ...costExtensions({ keyed: true, targets: (args) => [playerTarget(args['id'] as number)] }),
    resolve: (_root, { id }, ctx) => playerById(id)(null, {}, ctx),
  }),
}));
