import Type, { type Static } from 'typebox';

/**
 * The Betfair Exchange API-NG (JSON-REST) answers this source reads, with only the fields it
 * uses; Betfair adds fields, and the exchange document keeps them (docs/sources/betfair.md).
 * @see https://betfair-developer-docs.atlassian.net/wiki/spaces/1smk3cen4v3lu3yomq5qye0ni/pages/2687465/Betting+Type+Definitions
 */

const IsoTime = Type.String({ format: 'date-time' });
/** "MarketId's are prefixed with '1.'" (or '2.' on the Australian exchange). */
const MarketId = Type.String({ pattern: '^[12]\\.[0-9]+$' });
const Name = Type.String({ minLength: 1, maxLength: 200 });

const RunnerCatalogSchema = Type.Object({
  selectionId: Type.Integer({ minimum: 1 }),
  runnerName: Name,
  handicap: Type.Number(),
  sortPriority: Type.Integer(),
});

/**
 * `listMarketCatalogue` with the projections COMPETITION, EVENT, MARKET_START_TIME and
 * RUNNER_DESCRIPTION: `event`, `marketStartTime` and `runners` are there because they are asked
 * for. `competition` is documented as "usually only" for football, so it may be absent.
 */
export const CatalogueAnswer = Type.Array(
  Type.Object({
    marketId: MarketId,
    marketName: Name,
    marketStartTime: IsoTime,
    runners: Type.Array(RunnerCatalogSchema),
    competition: Type.Optional(Type.Object({ id: Type.String({ minLength: 1 }), name: Name })),
    event: Type.Object({
      id: Type.String({ pattern: '^[0-9]+$' }),
      name: Name,
      openDate: Type.Optional(IsoTime),
    }),
  }),
);

const PriceSizeSchema = Type.Object({ price: Type.Number(), size: Type.Number() });

const RunnerSchema = Type.Object({
  selectionId: Type.Integer({ minimum: 1 }),
  handicap: Type.Number(),
  /** ACTIVE, WINNER, LOSER, PLACED, REMOVED_VACANT, REMOVED, HIDDEN. */
  status: Type.String(),
  ex: Type.Optional(
    Type.Object({
      /** Best price first: the highest offer to back. */
      availableToBack: Type.Optional(Type.Array(PriceSizeSchema)),
      availableToLay: Type.Optional(Type.Array(PriceSizeSchema)),
    }),
  ),
});

/** `listMarketBook` with `priceData: [EX_BEST_OFFERS, EX_TRADED]`. */
export const BookAnswer = Type.Array(
  Type.Object({
    marketId: MarketId,
    isMarketDataDelayed: Type.Boolean(),
    status: Type.Enum(['INACTIVE', 'OPEN', 'SUSPENDED', 'CLOSED']),
    inplay: Type.Optional(Type.Boolean()),
    runners: Type.Array(RunnerSchema),
  }),
);

export type BetfairCatalogue = Static<typeof CatalogueAnswer>[number];
export type BetfairRunnerCatalog = Static<typeof RunnerCatalogSchema>;
export type BetfairBook = Static<typeof BookAnswer>[number];
export type BetfairRunner = Static<typeof RunnerSchema>;
