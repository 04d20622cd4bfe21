import type { LoggedChange } from '../changes/change-log.js';
import type { MatchRecord } from '../football/match-record.js';
import type { OddsMarket } from '../football/vocabulary.js';
import type { Carries } from './change-subscription.js';
import type { ChangeValues } from './change-values.js';

/** Analysis changes reach Plus and Pro only (DECISIONS.md "Push"); reference data, nobody. */
const visibleTo = (change: LoggedChange, analysis: boolean) =>
  change.matchId !== null && (change.resource !== 'analysis' || analysis);

/** The changes of the given matches. */
export const ofMatches =
  (matchIds: ReadonlySet<number>, analysis: boolean): Carries =>
  (change) =>
    visibleTo(change, analysis) && matchIds.has(change.matchId as number);

const inLeagues = (match: MatchRecord, leagues: readonly string[]) => {
  const { names, nameOriginal } = match.competition;
  const known = [...Object.values(names), nameOriginal].map((n) => n?.toLowerCase());
  return leagues.some((league) => known.includes(league.toLowerCase()));
};

/**
 * The changes of every live match (of these competitions, by any of their names): a match is
 * followed from its first change while live, and stays followed, so its final whistle arrives.
 */
export function ofLiveMatches(
  values: ChangeValues,
  options: { analysis: boolean; leagues?: readonly string[] | null | undefined },
): Carries {
  const followed = new Set<number>();
  const leagues = options.leagues?.length ? options.leagues : null;
  return async (change) => {
    if (!visibleTo(change, options.analysis)) {
      return false;
    }
    const matchId = change.matchId as number;
    if (!followed.has(matchId)) {
      const match = await values.matchAt(matchId, change.seq);
      if (match?.status === 'live' && (!leagues || inLeagues(match, leagues))) {
        followed.add(matchId);
      }
    }
    return followed.has(matchId);
  };
}

/**
 * The changes of the matches of these competitions (any season), and of the given matches: a
 * deleted match's competition is no longer known, so its deletion reaches only a stream that
 * names the match.
 */
export function ofCompetitions(
  values: ChangeValues,
  options: {
    competitionIds: ReadonlySet<number>;
    matchIds: ReadonlySet<number> | null;
    analysis: boolean;
  },
): Carries {
  return async (change) => {
    if (!visibleTo(change, options.analysis)) {
      return false;
    }
    if (options.matchIds?.has(change.matchId as number)) {
      return true;
    }
    const match = await values.matchAt(change.matchId as number, change.seq);
    return match !== null && options.competitionIds.has(match.competition.id);
  };
}

type OddsRows = readonly ({ bookmaker: unknown } & Partial<Record<OddsMarket, unknown>>)[];

/** One market's prices across bookmakers, as text to compare. */
const marketPrices = (odds: OddsRows | null, market: OddsMarket | null) =>
  JSON.stringify(market ? (odds ?? []).map((row) => [row.bookmaker, row[market] ?? null]) : odds);

/**
 * The odds changes of a match (its bookmakers' odds and movement), of one market when named:
 * a change is carried when that market's prices differ from those last carried (or seen when
 * the subscriber subscribed).
 */
export function ofOddsMoves(
  values: ChangeValues,
  options: { matchId: number; market: OddsMarket | null; odds: OddsRows },
): Carries {
  let last = marketPrices(options.odds, options.market);
  return async (change) => {
    if (change.matchId !== options.matchId) {
      return false;
    }
    if (change.resource !== 'odds' && change.resource !== 'movement') {
      return false;
    }
    const now = marketPrices(
      (await values.valueOf(change, 'en')) as OddsRows | null,
      options.market,
    );
    if (now === last) {
      return false;
    }
    last = now;
    return true;
  };
}
