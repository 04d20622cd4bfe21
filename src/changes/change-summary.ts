import type { ChangeResource } from '../football/vocabulary.js';

/** What a write changed in one match, as the caches need it (docs/live.md "Caches"). */
export interface ChangedMatch {
  id: number;
  /** The match's resources the write touched (`detail` is the match row itself). */
  resources: ChangeResource[];
  /** For a match that still exists after the write: its kick-off's UTC date (YYYY-MM-DD). */
  day?: string;
  /** ... its teams (home, away): head-to-head answers of their matches show it. */
  teams?: [number, number];
  /** ... its competition: that competition's standings show it. */
  competition?: number;
  status?: string;
  /**
   * The row was there before the write and kept its competition, season, kick-off and round (a
   * score or status change): the competitions catalogue does not move. Absent: it may have.
   */
  samePlace?: true;
}

/**
 * The change-log entries of one write, summarised for the caches: the data-changed event
 * carries it to every instance, and each cache evicts what the changed resources show.
 */
export interface ChangeSummary {
  /** The write's last change-log sequence number. */
  seq: string;
  /** Competitions, teams or bookmakers changed: names in every answer may have changed. */
  reference: boolean;
  matches: ChangedMatch[];
}

/** Cache tags: what a cached answer shows, so a change evicts exactly the answers that show it. */
export const tags = {
  /** A resource of one match (its events, its odds ...). */
  match: (id: number, resource: ChangeResource) => `m:${id}:${resource}`,
  /** Lists of matches whose day overlaps a UTC date (every page, filter and zone of it). */
  day: (utcDate: string) => `d:${utcDate}`,
  /**
   * The tags of a list of the matches kicking off in `[from, to)` (a day or a range of days in
   * some zone): every UTC date the window overlaps.
   */
  window(from: Date, to: Date): string[] {
    const out: string[] = [];
    const last = new Date(to.getTime() - 1).toISOString().slice(0, 10);
    for (let at = from.getTime(); ; at += 86_400_000) {
      const date = new Date(at).toISOString().slice(0, 10);
      out.push(`d:${date}`);
      if (date >= last) {
        return out;
      }
    }
  },
  /** Head-to-head answers showing a team's form and meetings. */
  team: (id: number) => `t:${id}`,
  /** A team's page and its list of matches (any change of any of its matches, any status). */
  teamMatches: (id: number) => `tm:${id}`,
  /** Every team page and list of a team's matches (a deleted match's teams are no longer known). */
  anyTeamMatches: 'teams',
  live: 'live',
  /** Every list of matches by day (a deleted match's day is no longer known). */
  anyDay: 'days',
  /** Every head-to-head answer (a deleted match's teams are no longer known). */
  anyH2h: 'h2h',
  /** A competition's standings and season (any change of one of its matches' rows). */
  competition: (id: number) => `c:${id}`,
  /** Every competition's standings (a deleted match's competition is no longer known). */
  anyCompetition: 'competitions',
  /**
   * The competitions list: its seasons move with a match row that is new, deleted, or moved to
   * another competition, season, kick-off or round (not with a score: `samePlace`). Its coverage
   * (which child resources exist) is not told apart: it shows within the entries' 60 s lifetime.
   */
  catalogue: 'catalogue',
  /** Search answers (issue 49): they show names only, so only a reference change evicts them. */
  search: 'search',
  /** Every competition's scorers (a row change clears them through `competition` too). */
  anyScorers: 'scorers',
} as const;

/** Until a match leaves these statuses, head-to-head answers (finished matches only) ignore it. */
const NOT_IN_HISTORY = new Set(['scheduled', 'live']);

/**
 * The tags a change evicts, or `all` when it may touch every answer (reference data changed, or
 * a write that did not say what it changed).
 */
export function evictedBy(summary: ChangeSummary | undefined): Set<string> | 'all' {
  if (!summary || summary.reference) {
    return 'all';
  }
  const out = new Set<string>();
  for (const m of summary.matches) {
    for (const resource of m.resources) {
      out.add(tags.match(m.id, resource));
    }
    // Events say no competition: any events change stales every season's scorers.
    if (m.resources.includes('events')) {
      out.add(tags.anyScorers);
    }
    if (!m.resources.includes('detail')) {
      continue;
    }
    out.add(tags.live);
    if (m.samePlace !== true) {
      out.add(tags.catalogue);
    }
    out.add(m.day ? tags.day(m.day) : tags.anyDay);
    out.add(m.competition !== undefined ? tags.competition(m.competition) : tags.anyCompetition);
    if (!m.teams) {
      out.add(tags.anyH2h);
      out.add(tags.anyTeamMatches);
      continue;
    }
    out.add(tags.teamMatches(m.teams[0]));
    out.add(tags.teamMatches(m.teams[1]));
    if (!NOT_IN_HISTORY.has(m.status ?? '')) {
      out.add(tags.team(m.teams[0]));
      out.add(tags.team(m.teams[1]));
    }
  }
  return out;
}

const isResourceList = (value: unknown): value is ChangeResource[] =>
  Array.isArray(value) && value.every((r) => typeof r === 'string');

/** A summary received from another instance, checked; anything odd reads as "everything". */
export function parseChangeSummary(value: unknown): ChangeSummary | undefined {
  if (!value || typeof value !== 'object') {
    return undefined;
  }
  const v = value as Partial<ChangeSummary>;
  const matchesOk =
    Array.isArray(v.matches) &&
    v.matches.every((m) => Number.isInteger(m?.id) && isResourceList(m.resources));
  return typeof v.seq === 'string' && typeof v.reference === 'boolean' && matchesOk
    ? (v as ChangeSummary)
    : undefined;
}
