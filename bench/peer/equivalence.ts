/**
 * Do touchline and PostGraphile answer with the same data? Both answers are reduced to the same
 * summary (match ids in order, each match's competition, teams and score, its odds rows and its
 * served lineup players) and compared; any difference fails the run before anything is measured.
 */

export interface MatchSummary {
  id: number;
  /** Competition, teams and score: `c<competition> <home>-<away> <score>`. */
  fingerprint: string;
  oddsRows: number;
  lineupPlayers: number;
}

interface TouchlineMatch {
  id: number;
  score: { current: string } | null;
  competition: { id: number };
  home: { id: number };
  away: { id: number };
  odds?: { bookmakers: Record<'had' | 'hdp' | 'hilo', unknown>[] };
  lineups?: Record<'home' | 'away', { starters: unknown[]; substitutes: unknown[] }> | null;
}

interface PostGraphileMatch {
  rowId: number;
  homeScore: number | null;
  awayScore: number | null;
  competitionByCompetitionId: { rowId: number };
  teamByHomeTeamId: { rowId: number };
  teamByAwayTeamId: { rowId: number };
  oddsByMatchId?: { nodes: unknown[] };
  lineupTeamsByMatchId?: { nodes: { published: boolean }[] };
  lineupPlayersByMatchId?: { nodes: unknown[] };
}

const fingerprint = (competition: number, home: number, away: number, score: string) =>
  `c${competition} ${home}-${away} ${score}`;

function touchlineMatch(m: TouchlineMatch): MatchSummary {
  const markets = (m.odds?.bookmakers ?? []).map(
    (b) =>
      [b.had, b.hdp, b.hilo].filter((market) => market !== null && market !== undefined).length,
  );
  const sides = m.lineups ? [m.lineups.home, m.lineups.away] : [];
  return {
    id: m.id,
    fingerprint: fingerprint(m.competition.id, m.home.id, m.away.id, m.score?.current ?? ''),
    oddsRows: markets.reduce((a, b) => a + b, 0),
    lineupPlayers: sides.reduce((n, s) => n + s.starters.length + s.substitutes.length, 0),
  };
}

/** touchline serves lineups only when both sheets are published (spec 2.11). */
function postGraphileMatch(m: PostGraphileMatch): MatchSummary {
  const sheets = m.lineupTeamsByMatchId?.nodes ?? [];
  const served = sheets.length === 2 && sheets.every((s) => s.published);
  const score = m.homeScore === null || m.awayScore === null ? '' : `${m.homeScore}-${m.awayScore}`;
  return {
    id: m.rowId,
    fingerprint: fingerprint(
      m.competitionByCompetitionId.rowId,
      m.teamByHomeTeamId.rowId,
      m.teamByAwayTeamId.rowId,
      score,
    ),
    oddsRows: m.oddsByMatchId?.nodes.length ?? 0,
    lineupPlayers: served ? (m.lineupPlayersByMatchId?.nodes.length ?? 0) : 0,
  };
}

type Answer = { data?: Record<string, unknown> | null; errors?: unknown[] };

function dataOf(answer: unknown, field: string): unknown {
  const { data, errors } = answer as Answer;
  if (errors?.length || !data || data[field] === undefined || data[field] === null) {
    throw new Error(`no ${field} in the answer: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return data[field];
}

export const summariseTouchlineDetail = (answer: unknown) => [
  touchlineMatch(dataOf(answer, 'match') as TouchlineMatch),
];

export const summarisePostGraphileDetail = (answer: unknown) => [
  postGraphileMatch(dataOf(answer, 'matchByRowId') as PostGraphileMatch),
];

export const summariseTouchlineDay = (answer: unknown) =>
  (dataOf(answer, 'matches') as { items: TouchlineMatch[] }).items.map(touchlineMatch);

export const summarisePostGraphileDay = (answer: unknown) =>
  (dataOf(answer, 'allMatches') as { nodes: PostGraphileMatch[] }).nodes.map(postGraphileMatch);

/** Every difference between two summaries, as text; empty when they carry the same data. */
export function differences(
  touchline: readonly MatchSummary[],
  postgraphile: readonly MatchSummary[],
): string[] {
  const ids = (list: readonly MatchSummary[]) => list.map((m) => m.id).join(',');
  if (ids(touchline) !== ids(postgraphile)) {
    return [`match ids differ: touchline [${ids(touchline)}], PostGraphile [${ids(postgraphile)}]`];
  }
  const found: string[] = [];
  for (const [i, t] of touchline.entries()) {
    const p = postgraphile[i] as MatchSummary;
    for (const key of ['fingerprint', 'oddsRows', 'lineupPlayers'] as const) {
      if (t[key] !== p[key]) {
        found.push(`match ${t.id} ${key}: touchline ${t[key]}, PostGraphile ${p[key]}`);
      }
    }
  }
  return found;
}
