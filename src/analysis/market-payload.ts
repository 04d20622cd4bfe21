import { analyzeTeamMarket } from './market-analysis.js';
import { HANDICAP_RULES, type MarketRules, TOTAL_RULES } from './market-rules.js';
import type {
  AnalysisMarket,
  HandicapAnalysis,
  MarketAnalysisPayload,
  TeamHistoryEntry,
  TotalAnalysis,
} from './market-types.js';

interface TeamInput {
  teamId: number;
  /**
   * The team's earlier finished matches, LATEST FIRST, with every bookmaker's lines in
   * `openLines` / `closeLines` (aligned with `bookmakers`).
   */
  history: Iterable<TeamHistoryEntry>;
}

interface MarketAnalysisInput {
  matchId: number;
  competitionId: number;
  /** The real bookmakers with odds for the match and market, by id. */
  bookmakers: readonly { id: number; name: string }[];
  home: TeamInput;
  away: TeamInput;
  sampleSize: number;
}

function build<R extends string, S>(
  rules: MarketRules<R, S>,
  market: AnalysisMarket,
  input: MarketAnalysisInput,
): MarketAnalysisPayload<R, S> {
  const team = (t: TeamInput) =>
    analyzeTeamMarket(rules, {
      teamId: t.teamId,
      competitionId: input.competitionId,
      bookmakers: input.bookmakers.length,
      entries: t.history,
      sampleSize: input.sampleSize,
    });
  const home = team(input.home);
  const away = team(input.away);
  return {
    matchId: input.matchId,
    market,
    competitionId: input.competitionId,
    sampleLimit: input.sampleSize,
    home: home.team,
    away: away.team,
    bookmakers: input.bookmakers.map((b, k) => ({
      bookmakerId: b.id,
      bookmakerName: b.name,
      home: home.bookmakers[k] as (typeof home.bookmakers)[number],
      away: away.bookmakers[k] as (typeof away.bookmakers)[number],
    })),
  };
}

export function buildHandicapAnalysis(input: MarketAnalysisInput): HandicapAnalysis {
  return build(HANDICAP_RULES, 'hdp', input);
}

export function buildTotalAnalysis(input: MarketAnalysisInput): TotalAnalysis {
  return build(TOTAL_RULES, 'hilo', input);
}

export function buildMarketAnalysis(
  market: AnalysisMarket,
  input: MarketAnalysisInput,
): HandicapAnalysis | TotalAnalysis {
  return market === 'hdp' ? buildHandicapAnalysis(input) : buildTotalAnalysis(input);
}
