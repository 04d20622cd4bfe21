import { ODDS_MARKETS } from '../../football/vocabulary.js';
import type { Lineup, Statistic } from '../format.js';
import type { Exchange, Movement, Odds } from '../format-odds.js';
import type { ScheduledMatch } from './calendar/schedule.js';
import { DAY_MS, hkDayStart, hkWeekday, MINUTE_MS } from './clock.js';
import { cornerRate } from './match/incidents.js';
import { lineupRecords, preMatchLineups } from './match/lineup-records.js';
import { eventRecords, matchRecord } from './match/match-records.js';
import { type PlayedMatch, pickSheets, playMatch } from './match/play.js';
import { statisticRecords } from './match/stats-records.js';
import type {
  AiReportRecord,
  EventRecord,
  MatchRecord,
  RegionalRecord,
  TipRecord,
} from './model.js';
import { aggregateRows } from './odds/aggregates.js';
import { aiReportRecords } from './odds/ai-reports.js';
import { exchangeRecord } from './odds/exchange.js';
import { buildOdds } from './odds/odds-records.js';
import { regionalRecord } from './odds/regional.js';
import { tipRecords } from './odds/tips.js';
import { Rng } from './random.js';
import { type Expectation, expectedGoals } from './strength.js';

export type PitchOutput = Pick<MatchOutput, 'match' | 'events' | 'statistics' | 'lineups'>;

export interface MatchOutput {
  match: MatchRecord;
  events: EventRecord[];
  statistics: Statistic[];
  lineups: Lineup[];
  odds: Odds[];
  movements: Movement[];
  exchange: Exchange | null;
  regional: RegionalRecord | null;
  aiReports: AiReportRecord[];
  tips: TipRecord[];
}

const PLAYED = new Set(['finished', 'live', 'abandoned', 'suspended']);
/** Team sheets are published this long before kick-off (DECISIONS.md "Live data"). */
export const LINEUPS_BEFORE_MS = 60 * MINUTE_MS;
const EXCHANGE_CHANCE: Readonly<Record<string, number>> = {
  scheduled: 0.6,
  live: 0.85,
  finished: 0.12,
};
/** Every 20th exchange payload is cut short (from the 4th), every 30th board has no odds yet (from the 6th). */
const MALFORMED_EVERY = 20;
const EMPTY_BOARD_EVERY = 30;

/** Generates one match and its children; call in kick-off order (board references count per day). */
export class MatchGenerator {
  #exchanges = 0;
  #boards = 0;
  #boardDay = 0;
  #boardNumber = 0;

  constructor(
    private readonly seed: number,
    private readonly now: number,
  ) {}

  generate(m: ScheduledMatch): MatchOutput {
    const rng = this.#streams(m);
    const xg = expectedGoals(this.seed, m);
    const played = PLAYED.has(m.status) ? playMatch(this.seed, m, xg, rng('play')) : null;
    const out: MatchOutput = {
      ...this.#pitch(m, xg, played, rng),
      odds: [],
      movements: [],
      exchange: null,
      regional: null,
      aiReports: [],
      tips: [],
    };
    if (m.status !== 'cancelled') {
      this.market(m, xg, played, out, rng);
    }
    return out;
  }

  /**
   * A published team sheet is the one that plays: the sheets come from the match's own play
   * stream (playMatch draws them first), whether the match has started or not.
   */
  /** What happens on the pitch at this generator's `now`: the match row, events, statistics, sheets. */
  play(m: ScheduledMatch): PitchOutput {
    const rng = this.#streams(m);
    const xg = expectedGoals(this.seed, m);
    const played = PLAYED.has(m.status) ? playMatch(this.seed, m, xg, rng('play')) : null;
    return this.#pitch(m, xg, played, rng);
  }

  #streams(m: ScheduledMatch) {
    return (part: string) =>
      new Rng(this.seed, part, m.comp.id, m.home.id, m.away.id, m.season, m.round);
  }

  #pitch(
    m: ScheduledMatch,
    xg: Expectation,
    played: PlayedMatch | null,
    rng: (part: string) => Rng,
  ): PitchOutput {
    return {
      match: matchRecord(m, played),
      events: played ? eventRecords(m.id, played) : [],
      statistics: played ? statisticRecords(m.id, played, xg, rng('stats')) : [],
      lineups: this.lineups(m, played, rng),
    };
  }

  private lineups(
    m: ScheduledMatch,
    played: PlayedMatch | null,
    streams: (part: string) => Rng,
  ): Lineup[] {
    const rng = streams('lineups');
    if (played) {
      const finished = m.status === 'finished';
      return lineupRecords(m.id, played, finished, !finished || !rng.chance(0.05), rng);
    }
    if (m.status !== 'scheduled') {
      return [];
    }
    const sheets = () => pickSheets(this.seed, m, streams('play'));
    if (m.kickoff - this.now <= LINEUPS_BEFORE_MS) {
      return preMatchLineups(m.id, sheets(), true, rng);
    }
    return rng.chance(0.03) ? preMatchLineups(m.id, sheets(), false, rng) : [];
  }

  private market(
    m: ScheduledMatch,
    xg: Expectation,
    played: PlayedMatch | null,
    out: MatchOutput,
    rng: (part: string) => Rng,
  ): void {
    const odds = buildOdds({ m, xg, played, now: this.now, rng: rng('odds') });
    out.odds = odds.odds;
    for (const market of ODDS_MARKETS) {
      out.odds.push(...aggregateRows(m.id, market, odds.odds));
    }
    out.movements = odds.movements;
    const corners = cornerRate(xg, 'home') + cornerRate(xg, 'away');
    const r = rng('extras');
    const old = m.kickoff < this.now - 365 * DAY_MS;
    if (r.chance((EXCHANGE_CHANCE[m.status] ?? 0) * (old ? 0.4 : 1))) {
      const malformed = this.#exchanges++ % MALFORMED_EVERY === 3;
      out.exchange = exchangeRecord(m, odds.consensus, this.now, r, malformed);
    }
    if (r.chance(0.75)) {
      out.regional = regionalRecord(
        m,
        odds.consensus,
        corners,
        this.boardReference(m),
        this.boardHasOdds(m, r),
        r,
      );
    }
    out.aiReports = aiReportRecords(m, odds.consensus, corners, this.now, rng('reports'));
    out.tips = tipRecords(m, odds.consensus, odds.opened, this.now, rng('tips'));
  }

  private boardHasOdds(m: ScheduledMatch, r: Rng): boolean {
    const farAhead = m.status === 'scheduled' && m.kickoff - this.now > 3 * DAY_MS && r.chance(0.5);
    return !farAhead && this.#boards++ % EMPTY_BOARD_EVERY !== 5;
  }

  private boardReference(m: ScheduledMatch): { weekday: number; number: number } {
    const day = hkDayStart(m.kickoff);
    if (day !== this.#boardDay) {
      this.#boardDay = day;
      this.#boardNumber = 0;
    }
    return { weekday: hkWeekday(m.kickoff), number: ++this.#boardNumber };
  }
}
