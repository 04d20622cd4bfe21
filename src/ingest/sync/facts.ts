import type {
  CompetitionType,
  EventType,
  MatchDecision,
  MatchStatus,
  MatchWinner,
  OddsMarket,
  Side,
} from '../../football/vocabulary.js';
import type { LineupPlayer, Statistic } from '../format.js';

/**
 * What a source tells (docs/sources.md): facts keyed by the source's own ids, never by
 * touchline's. The identity layer (identity.ts) turns them into change records with touchline
 * ids (external_ids, aliases), and the one writer stores what changed. An adapter only reads its
 * provider and maps; it never decides ids, never diffs and never writes.
 *
 * Every `sourceId` is the provider's id as text (`"2021"`, `"soccer_epl"`, `"1.2345"`); a source
 * without ids for a kind (The Odds API names teams only) uses the name itself.
 */

/** A competition; `code` is a short code where the provider has one (`PL`, `CL`). */
export interface CompetitionFact {
  sourceId: string;
  name: string;
  code?: string | undefined;
  country?: string | null | undefined;
  region?: 'Asia' | 'Europe' | undefined;
  /** `league` or `cup` where the provider says (football-data.org's `type`); absent: unknown. */
  type?: CompetitionType | undefined;
  /** Other names it is known by at this source (a short name, a former name). */
  aliases?: readonly string[] | undefined;
}

export interface TeamFact {
  sourceId: string;
  name: string;
  /** Short names and codes (`Man United`, `MUN`): matched like names, never shown. */
  aliases?: readonly string[] | undefined;
  country?: string | null | undefined;
  /** The competition the team was seen in (narrows alias matching to its country). */
  competition?: string | undefined;
}

export interface BookmakerFact {
  sourceId: string;
  /** Raw name, as the provider writes it. */
  name: string;
  nameEn?: string | undefined;
  isAggregate?: boolean | undefined;
}

/**
 * A match. `competition`, `home` and `away` are the source's ids of facts of the same pass or
 * of earlier passes. Scores are null when not reported (`undefined`: this source does not say,
 * keep what is stored).
 */
export interface MatchFact {
  sourceId: string;
  competition: string;
  home: string;
  away: string;
  status: MatchStatus;
  /** Live clock: "67", "HT", "45+2"; null when not live. */
  minute?: string | null | undefined;
  kickoffUtc: string;
  season?: string | null | undefined;
  round?: string | null | undefined;
  venue?: string | null | undefined;
  homeScore?: number | null | undefined;
  awayScore?: number | null | undefined;
  htHomeScore?: number | null | undefined;
  htAwayScore?: number | null | undefined;
  /** Goals in extra time (already in homeScore/awayScore), and a penalty shoot-out's score. */
  etHomeScore?: number | null | undefined;
  etAwayScore?: number | null | undefined;
  penHomeScore?: number | null | undefined;
  penAwayScore?: number | null | undefined;
  /**
   * Beyond regular time: how it was decided (extra time, a shoot-out, awarded); while live, the
   * period being played. null: in regular time.
   */
  decidedBy?: MatchDecision | null | undefined;
  /** The winner as the source states it (a shoot-out whose score it does not give, an award). */
  winner?: MatchWinner | null | undefined;
  homeCorners?: number | null | undefined;
  awayCorners?: number | null | undefined;
  homeYellow?: number | null | undefined;
  homeRed?: number | null | undefined;
  awayYellow?: number | null | undefined;
  awayRed?: number | null | undefined;
}

/**
 * A match as a source that does not own fixtures names it (an odds source): linked to a stored
 * match by its two teams and a kick-off within 36 hours, never created. `home` and `away` are
 * team source ids (names, where the source has no ids).
 */
export interface MatchLinkFact {
  sourceId: string;
  competition?: string | undefined;
  home: string;
  away: string;
  kickoffUtc: string;
}

/** One event; `sourceId` is stable at the source (its id, or a key built from what it says). */
export interface EventFact {
  sourceId: string;
  minute: number;
  extraMinute?: number | null | undefined;
  type: EventType;
  side: Side;
  player?: string | null | undefined;
  relatedPlayer?: string | null | undefined;
  detail?: string | null | undefined;
  /**
   * `player` and `relatedPlayer` by the source's player id, where it has one: the identity layer
   * makes them players (kind `player`) and fills `playerId` / `relatedPlayerId`.
   */
  playerSourceId?: string | null | undefined;
  relatedPlayerSourceId?: string | null | undefined;
}

/**
 * A match's events as the source lists them now. `complete`: the list is the whole of it, so
 * an event stored from this source and no longer listed was withdrawn (a goal ruled out) and is
 * deleted; the others keep their numbers.
 */
export interface MatchEventsFact {
  match: string;
  complete: boolean;
  events: readonly EventFact[];
}

export interface MatchStatisticsFact {
  match: string;
  rows: readonly Omit<Statistic, 'matchId'>[];
}

export interface LineupFact {
  match: string;
  side: Side;
  published: boolean;
  formation?: string | null | undefined;
  coach?: string | null | undefined;
  players: readonly LineupPlayerFact[];
}

/** A line-up player; `playerSourceId` is the source's player id, where it has one. */
export type LineupPlayerFact = Omit<LineupPlayer, 'playerId'> & {
  playerSourceId?: string | null | undefined;
};

/**
 * Prices one bookmaker shows for one market at one moment. The odds layer (odds-observer.ts)
 * keeps the first seen as the opening price, the last before kick-off as the closing price and
 * every change as a movement.
 */
export interface PriceFact {
  match: string;
  bookmaker: string;
  market: OddsMarket;
  line?: number | null | undefined;
  home?: number | null | undefined;
  draw?: number | null | undefined;
  away?: number | null | undefined;
  over?: number | null | undefined;
  under?: number | null | undefined;
  observedAt: string;
  /** Set by in-play sources: the score and clock the price was shown at. */
  liveScore?: string | null | undefined;
  liveMinute?: string | null | undefined;
}

/** An exchange document, stored and served as received (`/odds/exchange`). */
export interface ExchangeFact {
  match: string;
  payload: string;
  receivedAt: string;
}

/** Everything one pass of a source told. */
export interface SourceFacts {
  competitions?: readonly CompetitionFact[];
  teams?: readonly TeamFact[];
  bookmakers?: readonly BookmakerFact[];
  matches?: readonly MatchFact[];
  links?: readonly MatchLinkFact[];
  events?: readonly MatchEventsFact[];
  statistics?: readonly MatchStatisticsFact[];
  lineups?: readonly LineupFact[];
  prices?: readonly PriceFact[];
  exchange?: readonly ExchangeFact[];
}
