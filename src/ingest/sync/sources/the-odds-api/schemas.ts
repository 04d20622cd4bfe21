import Type, { type Static } from 'typebox';

/**
 * The Odds API v4 answers this source reads (docs/sources/the-odds-api.md), with only the fields
 * it uses; providers add fields, so others are allowed. Requests ask for `dateFormat=iso` and
 * `oddsFormat=decimal`, so times are ISO-8601 text and prices decimal numbers.
 * @see https://the-odds-api.com/liveapi/guides/v4/
 */

const IsoTime = Type.String({ format: 'date-time' });
/** "Event ids ... each of which is 32 characters in length" (API error codes, INVALID_EVENT_IDS). */
const EventId = Type.String({ minLength: 32, maxLength: 32 });
const Name = Type.String({ minLength: 1, maxLength: 200 });

const OutcomeSchema = Type.Object({
  /** A team name (h2h, spreads), `Draw` (h2h) or `Over`/`Under` (totals). */
  name: Name,
  price: Type.Number(),
  /** The handicap (spreads) or the goal total (totals). */
  point: Type.Optional(Type.Number()),
});

const MarketSchema = Type.Object({
  /** `h2h`, `spreads`, `totals`; exchanges add `h2h_lay`. */
  key: Type.String({ minLength: 1 }),
  last_update: Type.Optional(IsoTime),
  outcomes: Type.Array(OutcomeSchema),
});

const BookmakerSchema = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 100 }),
  title: Name,
  last_update: IsoTime,
  markets: Type.Array(MarketSchema),
});

const eventFields = {
  id: EventId,
  sport_key: Type.String({ minLength: 1 }),
  sport_title: Name,
  commence_time: IsoTime,
  home_team: Name,
  away_team: Name,
};

/** `GET /v4/sports/{sport}/events`: events without odds (no usage cost). */
export const EventsAnswer = Type.Array(Type.Object(eventFields));

/** `GET /v4/sports/{sport}/odds`: upcoming and live events with each bookmaker's markets. */
export const OddsAnswer = Type.Array(
  Type.Object({ ...eventFields, bookmakers: Type.Array(BookmakerSchema) }),
);

export type OddsApiEvent = Static<typeof EventsAnswer>[number];
export type OddsApiOddsEvent = Static<typeof OddsAnswer>[number];
export type OddsApiBookmaker = Static<typeof BookmakerSchema>;
export type OddsApiMarket = Static<typeof MarketSchema>;
export type OddsApiOutcome = Static<typeof OutcomeSchema>;
