import type { Static } from 'typebox';
import type {
  KellyAverage,
  KellyIndex,
  KellyPhase,
  KellyRow,
  Triple,
} from '../../../analysis/kelly-index.js';
import { ApiError } from '../../../errors/api-error.js';
import type { MatchRecord } from '../../../football/match-record.js';
import type { BookmakerView } from '../../../football/odds/bookmakers.js';
import { checkExchangePayload } from '../../../football/odds/exchange.js';
import { parseBookmakerRef } from '../../../football/odds/movement.js';
import type { RegionalBoardView } from '../../../football/odds/regional.js';
import { presentMovement, presentRegionalBoard } from '../../../wire/presenters/odds.js';
import type {
  BookmakerOdds,
  HadPrices,
  HdpPrices,
  HiloPrices,
  MovementChange,
  OddsMovement,
  RegionalBoard,
  RegionalPool,
} from '../../../wire/schemas/odds.js';
import { billed, billedChild } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions } from '../../charging/field-billing.js';
import { builder } from '../builder.js';
import { parseOnce, presentOnce } from '../memo.js';
import { NodeInterface } from '../node/node-interface.js';
import { OddsMarketEnum } from './enums.js';
import { MatchType } from './match.js';

const movementOnce = presentOnce(presentMovement);
const parseExchange = parseOnce();
const presentBoardOnce = presentOnce((board: RegionalBoardView) => presentRegionalBoard(board));
/** A board without pools is null: nothing to remember. */
const regionalOnce = (board: RegionalBoardView | null) => (board ? presentBoardOnce(board) : null);

export const BookmakerType = builder.objectRef<BookmakerView>('Bookmaker').implement({
  description: 'Spec 2.6: a bookmaker by permanent id; `name` is the raw name movement accepts.',
  interfaces: [NodeInterface],
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn'),
    isAggregate: t.exposeBoolean('isAggregate', { description: 'The Min/Max envelope rows.' }),
  }),
});

const at = { nullable: true, description: 'When it was quoted.' } as const;

const HadPricesType = builder.objectRef<Static<typeof HadPrices>>('HadPrices').implement({
  fields: (t) => ({
    home: t.exposeFloat('home', { nullable: true }),
    draw: t.exposeFloat('draw', { nullable: true }),
    away: t.exposeFloat('away', { nullable: true }),
    at: t.expose('at', { type: 'DateTime', ...at }),
  }),
});

const HdpPricesType = builder.objectRef<Static<typeof HdpPrices>>('HdpPrices').implement({
  fields: (t) => ({
    line: t.exposeFloat('line', {
      nullable: true,
      description: 'Handicap of the home side; negative: home gives goals.',
    }),
    home: t.exposeFloat('home', { nullable: true }),
    away: t.exposeFloat('away', { nullable: true }),
    at: t.expose('at', { type: 'DateTime', ...at }),
  }),
});

const HiloPricesType = builder.objectRef<Static<typeof HiloPrices>>('HiloPrices').implement({
  fields: (t) => ({
    line: t.exposeFloat('line', { nullable: true, description: 'Goal line.' }),
    over: t.exposeFloat('over', { nullable: true }),
    under: t.exposeFloat('under', { nullable: true }),
    at: t.expose('at', { type: 'DateTime', ...at }),
  }),
});

type Odds = Static<typeof BookmakerOdds>;

const HadMarketType = builder.objectRef<NonNullable<Odds['had']>>('HadMarket').implement({
  fields: (t) => ({
    opening: t.expose('opening', { type: HadPricesType, nullable: true }),
    closing: t.expose('closing', { type: HadPricesType, nullable: true }),
  }),
});
const HdpMarketType = builder.objectRef<NonNullable<Odds['hdp']>>('HdpMarket').implement({
  fields: (t) => ({
    opening: t.expose('opening', { type: HdpPricesType, nullable: true }),
    closing: t.expose('closing', { type: HdpPricesType, nullable: true }),
  }),
});
const HiloMarketType = builder.objectRef<NonNullable<Odds['hilo']>>('HiloMarket').implement({
  fields: (t) => ({
    opening: t.expose('opening', { type: HiloPricesType, nullable: true }),
    closing: t.expose('closing', { type: HiloPricesType, nullable: true }),
  }),
});

