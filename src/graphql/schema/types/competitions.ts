import type { TSchema } from 'typebox';
import { ApiError } from '../../../errors/api-error.js';
import { currentSeasonOf } from '../../../football/competitions.js';
import type { StandingsAnswer } from '../../../football/standings.js';
import { COMPETITION_TYPES } from '../../../football/vocabulary.js';
import { presentCompetition, presentStandings } from '../../../wire/presenters/competitions.js';
import {
  Competition,
  CompetitionSource,
  CompetitionStandings,
  Coverage,
  Season,
  StandingsRow,
  StandingsTable,
} from '../../../wire/schemas/competitions.js';
import { billed } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions } from '../../charging/field-billing.js';
import { builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { ResultEnum, restEnum } from './enums.js';
import { type ObjectNaming, WireTypes } from './wire-objects.js';

/**
 * Issue 49: `competitions` and `competition(id)`, each the competitions list's one unit, and
 * `CompetitionDetail.standings(season, live)`, one unit per competition and arguments as
 * GET /competitions/{competitionId}/standings. The types derive from the REST wire schemas.
 */

/** The most competitions the cost planner assumes a list holds (standings below it). */
export const MAX_COMPETITIONS = 500;

const CompetitionTypeEnum = restEnum(
  'CompetitionKind',
  COMPETITION_TYPES,
  'What a competition plays: one table (league) or knockout rounds, maybe after groups (cup).',
);
const RegionEnum = restEnum('Region', ['Asia', 'Europe'], "The competition's region.");
const TableTypeEnum = restEnum(
  'StandingsType',
  ['total', 'home', 'away'],
  'Which matches a table counts.',
);

const wireTypes = new WireTypes({
  objects: new Map<TSchema, ObjectNaming>([
    [Season, { name: 'CompetitionSeason', description: 'A season by its start year.' }],
    [Coverage, { name: 'CompetitionCoverage', description: 'Which resources exist for it.' }],
    [CompetitionSource, { name: 'CompetitionSource', description: 'A source and its licence.' }],
    [StandingsTable, { name: 'StandingsTable', description: 'One table of a season.' }],
    [StandingsRow, { name: 'StandingsRow', description: "A team's line in a table." }],
    [
      StandingsRow.properties.team,
      { name: 'StandingsTeam', description: 'A team by id and name.' },
    ],
  ]),
  enums: [
    { values: COMPETITION_TYPES, type: CompetitionTypeEnum },
    { values: ['Asia', 'Europe'], type: RegionEnum },
    { values: ['total', 'home', 'away'], type: TableTypeEnum },
    { values: ['W', 'D', 'L'], type: ResultEnum },
  ],
});

export const CompetitionDetailType = wireTypes.objectOf(
  Competition,
  'CompetitionDetail',
  'GET /competitions: a competition with its seasons, coverage and sources.',
);
export const StandingsType = wireTypes.objectOf(
  CompetitionStandings,
  'CompetitionStandings',
  'GET /competitions/{competitionId}/standings: the tables of one season.',
);

async function catalogueOf(ctx: ResolverContext) {
  const catalogue = await ctx.loaders.catalogue.load('all');
  if (!catalogue) {
    throw new Error('competitions read returned nothing');
  }
  return catalogue;
}

const today = (ctx: ResolverContext) => ctx.now().toISOString().slice(0, 10);

builder.objectField(CompetitionDetailType, 'standings', (t) =>
  t.field({
    type: StandingsType,
    description:
      'GET /competitions/{competitionId}/standings: one unit per competition, season and live. ' +
      'An unknown season is null with `not_found`.',
    nullable: true,
    args: {
      season: t.arg.int({ description: "Start year; default: the competition's current season." }),
      live: t.arg.boolean({ description: 'Count matches in play at their current score.' }),
    },
    ...costExtensions({ billing: BILLING.standings }),
    resolve: billed(
      BILLING.standings,
      (competition) => `competition:${competition.id}`,
      async (competition, args, ctx) => {
        const answer = await ctx.loaders.standings.load(
          JSON.stringify({
            competitionId: competition.id,
            season: args.season ?? undefined,
            live: args.live ?? false,
          }),
        );
        if (answer instanceof ApiError || !answer) {
          throw answer ?? new ApiError('not_found', `No competition ${competition.id}`);
        }
        return presentStandings(answer as StandingsAnswer, ctx.language);
      },
    ),
  }),
);

builder.queryFields((t) => ({
  competitions: t.field({
    type: [CompetitionDetailType],
    description:
      'GET /competitions: one unit. `standings` below it costs one unit per competition (the ' +
      `bound assumes ${MAX_COMPETITIONS}).`,
    ...costExtensions({
      billing: BILLING.competitions,
      matchScope: { kind: 'page', size: () => MAX_COMPETITIONS },
    }),
    resolve: billed(
      BILLING.competitions,
      () => '',
      async (_root, _args, ctx) => {
        const catalogue = await catalogueOf(ctx);
        const day = today(ctx);
        return catalogue.competitions.map((c) =>
          presentCompetition(c, currentSeasonOf(c, day), ctx.language),
        );
      },
    ),
  }),
  competition: t.field({
    type: CompetitionDetailType,
    nullable: true,
    description:
      'One competition of GET /competitions (its one unit, once per operation). Unknown id: ' +
      'null with `not_found`.',
    args: { id: t.arg.int({ required: true }) },
    ...costExtensions({
      keyed: true,
      targets: (args) => [
        {
          type: 'CompetitionDetail',
          scope: `competition:${args['id'] as number}`,
          reads: [{ billing: BILLING.competitions, scope: '' }],
        },
      ],
    }),
    resolve: billed(
      BILLING.competitions,
      () => '',
      async (_root, { id }, ctx) => {
        const catalogue = await catalogueOf(ctx);
        const found = catalogue.byId.get(id);
        if (!found) {
          throw new ApiError('not_found', `No competition ${id}`);
        }
        return presentCompetition(found, currentSeasonOf(found, today(ctx)), ctx.language);
      },
    ),
  }),
}));
