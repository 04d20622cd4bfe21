import Type, { type Static, type TSchema } from 'typebox';
import { EVENT_TYPES, MATCH_STATUSES } from '../football/vocabulary.js';

export { EVENT_TYPES, MATCH_STATUSES };

/**
 * The import format (docs/import-format.md): one folder, one NDJSON file per resource, one
 * record per line. These schemas are the single source of the per-file JSON Schemas
 * (docs/import-schemas/) and of the importer's validation. Ids are the source's own ids; the
 * importer upserts by them, so importing a folder twice changes nothing.
 */

/** An optional property that may also be sent as `null` (both mean "not reported"). */
const opt = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * Text the database can store: no NUL and no lone UTF-16 surrogate. JSON carries both
 * (`\u0000`, `\ud800`), but PostgreSQL refuses them, and with them the whole batch. One rule for
 * every free text field (issue 46); fields with a pattern of their own allow neither already.
 */
export const STORABLE_TEXT = '^(?:[^\\u0000\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$';
/** Years 1800 to 2999 (docs/decisions.md): PostgreSQL refuses year 0000, and no match is older. */
export const TIMESTAMP_YEARS = '^(1[89][0-9]{2}|2[0-9]{3})-';

const Text = (length: { minLength?: number; maxLength: number }) =>
  Type.String({ ...length, pattern: STORABLE_TEXT });

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Seq = Type.Integer({ minimum: 0, maximum: 2147483647 });
const Count = Type.Integer({ minimum: 0, maximum: 1000 });
const Name = Text({ minLength: 1, maxLength: 200 });
const Timestamp = Type.String({ format: 'date-time', pattern: TIMESTAMP_YEARS });
const Price = Type.Number({ exclusiveMinimum: 1, maximum: 1000 });
/** Handicap or goal line in quarter steps (e.g. -0.75, 2.5). */
const Line = Type.Number({ minimum: -20, maximum: 30, multipleOf: 0.25 });
const Side = Type.Union([Type.Literal('home'), Type.Literal('away')]);
const Market = Type.Union([Type.Literal('had'), Type.Literal('hdp'), Type.Literal('hilo')]);
const Language = Type.Union([Type.Literal('en'), Type.Literal('zh-CN'), Type.Literal('zh-HK')]);
/** One of a fixed list of strings (JSON Schema `enum`; `Static` is the literal union). */
const literals = <const T extends readonly string[]>(values: T) => Type.Enum(values);

const CompetitionRecord = Type.Object(
  {
    id: Id,
    code: Text({ minLength: 1, maxLength: 40 }),
    nameEn: Name,
    nameZhCn: opt(Name),
    nameZhHk: opt(Name),
    nameOriginal: opt(Name),
    region: literals(['Asia', 'Europe'] as const),
    country: opt(Name),
  },
  { additionalProperties: false },
);

const TeamRecord = Type.Object(
  {
    id: Id,
    nameOriginal: Name,
    nameEn: Name,
    nameZhCn: opt(Name),
    nameZhHk: opt(Name),
    country: opt(Name),
  },
  { additionalProperties: false },
);

const BookmakerRecord = Type.Object(
  {
    id: Id,
    /** Raw name, byte for byte: non-Latin characters and `*` are kept. */
    name: Text({ minLength: 1, maxLength: 100 }),
    nameEn: Name,
    isAggregate: Type.Boolean(),
  },
  { additionalProperties: false },
);

const MatchRecord = Type.Object(
  {
    id: Id,
    competitionId: Id,
    homeTeamId: Id,
    awayTeamId: Id,
    status: literals(MATCH_STATUSES),
    /** Live clock: "67", "HT", "45+2", "90+4". */
    minute: opt(Type.String({ pattern: '^(HT|[0-9]{1,3}(\\+[0-9]{1,2})?)$' })),
    kickoffUtc: Timestamp,
    season: opt(Text({ maxLength: 20 })),
    round: opt(Text({ maxLength: 60 })),
    venue: opt(Text({ maxLength: 200 })),
    homeScore: opt(Count),
    awayScore: opt(Count),
    htHomeScore: opt(Count),
    htAwayScore: opt(Count),
    /** Goals scored in extra time (included in homeScore/awayScore), and a shoot-out's score. */
    etHomeScore: opt(Count),
    etAwayScore: opt(Count),
    penHomeScore: opt(Count),
    penAwayScore: opt(Count),
    homeCorners: opt(Count),
    awayCorners: opt(Count),
    homeYellow: opt(Count),
    homeRed: opt(Count),
    awayYellow: opt(Count),
    awayRed: opt(Count),
  },
  { additionalProperties: false },
);

