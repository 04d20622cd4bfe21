import type { StandingsMatch } from '../analysis/standings/engine.js';
import { tags } from '../changes/change-summary.js';
import { createTaggedCache } from '../changes/tagged-cache.js';
import type { SqlRead } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { type Names, names } from './match-record.js';
import type { MatchStatus } from './vocabulary.js';

/**
 * What one competition-season's standings are made of (issue 49, docs/live.md "Caches"): its
 * matches, their teams and its point deductions, read for that competition-season only and kept
 * until one of its matches changes (tag `c:<id>`), so a goal re-reads one season, never the store.
 */

export interface StandingsTeam {
  id: number;
  /** English: the engine's last tie-break orders by it. */
  name: string;
  names: Names;
}

export interface SeasonMatches {
  matches: StandingsMatch[];
  teams: ReadonlyMap<number, StandingsTeam>;
  deductions: { teamId: number; points: number }[];
  /** Latest change of one of its match rows or of its point deductions. */
  changedAt: Date | null;
}

/** A competition-season as the catalogue knows it: its start year and its stored labels. */
export interface SeasonKey {
  competitionId: number;
  year: number;
  labels: readonly string[];
}

interface MatchRow {
  competition_id: number;
  season: string;
  id: number;
  home_team_id: number;
  away_team_id: number;
  status: MatchStatus;
  home_score: number | null;
  away_score: number | null;
  kickoff_utc: Date;
  round: string | null;
  updated_at: Date;
}

const keyOf = (s: SeasonKey) => `${s.competitionId}|${s.year}`;
const later = (a: Date | null, b: Date) => (a && a > b ? a : b);

/** The given seasons in three statements, however many (GraphQL batches them). */
async function readSeasons(read: SqlRead, wanted: readonly SeasonKey[]) {
  const pairs = wanted.flatMap((w) => w.labels.map((label) => ({ id: w.competitionId, label })));
  const ids = pairs.map((p) => p.id);
  const labels = pairs.map((p) => p.label);
  const [matches, teams, deductions] = await Promise.all([
    read<MatchRow>({
      text: `SELECT m.competition_id, m.season, m.id, m.home_team_id, m.away_team_id,
                    m.status::text AS status, m.home_score, m.away_score, m.kickoff_utc, m.round,
                    m.updated_at
               FROM matches m
               JOIN unnest($1::int[], $2::text[]) AS w(competition_id, season)
                 ON m.competition_id = w.competition_id AND m.season = w.season`,
      values: [ids, labels],
    }),
    read<{ id: number; name_en: string; name_zh_cn: string | null; name_zh_hk: string | null }>({
      text: `SELECT t.id, t.name_en, t.name_zh_cn, t.name_zh_hk FROM teams t
              WHERE t.id IN (SELECT unnest(ARRAY[m.home_team_id, m.away_team_id])
                               FROM matches m
                               JOIN unnest($1::int[], $2::text[]) AS w(competition_id, season)
                                 ON m.competition_id = w.competition_id AND m.season = w.season)`,
      values: [ids, labels],
    }),
    read<{
      competition_id: number;
      season: number;
      team_id: number;
      points: number;
      created_at: Date;
    }>({
      text: `SELECT competition_id, season, team_id, points, created_at FROM point_deductions
              WHERE (competition_id, season) IN (SELECT * FROM unnest($1::int[], $2::int[]))`,
      values: [wanted.map((w) => w.competitionId), wanted.map((w) => w.year)],
    }),
  ]);
  const teamMap = new Map<number, StandingsTeam>(
    teams.map((t) => [
      t.id,
      { id: t.id, name: t.name_en, names: names(t.name_en, t.name_zh_cn, t.name_zh_hk) },
    ]),
  );
  return wanted.map((w): SeasonMatches => {
    const labelSet = new Set(w.labels);
    let changedAt: Date | null = null;
    const own = matches.filter(
      (m) => m.competition_id === w.competitionId && labelSet.has(m.season),
    );
    const ownTeams = new Map<number, StandingsTeam>();
    for (const m of own) {
      changedAt = later(changedAt, new Date(m.updated_at));
      for (const id of [m.home_team_id, m.away_team_id]) {
        const team = teamMap.get(id);
        if (team) {
          ownTeams.set(id, team);
        }
      }
    }
    const ownDeductions = deductions.filter(
      (d) => d.competition_id === w.competitionId && d.season === w.year,
    );
    for (const d of ownDeductions) {
      changedAt = later(changedAt, new Date(d.created_at));
    }
    return {
      matches: own.map((m) => ({
        id: m.id,
        homeTeamId: m.home_team_id,
        awayTeamId: m.away_team_id,
        status: m.status,
        homeScore: m.home_score,
        awayScore: m.away_score,
        kickoffUtc: new Date(m.kickoff_utc),
        round: m.round,
      })),
      teams: ownTeams,
      deductions: ownDeductions.map((d) => ({ teamId: d.team_id, points: d.points })),
      changedAt,
    };
  });
}

/**
 * Competition-seasons' matches, kept per competition-season and evicted by a change of one of
 * that competition's matches (or anything wider: reference data, a deleted match).
 */
export function createSeasonMatches({
  read,
  events,
}: {
  read: SqlRead;
  events: Pick<EventBus, 'subscribe'>;
}) {
  const cache = createTaggedCache<SeasonMatches>(events, {
    maxBytes: 32 * 1024 * 1024,
    sizeOf: (s) => 256 + 96 * s.matches.length + 128 * s.teams.size,
    ttlMs: 10 * 60_000,
  });
  return {
    /**
     * The seasons asked for, kept ones from memory and the others in one read; `fresh` reads
     * them all (a push stream that heard a change before its data-changed event).
     */
    async seasons(wanted: readonly SeasonKey[], fresh = false): Promise<SeasonMatches[]> {
      const found = new Map<string, SeasonMatches>();
      const missing = new Map<string, SeasonKey>();
      for (const w of wanted) {
        const hit = fresh ? undefined : cache.get(keyOf(w));
        if (hit) {
          found.set(keyOf(w), hit);
        } else {
          missing.set(keyOf(w), w);
        }
      }
      if (missing.size > 0) {
        const since = cache.mark();
        const keys = [...missing.values()];
        const values = await readSeasons(read, keys);
        keys.forEach((w, i) => {
          const value = values[i] as SeasonMatches;
          const tagList = [tags.competition(w.competitionId), tags.anyCompetition];
          cache.set(keyOf(w), value, tagList, since);
          found.set(keyOf(w), value);
        });
      }
      return wanted.map((w) => found.get(keyOf(w)) as SeasonMatches);
    },
  };
}

export type SeasonMatchesSource = ReturnType<typeof createSeasonMatches>;
