import type { LastModified } from '../changes/match-versions.js';
import type { SqlRead } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import {
  type CompetitionSummary,
  type CompetitionsService,
  currentSeasonOf,
  lastModifiedOf,
} from './competitions.js';
import { type Names, names } from './match-record.js';
import { resolveRequests } from './standings.js';

/**
 * A competition season's top scorers (docs/rest/competitions.md "Scorers"): goals counted from
 * the stored events that name their scorer by id, read in one statement for any number of asked
 * seasons (GraphQL batches them). Own goals are not the scorer's; a scored penalty is a goal and
 * is also counted apart; an event without a player id counts for nobody.
 */

export interface ScorersRequest {
  competitionId: number;
  /** Start year; absent: the competition's current season. */
  season?: number | undefined;
}

export interface ScorerLine {
  rank: number;
  player: { id: number; names: Names };
  /** The team of the player's latest goal in the season. */
  team: { id: number; names: Names };
  goals: number;
  penalties: number;
  assists: number;
  /**
   * Matches of the season the player appeared in (a published sheet's starter or substitute
   * who came on, or a substitution event bringing the player on); null when no sheet or
   * substitution of the season names the player by id.
   */
  played: number | null;
}

export interface ScorersAnswer {
  competition: CompetitionSummary;
  season: number;
  /** Whether any goal of the season names its assisting player by id (else `assists` is unknown). */
  assistsKnown: boolean;
  scorers: ScorerLine[];
}

interface ScorerRow {
  competition_id: number;
  year: number;
  player_id: number;
  goals: number;
  penalties: number;
  assists: number;
  played: number | null;
  assists_known: boolean;
  team_id: number;
  p_en: string;
  p_zh_cn: string | null;
  p_zh_hk: string | null;
  t_en: string;
  t_zh_cn: string | null;
  t_zh_hk: string | null;
}

/** Goals of players by id per asked season; assists from goals naming the assisting player. */
const SCORERS_SQL = `
  WITH sm AS (
    SELECT m.id, w.competition_id, w.year, m.home_team_id, m.away_team_id, m.kickoff_utc
      FROM matches m
      JOIN unnest($1::int[], $2::text[], $3::int[]) AS w(competition_id, season, year)
        ON m.competition_id = w.competition_id AND m.season = w.season
  ), ev AS (
    SELECT sm.competition_id, sm.year, sm.kickoff_utc, e.seq, e.type::text AS type,
           e.player_id, e.related_player_id,
           CASE e.side WHEN 'home' THEN sm.home_team_id ELSE sm.away_team_id END AS team_id
      FROM sm JOIN match_events e ON e.match_id = sm.id
     WHERE e.type IN ('goal', 'penalty')
  ), g AS (
    SELECT competition_id, year, player_id, count(*)::int AS goals,
           (count(*) FILTER (WHERE type = 'penalty'))::int AS penalties,
           (array_agg(team_id ORDER BY kickoff_utc DESC, seq DESC))[1] AS team_id
      FROM ev WHERE player_id IS NOT NULL GROUP BY competition_id, year, player_id
  ), pl AS (
    SELECT sm.competition_id, sm.year, x.player_id, count(DISTINCT sm.id)::int AS played
      FROM sm JOIN (
        SELECT lp.match_id, lp.player_id FROM lineup_players lp
          JOIN lineup_teams lt ON lt.match_id = lp.match_id AND lt.side = lp.side AND lt.published
         WHERE lp.starter OR lp.sub_in_minute IS NOT NULL
        UNION ALL
        SELECT e.match_id, e.player_id FROM match_events e WHERE e.type = 'substitution'
      ) x ON x.match_id = sm.id
     WHERE x.player_id IN (SELECT player_id FROM g)
     GROUP BY sm.competition_id, sm.year, x.player_id
  ), a AS (
    SELECT competition_id, year, related_player_id AS player_id, count(*)::int AS assists
      FROM ev WHERE type = 'goal' AND related_player_id IS NOT NULL
     GROUP BY competition_id, year, related_player_id
  )
  SELECT g.competition_id, g.year, g.player_id, g.goals, g.penalties,
         coalesce(a.assists, 0)::int AS assists, pl.played,
         EXISTS (SELECT 1 FROM a a2 WHERE a2.competition_id = g.competition_id
                                      AND a2.year = g.year) AS assists_known,
         g.team_id, p.name_en AS p_en, p.name_zh_cn AS p_zh_cn, p.name_zh_hk AS p_zh_hk,
         t.name_en AS t_en, t.name_zh_cn AS t_zh_cn, t.name_zh_hk AS t_zh_hk
    FROM g
    LEFT JOIN a ON a.competition_id = g.competition_id AND a.year = g.year
               AND a.player_id = g.player_id
    LEFT JOIN pl ON pl.competition_id = g.competition_id AND pl.year = g.year
                AND pl.player_id = g.player_id
    JOIN players p ON p.id = g.player_id
    JOIN teams t ON t.id = g.team_id`;

