import { tieBreaksOf } from '../analysis/standings/rules.js';
import { tags } from '../changes/change-summary.js';
import type { LastModified } from '../changes/match-versions.js';
import { createTaggedCache } from '../changes/tagged-cache.js';
import type { SqlRead } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { AVAILABLE_KINDS, type AvailableKind } from './match-availability.js';
import { type Names, names } from './match-record.js';
import type { CompetitionType, TieBreak } from './vocabulary.js';

/**
 * The competitions catalogue (docs/rest/competitions.md): every competition with its seasons,
 * what data exists for it and where it comes from. Read in a fixed number of grouped statements
 * (not one per competition) and kept in memory until a match or reference data changes (the
 * data-changed event), so the list, the standings' season check and their `Last-Modified` cost
 * no query while nothing changes.
 */

/** What exists for a competition: the names of GraphQL's `Match.available`, and its table. */
export const COVERAGE = ['standings', ...AVAILABLE_KINDS] as const;
export type CoverageName = (typeof COVERAGE)[number];
export type Coverage = Record<CoverageName, boolean>;

export interface SeasonSummary {
  /** The start year: 2024 for "2024-25", 2025 for "2025". */
  year: number;
  /** The stored labels of that season ("2024-25"; two sources may write it differently). */
  labels: string[];
  /** UTC dates of its first and last kick-off. */
  firstDay: string;
  lastDay: string;
  /** Latest change of one of its match rows or of its point deductions. */
  changedAt: Date;
}

export interface CompetitionSummary {
  id: number;
  code: string;
  names: Names;
  nameOriginal: string | null;
  region: 'Asia' | 'Europe';
  country: string | null;
  type: CompetitionType;
  tieBreaks: readonly TieBreak[];
  /** Oldest first. */
  seasons: SeasonSummary[];
  coverage: Coverage;
  sources: { resource: string; source: string; licence: string }[];
}

export interface Catalogue {
  competitions: CompetitionSummary[];
  byId: ReadonlyMap<number, CompetitionSummary>;
  /** The latest change of reference data still in the change log. */
  referenceAt: Date | null;
  /** The list's `Last-Modified`: the latest change of anything it shows. */
  modified: LastModified | null;
}

/** "2024-25" -> 2024, "2025" -> 2025; null for a label without a leading year. */
export function seasonYear(label: string): number | null {
  const year = /^\s*(\d{4})/.exec(label)?.[1];
  return year ? Number(year) : null;
}

/** The time as `Last-Modified` carries it: whole seconds. */
export function lastModifiedOf(...times: (Date | null | undefined)[]): LastModified | null {
  const ms = Math.max(...times.map((t) => (t ? t.getTime() : 0)));
  if (ms <= 0) {
    return null;
  }
  const at = new Date(Math.floor(ms / 1000) * 1000);
  return { at, httpDate: at.toUTCString() };
}

interface CompetitionRow {
  id: number;
  code: string;
  name_en: string;
  name_zh_cn: string | null;
  name_zh_hk: string | null;
  name_original: string | null;
  region: 'Asia' | 'Europe';
  country: string | null;
  type: CompetitionType;
  tie_breaks: string[] | null;
}

interface SeasonRow {
  competition_id: number;
  season: string;
  first: Date;
  last: Date;
  changed: Date;
  tables: boolean;
}

/** Child resources by the table that holds them, and the condition a row must meet. */
const CHILD_COVERAGE: readonly [AvailableKind, string][] = [
  ['events', 'SELECT match_id FROM match_events'],
  ['lineups', 'SELECT match_id FROM lineup_teams WHERE published'],
  ['statistics', 'SELECT match_id FROM match_statistics'],
  ['odds', 'SELECT match_id FROM odds'],
  ['exchange', 'SELECT match_id FROM exchange_odds'],
  ['regional', 'SELECT match_id FROM regional_boards'],
  ['aiBasic', "SELECT match_id FROM ai_reports WHERE published AND kind = 'basic'"],
  ['aiDeep', "SELECT match_id FROM ai_reports WHERE published AND kind = 'deep'"],
  ['tips', 'SELECT match_id FROM customer_tips'],
  ['handicap', "SELECT match_id FROM market_analyses WHERE market = 'hdp'"],
  ['overUnder', "SELECT match_id FROM market_analyses WHERE market = 'hilo'"],
  ['corners', 'SELECT match_id FROM corner_analyses'],
];

/** One grouped statement per resource: the competitions with at least one match having it. */
const COVERAGE_SQL = CHILD_COVERAGE.map(
  ([name, rows]) =>
    `SELECT DISTINCT m.competition_id, '${name}' AS resource
       FROM matches m JOIN (${rows}) r ON r.match_id = m.id`,
).join('\nUNION ALL\n');

/** A round whose matches play a table in a cup (src/analysis/standings/groups.ts). */
const TABLE_ROUND = `'^\\s*(group[\\s_]+[A-Za-z0-9]|league\\M)'`;

