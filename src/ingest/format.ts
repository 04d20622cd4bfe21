import Type, { type Static } from 'typebox';
import {
  COMPETITION_TYPES,
  EVENT_TYPES,
  MATCH_DECISIONS,
  MATCH_STATUSES,
  MATCH_WINNERS,
  TIE_BREAKS,
} from '../football/vocabulary.js';
import {
  Count,
  Day,
  Id,
  literals,
  Name,
  opt,
  Seq,
  Side,
  Text,
  Timestamp,
} from './format-fields.js';
import {
  AiReportRecord,
  ExchangeRecord,
  MovementRecord,
  OddsRecord,
  RegionalRecord,
  TipRecord,
} from './format-odds.js';

export { EVENT_TYPES, MATCH_STATUSES };

/**
 * The import format (docs/import-format.md): one folder, one NDJSON file per resource, one
 * record per line. These schemas are the single source of the per-file JSON Schemas
 * (docs/import-schemas/) and of the importer's validation. Ids are the source's own ids; the
 * importer upserts by them, so importing a folder twice changes nothing.
 */

export const CompetitionRecord = Type.Object(
  {
    id: Id,
    code: Text({ minLength: 1, maxLength: 40 }),
    nameEn: Name,
    nameZhCn: opt(Name),
    nameZhHk: opt(Name),
    nameOriginal: opt(Name),
    region: literals(['Asia', 'Europe'] as const),
    country: opt(Name),
    /** `league` (one table) or `cup` (knockout rounds, tables per group); absent: league. */
    type: opt(literals(COMPETITION_TYPES)),
    /** The table's tie-break criteria in order; absent or empty: the competition's own by code. */
    tieBreaks: opt(Type.Array(literals(TIE_BREAKS), { maxItems: 5, uniqueItems: true })),
  },
  { additionalProperties: false },
);

export const TeamRecord = Type.Object(
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

/** A player; events and line-up players may name one by `playerId`. */
export const PlayerRecord = Type.Object(
  {
    id: Id,
    nameEn: Name,
    nameOriginal: opt(Name),
    nameZhCn: opt(Name),
    nameZhHk: opt(Name),
    /** The club the player plays for now. */
    teamId: opt(Id),
    position: opt(Text({ maxLength: 40 })),
    nationality: opt(Name),
    birthDate: opt(Day),
  },
  { additionalProperties: false },
);

export const BookmakerRecord = Type.Object(
  {
    id: Id,
    /** Raw name, byte for byte: non-Latin characters and `*` are kept. */
    name: Text({ minLength: 1, maxLength: 100 }),
    nameEn: Name,
    isAggregate: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const MatchRecord = Type.Object(
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
    /** Beyond regular time: how it was decided (live: the period played); absent otherwise. */
    decidedBy: opt(literals(MATCH_DECISIONS)),
    /** The winner as the source states it (a shoot-out without its score, an awarded match). */
    winner: opt(literals(MATCH_WINNERS)),
    homeCorners: opt(Count),
    awayCorners: opt(Count),
    homeYellow: opt(Count),
    homeRed: opt(Count),
    awayYellow: opt(Count),
    awayRed: opt(Count),
  },
  { additionalProperties: false },
);

export const EventRecord = Type.Object(
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
    /** `player` and `relatedPlayer` by id, where the source has ids (players.ndjson). */
    playerId: opt(Id),
    relatedPlayerId: opt(Id),
  },
  { additionalProperties: false },
);

export const StatisticRecord = Type.Object(
  {
    matchId: Id,
    type: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9]{0,39}$' }),
    home: opt(Type.Number({ minimum: 0 })),
    away: opt(Type.Number({ minimum: 0 })),
    sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);

export const LineupPlayerRecord = Type.Object(
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
    /** The player by id, where the source has ids (players.ndjson). */
    playerId: opt(Id),
  },
  { additionalProperties: false },
);

/** One team sheet; players keep their order (starters first, then the bench). */
export const LineupRecord = Type.Object(
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
  'players.ndjson': PlayerRecord,
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
export type Player = Static<typeof PlayerRecord>;
export type Bookmaker = Static<typeof BookmakerRecord>;
export type Match = Static<typeof MatchRecord>;
export type MatchEvent = Static<typeof EventRecord>;
export type Statistic = Static<typeof StatisticRecord>;
export type Lineup = Static<typeof LineupRecord>;
export type LineupPlayer = Static<typeof LineupPlayerRecord>;
export type Manifest = Static<typeof ManifestRecord>;
