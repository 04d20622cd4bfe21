import Type from 'typebox';
import { ODDS_MARKETS } from '../../football/vocabulary.js';

/** Spec 2.6. */
export const Bookmaker = Type.Object(
  {
    id: Type.Integer({ format: 'int32' }),
    name: Type.String({ description: 'Raw stored name, the exact string used in movement URLs' }),
    nameEn: Type.String(),
    isAggregate: Type.Boolean({ description: 'True for the Min/Max envelope rows' }),
  },
  { additionalProperties: false },
);

const price = (description: string) => Type.Optional(Type.Number({ description }));
const line = (description: string) => Type.Optional(Type.Number({ description }));
const at = Type.Optional(Type.String({ format: 'date-time', description: 'When it was quoted' }));

/** One price set per market (spec 2 rule 1: a price not offered is omitted). */
export const HadPrices = Type.Object(
  { home: price('Home win'), draw: price('Draw'), away: price('Away win'), at },
  { additionalProperties: false },
);
export const HdpPrices = Type.Object(
  {
    line: line('Handicap applied to the home side; negative = home gives goals'),
    home: price('Home side on the handicap'),
    away: price('Away side on the handicap'),
    at,
  },
  { additionalProperties: false },
);
export const HiloPrices = Type.Object(
  { line: line('Goal line'), over: price('Over'), under: price('Under'), at },
  { additionalProperties: false },
);

const phases = <T extends typeof HadPrices | typeof HdpPrices | typeof HiloPrices>(prices: T) =>
  Type.Optional(
    Type.Object(
      { opening: Type.Optional(prices), closing: Type.Optional(prices) },
      { additionalProperties: false },
    ),
  );

/** One bookmaker's opening and closing prices, per market it prices (docs/rest/odds-analysis.md). */
export const BookmakerOdds = Type.Object(
  {
    bookmaker: Bookmaker,
    had: phases(HadPrices),
    hdp: phases(HdpPrices),
    hilo: phases(HiloPrices),
  },
  { additionalProperties: false },
);

export const OddsMarketParam = Type.Enum(ODDS_MARKETS, {
  description: '`had` (1X2), `hdp` (Asian handicap) or `hilo` (total goals)',
});

export const MovementChange = Type.Object(
  {
    changedAt: Type.String({ format: 'date-time' }),
    line: line('hdp: home handicap; hilo: goal line'),
    home: price('had, hdp'),
    draw: price('had'),
    away: price('had, hdp'),
    over: price('hilo'),
    under: price('hilo'),
    liveScore: Type.Optional(Type.String({ description: 'In play only: "home-away"' })),
    liveMinute: Type.Optional(Type.String({ description: 'In play only: "67", "HT", "45+2"' })),
  },
  { additionalProperties: false },
);

export const OddsMovement = Type.Object(
  {
    matchId: Type.Integer({ format: 'int32' }),
    market: OddsMarketParam,
    bookmaker: Bookmaker,
    changes: Type.Array(MovementChange, { description: 'Every change, oldest first' }),
  },
  { additionalProperties: false },
);

export const RegionalPool = Type.Object(
  {
    pool: Type.String({ description: 'HAD, HHAD, HDC, HIL or CHL' }),
    line: line('HHAD/HDC: home handicap; HIL: goal line; CHL: corner line'),
    home: price('HAD, HHAD, HDC'),
    draw: price('HAD, HHAD'),
    away: price('HAD, HHAD, HDC'),
    over: price('HIL, CHL'),
    under: price('HIL, CHL'),
    sellingStatus: Type.String({ description: '`selling`, `closed`, ...' }),
  },
  { additionalProperties: false },
);

export const RegionalBoard = Type.Object(
  {
    matchId: Type.Integer({ format: 'int32' }),
    operator: Type.String(),
    reference: Type.Optional(Type.String({ description: "The operator's match reference" })),
    updatedAt: Type.String({ format: 'date-time' }),
    pools: Type.Array(RegionalPool),
  },
  { additionalProperties: false },
);

/** Exchange odds: the stored upstream JSON, no envelope, shape not ours (spec 4.3). */
export const ExchangeBody = Type.Unknown({
  description: 'The stored upstream JSON document, byte for byte, without an envelope',
});