const EventRecord = Type.Object(
  {
    matchId: Id,
    seq: Seq,
    minute: Type.Integer({ minimum: 0, maximum: 130 }),
    extraMinute: opt(Type.Integer({ minimum: 1, maximum: 30 })),
    type: literals(EVENT_TYPES),
    side: Side,
    player: opt(Name),
    relatedPlayer: opt(Name),
    detail: opt(Text({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const StatisticRecord = Type.Object(
  {
    matchId: Id,
    type: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]{0,39}$' }),
    home: opt(Type.Number({ minimum: 0 })),
    away: opt(Type.Number({ minimum: 0 })),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);

const LineupPlayerRecord = Type.Object(
  {
    name: Name,
    shirtNumber: opt(Type.Integer({ minimum: 0, maximum: 99 })),
    position: opt(Text({ maxLength: 20 })),
    /** Pitch coordinates, 0-100 from the own goal line (x) and from the left touchline (y). */
    x: opt(Type.Number({ minimum: 0, maximum: 100 })),
    y: opt(Type.Number({ minimum: 0, maximum: 100 })),
    rating: opt(Type.Number({ minimum: 0, maximum: 10 })),
    starter: Type.Boolean(),
    captain: Type.Optional(Type.Boolean()),
    goals: Type.Optional(Count),
    yellowCards: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 })),
    redCards: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
    subInMinute: opt(Type.Integer({ minimum: 0, maximum: 130 })),
    subOutMinute: opt(Type.Integer({ minimum: 0, maximum: 130 })),
  },
  { additionalProperties: false },
);

/** One team sheet; players keep their order (starters first, then the bench). */
const LineupRecord = Type.Object(
  {
    matchId: Id,
    side: Side,
    published: Type.Boolean(),
    formation: opt(Type.String({ pattern: '^[0-9](-[0-9]){1,4}$' })),
    coach: opt(Name),
    players: Type.Array(LineupPlayerRecord, { maxItems: 60 }),
  },
  { additionalProperties: false },
);

/** Prices of one market: had = home/draw/away, hdp = line + home/away, hilo = line + over/under. */
const PriceSet = Type.Object(
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

const OddsRecord = Type.Object(
  {
    matchId: Id,
    bookmakerId: Id,
    market: Market,
    open: opt(PriceSet),
    close: opt(PriceSet),
  },
  { additionalProperties: false },
);

const MovementRecord = Type.Object(
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
const ExchangeRecord = Type.Object(
  {
    matchId: Id,
    payload: Text({ maxLength: 1_000_000 }),
    receivedAt: opt(Timestamp),
  },
  { additionalProperties: false },
);

const RegionalPoolRecord = Type.Object(
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
const RegionalRecord = Type.Object(
  {
    matchId: Id,
    operator: Name,
    reference: opt(Text({ maxLength: 40 })),
    pools: Type.Array(RegionalPoolRecord, { maxItems: 10 }),
  },
  { additionalProperties: false },
);

const AiReportRecord = Type.Object(
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

const TipRecord = Type.Object(
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

export const ManifestRecord = Type.Object(
  {
    format: Type.Literal('touchline-import'),
    version: Type.Literal(1),
    source: Name,
    generatedAt: opt(Timestamp),
  },
  { additionalProperties: false },
);

/**
 * The files of an import folder, in the order they are loaded (parents before children).
 * Every file but the manifest is optional.
 */
export const IMPORT_FILES = {
  'competitions.ndjson': CompetitionRecord,
  'teams.ndjson': TeamRecord,
  'bookmakers.ndjson': BookmakerRecord,
  'matches.ndjson': MatchRecord,
  'events.ndjson': EventRecord,
  'statistics.ndjson': StatisticRecord,
  'lineups.ndjson': LineupRecord,
  'odds.ndjson': OddsRecord,
  'movements.ndjson': MovementRecord,
  'exchange.ndjson': ExchangeRecord,
  'regional.ndjson': RegionalRecord,
  'ai-reports.ndjson': AiReportRecord,
  'tips.ndjson': TipRecord,
} as const;

export const MANIFEST_FILE = 'manifest.json';

export type ImportFileName = keyof typeof IMPORT_FILES;
export type Competition = Static<typeof CompetitionRecord>;
export type Team = Static<typeof TeamRecord>;
export type Bookmaker = Static<typeof BookmakerRecord>;
export type Match = Static<typeof MatchRecord>;
export type MatchEvent = Static<typeof EventRecord>;
export type Statistic = Static<typeof StatisticRecord>;
export type Lineup = Static<typeof LineupRecord>;
export type LineupPlayer = Static<typeof LineupPlayerRecord>;
export type Odds = Static<typeof OddsRecord>;
export type PriceSetRecord = Static<typeof PriceSet>;
export type Movement = Static<typeof MovementRecord>;
export type Exchange = Static<typeof ExchangeRecord>;
export type Regional = Static<typeof RegionalRecord>;
export type AiReport = Static<typeof AiReportRecord>;
export type Tip = Static<typeof TipRecord>;
export type Manifest = Static<typeof ManifestRecord>;
