import Type, { type Static } from 'typebox';
import {
  Id,
  Language,
  Line,
  literals,
  Market,
  Name,
  opt,
  Price,
  Seq,
  Text,
  Timestamp,
} from './format-fields.js';

/** The import format's prices and analyses (docs/import-format.md): odds, movement, the exchange, the regional board, AI reports, tips. */

/** Prices of one market: had = home/draw/away, hdp = line + home/away, hilo = line + over/under. */
export const PriceSet = Type.Object(
  {
    line: opt(Line),
    home: opt(Price),
    draw: opt(Price),
    away: opt(Price),
    over: opt(Price),
    under: opt(Price),
    at: opt(Timestamp),
  },
  { additionalProperties: false },
);

export const OddsRecord = Type.Object(
  {
    matchId: Id,
    bookmakerId: Id,
    market: Market,
    open: opt(PriceSet),
    close: opt(PriceSet),
  },
  { additionalProperties: false },
);

export const MovementRecord = Type.Object(
  {
    matchId: Id,
    market: Market,
    bookmakerId: Id,
    seq: Seq,
    changedAt: Timestamp,
    line: opt(Line),
    home: opt(Price),
    draw: opt(Price),
    away: opt(Price),
    over: opt(Price),
    under: opt(Price),
    liveScore: opt(Type.String({ pattern: '^[0-9]{1,2}-[0-9]{1,2}$' })),
    liveMinute: opt(Type.String({ pattern: '^(HT|[0-9]{1,3}(\\+[0-9]{1,2})?)$' })),
  },
  { additionalProperties: false },
);

/** Exchange odds as received: `payload` is the upstream text, stored and served unchanged. */
export const ExchangeRecord = Type.Object(
  {
    matchId: Id,
    payload: Text({ maxLength: 1_000_000 }),
    receivedAt: opt(Timestamp),
  },
  { additionalProperties: false },
);

export const RegionalPoolRecord = Type.Object(
  {
    pool: literals(['HAD', 'HHAD', 'HDC', 'HIL', 'CHL'] as const),
    line: opt(Line),
    home: opt(Price),
    draw: opt(Price),
    away: opt(Price),
    over: opt(Price),
    under: opt(Price),
    sellingStatus: Type.Optional(literals(['selling', 'suspended', 'closed'] as const)),
  },
  { additionalProperties: false },
);

/** The regional operator's board; an empty `pools` is a board without odds yet. */
export const RegionalRecord = Type.Object(
  {
    matchId: Id,
    operator: Name,
    reference: opt(Text({ maxLength: 40 })),
    pools: Type.Array(RegionalPoolRecord, { maxItems: 10 }),
  },
  { additionalProperties: false },
);

export const AiReportRecord = Type.Object(
  {
    matchId: Id,
    kind: literals(['basic', 'deep'] as const),
    language: Language,
    published: Type.Boolean(),
    text: Text({ minLength: 1, maxLength: 100_000 }),
    publishedAt: opt(Timestamp),
  },
  { additionalProperties: false },
);

export const TipRecord = Type.Object(
  {
    matchId: Id,
    seq: Seq,
    betType: Market,
    line: opt(Line),
    selection: literals(['home', 'draw', 'away', 'over', 'under'] as const),
    placedAt: Timestamp,
  },
  { additionalProperties: false },
);

export type Odds = Static<typeof OddsRecord>;
export type PriceSetRecord = Static<typeof PriceSet>;
export type Movement = Static<typeof MovementRecord>;
export type Exchange = Static<typeof ExchangeRecord>;
export type Regional = Static<typeof RegionalRecord>;
export type AiReport = Static<typeof AiReportRecord>;
export type Tip = Static<typeof TipRecord>;