const BookmakerOddsType = builder.objectRef<Odds>('BookmakerOdds').implement({
  description: "One bookmaker's opening and closing prices, per market it prices.",
  fields: (t) => ({
    bookmaker: t.expose('bookmaker', { type: BookmakerType }),
    had: t.expose('had', { type: HadMarketType, nullable: true }),
    hdp: t.expose('hdp', { type: HdpMarketType, nullable: true }),
    hilo: t.expose('hilo', { type: HiloMarketType, nullable: true }),
  }),
});

const TripleType = builder.objectRef<Triple>('Triple').implement({
  fields: (t) => ({
    home: t.exposeFloat('home'),
    draw: t.exposeFloat('draw'),
    away: t.exposeFloat('away'),
  }),
});

const KellyPhaseType = builder.objectRef<KellyPhase>('KellyPhase').implement({
  fields: (t) => ({
    prices: t.expose('prices', { type: TripleType }),
    impliedProbability: t.expose('impliedProbability', { type: TripleType }),
    kelly: t.expose('kelly', { type: TripleType }),
    margin: t.exposeFloat('margin', { description: 'Overround in percent.' }),
  }),
});

const KellyAverageType = builder.objectRef<KellyAverage>('KellyAverage').implement({
  fields: (t) => ({
    bookmakers: t.exposeInt('bookmakers'),
    probability: t.expose('probability', { type: TripleType }),
  }),
});

const KellyAveragesType = builder.objectRef<KellyIndex['average']>('KellyAverages').implement({
  fields: (t) => ({
    opening: t.expose('opening', { type: KellyAverageType, nullable: true }),
    closing: t.expose('closing', { type: KellyAverageType, nullable: true }),
  }),
});

const KellyBookmakerType = builder.objectRef<KellyRow['bookmaker']>('KellyBookmaker').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn'),
  }),
});

const KellyRowType = builder.objectRef<KellyRow>('KellyRow').implement({
  fields: (t) => ({
    bookmaker: t.expose('bookmaker', { type: KellyBookmakerType }),
    opening: t.expose('opening', { type: KellyPhaseType, nullable: true }),
    closing: t.expose('closing', { type: KellyPhaseType, nullable: true }),
  }),
});

const KellyIndexType = builder.objectRef<KellyIndex>('KellyIndex').implement({
  description: 'docs/analysis.md "Kelly index", computed from the stored 1X2 odds.',
  fields: (t) => ({
    matchId: t.exposeInt('matchId'),
    average: t.expose('average', { type: KellyAveragesType }),
    bookmakers: t.expose('bookmakers', { type: [KellyRowType] }),
  }),
});

const RegionalPoolType = builder.objectRef<Static<typeof RegionalPool>>('RegionalPool').implement({
  fields: (t) => ({
    pool: t.exposeString('pool', { description: 'HAD, HHAD, HDC, HIL or CHL.' }),
    line: t.exposeFloat('line', { nullable: true }),
    home: t.exposeFloat('home', { nullable: true }),
    draw: t.exposeFloat('draw', { nullable: true }),
    away: t.exposeFloat('away', { nullable: true }),
    over: t.exposeFloat('over', { nullable: true }),
    under: t.exposeFloat('under', { nullable: true }),
    sellingStatus: t.exposeString('sellingStatus'),
  }),
});