async function readCatalogue(read: SqlRead): Promise<Catalogue> {
  const [competitions, seasons, coverage, sources, deductions, changes] = await Promise.all([
    read<CompetitionRow>({
      text: `SELECT id, code, name_en, name_zh_cn, name_zh_hk, name_original, region::text AS region,
                    country, type::text AS type, tie_breaks
               FROM competitions ORDER BY id`,
      values: [],
    }),
    read<SeasonRow>({
      text: `SELECT competition_id, season, min(kickoff_utc) AS first, max(kickoff_utc) AS last,
                    max(updated_at) AS changed, bool_or(round ~* ${TABLE_ROUND}) AS tables
               FROM matches WHERE season IS NOT NULL GROUP BY competition_id, season`,
      values: [],
    }),
    read<{ competition_id: number; resource: CoverageName }>({ text: COVERAGE_SQL, values: [] }),
    read<{ competition_id: number; resource: string; source: string; licence: string }>({
      text: `SELECT competition_id, resource, source, licence FROM competition_sources
              ORDER BY competition_id, resource, source`,
      values: [],
    }),
    read<{ competition_id: number; season: number; changed: Date }>({
      text: `SELECT competition_id, season, max(created_at) AS changed FROM point_deductions
              GROUP BY competition_id, season`,
      values: [],
    }),
    read<{ reference: Date | null; children: Date | null }>({
      text: `SELECT (SELECT max(at) FROM change_log WHERE resource = 'reference') AS reference,
                    (SELECT max(changed_at) FROM match_versions) AS children`,
      values: [],
    }),
  ]);
  const deducted = new Map(
    deductions.map((d) => [`${d.competition_id}:${d.season}`, new Date(d.changed)]),
  );
  const byId = new Map<number, CompetitionSummary>();
  const tables = new Set<number>();
  for (const c of competitions) {
    byId.set(c.id, {
      id: c.id,
      code: c.code,
      names: names(c.name_en, c.name_zh_cn, c.name_zh_hk),
      nameOriginal: c.name_original,
      region: c.region,
      country: c.country,
      type: c.type,
      tieBreaks: tieBreaksOf(c.code, c.tie_breaks),
      seasons: [],
      coverage: Object.fromEntries(COVERAGE.map((k) => [k, false])) as Coverage,
      sources: [],
    });
  }
  for (const s of seasons) {
    const competition = byId.get(s.competition_id);
    const year = seasonYear(s.season);
    if (!competition || year === null) {
      continue;
    }
    if (s.tables) {
      tables.add(competition.id);
    }
    const first = new Date(s.first).toISOString().slice(0, 10);
    const last = new Date(s.last).toISOString().slice(0, 10);
    const changed = new Date(s.changed);
    const known = competition.seasons.find((x) => x.year === year);
    if (known) {
      known.labels.push(s.season);
      known.firstDay = first < known.firstDay ? first : known.firstDay;
      known.lastDay = last > known.lastDay ? last : known.lastDay;
      known.changedAt = changed > known.changedAt ? changed : known.changedAt;
    } else {
      const deduction = deducted.get(`${competition.id}:${year}`);
      competition.seasons.push({
        year,
        labels: [s.season],
        firstDay: first,
        lastDay: last,
        changedAt: deduction && deduction > changed ? deduction : changed,
      });
    }
  }
  for (const c of byId.values()) {
    c.seasons.sort((a, b) => a.year - b.year);
    c.coverage.standings = c.seasons.length > 0 && (c.type === 'league' || tables.has(c.id));
  }
  for (const row of coverage) {
    const competition = byId.get(row.competition_id);
    if (competition) {
      competition.coverage[row.resource] = true;
    }
  }
  for (const row of sources) {
    byId
      .get(row.competition_id)
      ?.sources.push({ resource: row.resource, source: row.source, licence: row.licence });
  }
  const change = changes[0];
  const referenceAt = change?.reference ? new Date(change.reference) : null;
  const list = [...byId.values()];
  return {
    competitions: list,
    byId,
    referenceAt,
    modified: lastModifiedOf(
      referenceAt,
      change?.children ? new Date(change.children) : null,
      ...list.flatMap((c) => c.seasons.map((s) => s.changedAt)),
      ...deducted.values(),
    ),
  };
}

/** The season a competition is in on `today` (YYYY-MM-DD): the latest begun, else the first. */
export function currentSeasonOf(c: CompetitionSummary, today: string): number | null {
  const begun = c.seasons.filter((s) => s.firstDay <= today);
  return (begun.at(-1) ?? c.seasons[0])?.year ?? null;
}

export function createCompetitionsService({
  read,
  events,
}: {
  read: SqlRead;
  events: Pick<EventBus, 'subscribe'>;
}) {
  const cache = createTaggedCache<Catalogue>(events, {
    maxBytes: 16 * 1024 * 1024,
    sizeOf: (c) => 512 * (c.competitions.length + 1),
    ttlMs: 60_000,
  });
  let pending: Promise<Catalogue> | null = null;

  /** The catalogue as stored now; one read at a time however many requests ask. */
  function catalogue(): Catalogue | Promise<Catalogue> {
    const hit = cache.get('catalogue');
    if (hit) {
      return hit;
    }
    if (!pending) {
      const since = cache.mark();
      pending = readCatalogue(read)
        .then((c) => {
          cache.set('catalogue', c, [tags.catalogue], since);
          return c;
        })
        .finally(() => {
          pending = null;
        });
    }
    return pending;
  }

  return {
    catalogue: async () => catalogue(),
    /** The competitions list's `Last-Modified` (answered without waiting when cached). */
    listModified(): LastModified | null | Promise<LastModified | null> {
      const c = catalogue();
      return c instanceof Promise ? c.then((x) => x.modified) : c.modified;
    },
  };
}

export type CompetitionsService = ReturnType<typeof createCompetitionsService>;