/**
 * docs/decisions.md "Scorers": more goals first, then fewer penalties among them, then the
 * English name; lines level on goals and penalties share the rank of the first of them.
 */
export function rankScorers(lines: Omit<ScorerLine, 'rank'>[]): ScorerLine[] {
  const sorted = [...lines].sort(
    (a, b) =>
      b.goals - a.goals ||
      a.penalties - b.penalties ||
      a.player.names.en.localeCompare(b.player.names.en, 'en') ||
      a.player.id - b.player.id,
  );
  let rank = 0;
  return sorted.map((line, i) => {
    const before = sorted[i - 1];
    if (!before || before.goals !== line.goals || before.penalties !== line.penalties) {
      rank = i + 1;
    }
    return { rank, ...line };
  });
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

export function createScorersService({
  read,
  competitions,
  now,
}: {
  read: SqlRead;
  competitions: CompetitionsService;
  now: () => Date;
}) {
  /** Resolves every request first: one unknown competition or season fails only its own answer. */
  async function scorersFor(
    requests: readonly ScorersRequest[],
  ): Promise<(ScorersAnswer | ApiError)[]> {
    const resolved = resolveRequests(await competitions.catalogue(), requests, now());
    const wanted = resolved.flatMap((r) =>
      r instanceof ApiError
        ? []
        : (r.competition.seasons.find((s) => s.year === r.season)?.labels ?? []).map((label) => ({
            competitionId: r.competition.id,
            label,
            year: r.season,
          })),
    );
    const rows =
      wanted.length === 0
        ? []
        : await read<ScorerRow>({
            text: SCORERS_SQL,
            values: [
              wanted.map((w) => w.competitionId),
              wanted.map((w) => w.label),
              wanted.map((w) => w.year),
            ],
          });
    return resolved.map((r) => {
      if (r instanceof ApiError) {
        return r;
      }
      const own = rows.filter((x) => x.competition_id === r.competition.id && x.year === r.season);
      return {
        competition: r.competition,
        season: r.season,
        assistsKnown: own.some((x) => x.assists_known),
        scorers: rankScorers(
          own.map((x) => ({
            player: { id: x.player_id, names: names(x.p_en, x.p_zh_cn, x.p_zh_hk) },
            team: { id: x.team_id, names: names(x.t_en, x.t_zh_cn, x.t_zh_hk) },
            goals: x.goals,
            penalties: x.penalties,
            assists: x.assists,
            played: x.played,
          })),
        ),
      };
    });
  }

  return {
    scorersFor,
    /** One season's scorers: its problem thrown (REST). */
    async scorers(request: ScorersRequest): Promise<ScorersAnswer> {
      const [answer] = await scorersFor([request]);
      if (answer instanceof ApiError || !answer) {
        throw answer ?? new ApiError('not_found', `No competition ${request.competitionId}`);
      }
      return answer;
    },
    /**
     * `Last-Modified` of a season's scorers: its last match row, deduction or reference-data
     * change (the standings' time), or its last events change. Null where unknown.
     */
    async lastModified(competitionId: number, season: number | undefined) {
      const c = await competitions.catalogue();
      const competition = c.byId.get(competitionId);
      const year = competition && (season ?? currentSeasonOf(competition, todayOf(now())));
      const s = competition?.seasons.find((x) => x.year === year);
      if (!s) {
        return null;
      }
      const [events] = await read<{ at: Date | null }>({
        text: `SELECT max(v.changed_at) AS at FROM match_versions v
                 JOIN matches m ON m.id = v.match_id
                WHERE v.resource = 'events' AND m.competition_id = $1 AND m.season = ANY($2::text[])`,
        values: [competitionId, s.labels],
      });
      return lastModifiedOf(
        s.changedAt,
        c.referenceAt,
        events?.at ? new Date(events.at) : null,
      ) satisfies LastModified | null;
    },
  };
}

export type ScorersService = ReturnType<typeof createScorersService>;