const RegionalBoardType = builder
  .objectRef<Static<typeof RegionalBoard>>('RegionalBoard')
  .implement({
    fields: (t) => ({
      matchId: t.exposeInt('matchId'),
      operator: t.exposeString('operator'),
      reference: t.exposeString('reference', { nullable: true }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
      pools: t.expose('pools', { type: [RegionalPoolType] }),
    }),
  });

const MovementChangeType = builder
  .objectRef<Static<typeof MovementChange>>('MovementChange')
  .implement({
    fields: (t) => ({
      changedAt: t.expose('changedAt', { type: 'DateTime' }),
      line: t.exposeFloat('line', { nullable: true }),
      home: t.exposeFloat('home', { nullable: true }),
      draw: t.exposeFloat('draw', { nullable: true }),
      away: t.exposeFloat('away', { nullable: true }),
      over: t.exposeFloat('over', { nullable: true }),
      under: t.exposeFloat('under', { nullable: true }),
      liveScore: t.exposeString('liveScore', { nullable: true }),
      liveMinute: t.exposeString('liveMinute', { nullable: true }),
    }),
  });

const OddsMovementType = builder.objectRef<Static<typeof OddsMovement>>('OddsMovement').implement({
  fields: (t) => ({
    matchId: t.exposeInt('matchId'),
    market: t.expose('market', { type: OddsMarketEnum }),
    bookmaker: t.expose('bookmaker', { type: BookmakerType }),
    changes: t.expose('changes', { type: [MovementChangeType], description: 'Oldest first.' }),
  }),
});

/** The odds of one match: each field is its own REST route. */
const MatchOddsType = builder.objectRef<MatchRecord>('MatchOdds').implement({
  fields: (t) => ({
    bookmakers: t.field({
      type: [BookmakerOddsType],
      description: 'GET /matches/{matchId}/odds: one unit.',
      ...costExtensions({ billing: BILLING.odds }),
      resolve: billedChild(BILLING.odds, (m, _a, ctx) => ctx.loaders.odds.load(m.id)),
    }),
    exchange: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'GET /matches/{matchId}/odds/exchange: the stored upstream document; null without one.',
      ...costExtensions({ billing: BILLING.exchange }),
      resolve: billedChild(BILLING.exchange, async (m, _a, ctx) => {
        await ctx.services.freshness.checkExchange(m.id);
        const text = await ctx.loaders.exchange.load(m.id);
        return text === null ? null : parseExchange(checkExchangePayload(m.id, text));
      }),
    }),
    kelly: t.field({
      type: KellyIndexType,
      description: 'GET /matches/{matchId}/odds/kelly: one unit.',
      ...costExtensions({ billing: BILLING.kelly }),
      resolve: billedChild(BILLING.kelly, async (m, _a, ctx) => {
        const index = await ctx.loaders.kelly.load(m.id);
        if (!index) {
          throw new Error(`Kelly index of loaded match ${m.id} missing`);
        }
        return index;
      }),
    }),
    regional: t.field({
      type: RegionalBoardType,
      nullable: true,
      description: 'GET /matches/{matchId}/odds/regional: null without a board or before its odds.',
      ...costExtensions({ billing: BILLING.regional }),
      resolve: billedChild(BILLING.regional, async (m, _a, ctx) =>
        regionalOnce(await ctx.loaders.regional.load(m.id)),
      ),
    }),
    movement: t.field({
      type: OddsMovementType,
      nullable: true,
      description:
        'GET /matches/{matchId}/odds/{market}/{bookmaker}: every change, oldest first; null when the bookmaker has none for this market.',
      args: {
        market: t.arg({ type: OddsMarketEnum, required: true }),
        bookmaker: t.arg.string({
          required: true,
          description: 'Bookmaker id (all digits) or its exact raw name.',
        }),
      },
      ...costExtensions({ billing: BILLING.movement }),
      resolve: billedChild(BILLING.movement, async (m, args, ctx) => {
        if (args.bookmaker === '') {
          throw new ApiError('invalid_parameter', "Argument 'bookmaker' must not be empty", {
            parameter: 'bookmaker',
          });
        }
        const loader = ctx.loaders.movement({
          market: args.market,
          bookmaker: parseBookmakerRef(args.bookmaker),
        });
        const movement = await loader.load(m.id);
        return movement ? movementOnce(movement) : null;
      }),
    }),
  }),
});

builder.objectFields(MatchType, (t) => ({
  odds: t.field({
    type: MatchOddsType,
    description: 'The odds routes of this match; each field below costs one unit.',
    ...costExtensions({ container: true }),
    resolve: (m) => m,
  }),
}));

builder.queryFields((t) => ({
  bookmakers: t.field({
    type: [BookmakerType],
    description: 'GET /odds/bookmakers: one unit.',
    ...costExtensions({ billing: BILLING.bookmakers }),
    resolve: billed(
      BILLING.bookmakers,
      () => '',
      (_r, _a, ctx) => ctx.services.bookmakers.list(),
    ),
  }),
}));
