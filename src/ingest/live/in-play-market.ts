import { type OddsMarket, SCORING_EVENTS } from '../../football/vocabulary.js';
import type { ScheduledMatch } from '../demo/calendar/schedule.js';
import { clockAt, clockToTime, FULL_TIME_ELAPSED, iso, MINUTE_MS, timeKey } from '../demo/clock.js';
import { cornerRate } from '../demo/match/incidents.js';
import type { EventRecord } from '../demo/model.js';
import { exchangeRecord } from '../demo/odds/exchange.js';
import { type Quote, quote, sameQuote } from '../demo/odds/odds-model.js';
import { regionalRecord } from '../demo/odds/regional.js';
import { type Distributions, distributions, withScore } from '../demo/poisson.js';
import { Rng } from '../demo/random.js';
import type { Expectation } from '../demo/strength.js';
import type { Exchange, Movement, Odds } from '../format-odds.js';
import type { StoredMarket, TrackedBook } from './stored-market.js';

/** The in-play market of a live match: new movement rows, closing prices, exchange, board. */
export interface InPlayMarket {
  movements: Movement[];
  odds: Odds[];
  exchange: Exchange[];
  regional: ReturnType<typeof regionalRecord>[];
}

/** The last minute after kick-off at which prices move (trading stops near the end). */
const LAST_TRADING_ELAPSED = FULL_TIME_ELAPSED - 5;

/** A moment when the in-play prices changed: its time, clock and the score then. */
interface Moment {
  index: number;
  at: number;
  clock: string;
  home: number;
  away: number;
  final: Distributions;
  remaining: Distributions;
}

/**
 * The minutes after kick-off when this match's in-play prices move: every 3 to 9 minutes, none
 * during the break. Drawn from the seed and the match only, so a later time shows the same
 * moments and more (time-consistent, like the match script).
 */
function tradingMinutes(seed: number, matchId: number): number[] {
  const rng = new Rng(seed, 'in-play', matchId);
  const out: number[] = [];
  for (let e = rng.int(1, 5); e <= LAST_TRADING_ELAPSED; e += rng.int(3, 9)) {
    if (clockAt(e) !== 'HT') {
      out.push(e);
    }
  }
  return out;
}

const eventKey = (e: EventRecord) =>
  timeKey({ half: e.minute > 45 ? 2 : 1, minute: e.minute, extra: e.extraMinute ?? 0 });

/** The moments up to `now`, each with the score of the events shown before it. */
function momentsUntil(
  seed: number,
  m: ScheduledMatch,
  xg: Expectation,
  events: readonly EventRecord[],
  now: number,
): Moment[] {
  const goals = events.filter((e) => SCORING_EVENTS.has(e.type));
  return tradingMinutes(seed, m.id)
    .map((elapsed, index) => ({ elapsed, index }))
    .filter(({ elapsed }) => m.kickoff + (elapsed + 1) * MINUTE_MS <= now)
    .map(({ elapsed, index }) => {
      const clock = clockAt(elapsed);
      const time = clockToTime(clock);
      const before = goals.filter((g) => eventKey(g) <= timeKey(time));
      const home = before.filter((g) => g.side === 'home').length;
      const away = before.length - home;
      const played = time.half === 1 ? Math.min(time.minute, 45) : time.minute;
      const left = Math.max(0.03, (90 - played) / 90);
      const remaining = distributions(xg.home * left, xg.away * left);
      const second = new Rng(seed, 'in-play-at', m.id, index).int(0, 59);
      return {
        index,
        at: m.kickoff + elapsed * MINUTE_MS + second * 1000,
        clock,
        home,
        away,
        final: withScore(remaining, home, away),
        remaining,
      };
    });
}

const quoteAt = (market: OddsMarket, moment: Moment, margin: number): Quote =>
  quote(market, market === 'hdp' ? moment.remaining : moment.final, margin);

/** One tracked book's in-play rows, numbered on from its pre-match rows; same prices skipped. */
function bookRows(matchId: number, book: TrackedBook, moments: readonly Moment[]): Movement[] {
  const rows: Movement[] = [];
  let previous: Quote = book.close ?? {};
  for (const moment of moments) {
    const q = quoteAt(book.market, moment, book.margin);
    if (sameQuote(q, previous)) {
      continue;
    }
    previous = q;
    rows.push(
      Object.assign(
        {
          matchId,
          market: book.market,
          bookmakerId: book.bookmakerId,
          seq: book.lastSeq + 1 + rows.length,
          changedAt: iso(moment.at),
        },
        q,
        { liveScore: `${moment.home}-${moment.away}`, liveMinute: moment.clock },
      ),
    );
  }
  return rows;
}

const priceSet = (row: Movement) => {
  const { matchId, market, bookmakerId, seq, changedAt, liveScore, liveMinute, ...q } = row;
  return { ...q, at: changedAt };
};

/**
 * The in-play market of a live (or just finished) match at `now` (docs/live.md "The live
 * engine"): the tracked bookmakers' in-play movement and their latest prices as the odds'
 * closing prices, the exchange's match-odds book and the regional operator's board re-priced
 * at each trading moment (the exchange closed and the board's pools closed at the end). Only
 * what the match already has is moved: a match without an exchange book gets none. Empty
 * before the first moment, so nothing stored changes until prices really move.
 */
export function inPlayMarketAt(
  seed: number,
  m: ScheduledMatch,
  xg: Expectation,
  events: readonly EventRecord[],
  stored: StoredMarket,
  now: number,
): InPlayMarket {
  const out: InPlayMarket = { movements: [], odds: [], exchange: [], regional: [] };
  const moments = momentsUntil(seed, m, xg, events, now);
  const last = moments[moments.length - 1];
  if (!last) {
    return out;
  }
  for (const book of stored.tracked) {
    const rows = bookRows(m.id, book, moments);
    out.movements.push(...rows);
    const latest = rows[rows.length - 1];
    if (latest && book.open) {
      const { matchId, bookmakerId, market } = latest;
      out.odds.push({ matchId, bookmakerId, market, open: book.open, close: priceSet(latest) });
    }
  }
  const rng = (part: string) => new Rng(seed, part, m.id, last.index);
  if (stored.exchange) {
    out.exchange.push(
      exchangeRecord(m, last.final, last.at + 5_000, rng('in-play-exchange'), false),
    );
  }
  if (stored.board) {
    const corners = cornerRate(xg, 'home') + cornerRate(xg, 'away');
    const { reference, pools } = stored.board;
    out.regional.push(
      regionalRecord(m, last.final, corners, reference, true, rng('in-play-board'), pools),
    );
  }
  return out;
}
