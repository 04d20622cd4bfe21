import { MIN_TIPS_EXCLUSIVE } from '../analysis/tips-distribution.js';
import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import type { ChangeResource } from './vocabulary.js';

/**
 * Which child resources a match has (GraphQL `Match.available`, issue 49): a free field of the
 * match, so a client never pays a child route to find it empty. Each kind is true exactly when
 * its REST route would answer with data rather than a 404 or an empty list: events, statistics
 * and odds rows; both lineup sheets published; an exchange document; a regional board; a
 * published AI report of the kind (in any language: the route falls back); a tips group above
 * the sample minimum; the stored analyses.
 *
 * One statement per kind for any number of matches (a DataLoader per kind batches a page).
 */
export const AVAILABLE_KINDS = [
  'events',
  'lineups',
  'statistics',
  'odds',
  'exchange',
  'regional',
  'aiBasic',
  'aiDeep',
  'tips',
  'handicap',
  'overUnder',
  'corners',
] as const;
export type AvailableKind = (typeof AVAILABLE_KINDS)[number];

/** The change-log resource each kind belongs to (the read cache's tag). */
export const RESOURCE_OF: Record<AvailableKind, ChangeResource> = {
  events: 'events',
  lineups: 'lineups',
  statistics: 'statistics',
  odds: 'odds',
  exchange: 'exchange',
  regional: 'regional',
  aiBasic: 'analysis',
  aiDeep: 'analysis',
  tips: 'analysis',
  handicap: 'analysis',
  overUnder: 'analysis',
  corners: 'analysis',
};

type Ids = readonly number[];
const ids = (matchIds: Ids) => Prisma.sql`${[...matchIds]}::int[]`;

/** `SELECT DISTINCT match_id` of one table, for the matches asked. */
const present = (table: string, matchIds: Ids, also = Prisma.empty) => Prisma.sql`
  SELECT DISTINCT match_id AS id FROM ${Prisma.raw(table)}
   WHERE match_id = ANY(${ids(matchIds)}) ${also}`;

const STATEMENTS: Record<AvailableKind, (matchIds: Ids) => Prisma.Sql> = {
  events: (m) => present('match_events', m),
  statistics: (m) => present('match_statistics', m),
  odds: (m) => present('odds', m),
  exchange: (m) => present('exchange_odds', m),
  regional: (m) => present('regional_boards', m),
  lineups: (m) => Prisma.sql`
    SELECT match_id AS id FROM lineup_teams
     WHERE match_id = ANY(${ids(m)}) AND published
     GROUP BY match_id HAVING count(*) = 2`,
  aiBasic: (m) => present('ai_reports', m, Prisma.sql`AND kind = 'basic' AND published`),
  aiDeep: (m) => present('ai_reports', m, Prisma.sql`AND kind = 'deep' AND published`),
  tips: (m) => Prisma.sql`
    SELECT DISTINCT match_id AS id FROM (
      SELECT match_id FROM customer_tips WHERE match_id = ANY(${ids(m)})
       GROUP BY match_id, bet_type, line HAVING count(*) > ${MIN_TIPS_EXCLUSIVE}) g`,
  handicap: (m) => present('market_analyses', m, Prisma.sql`AND market = 'hdp'`),
  overUnder: (m) => present('market_analyses', m, Prisma.sql`AND market = 'hilo'`),
  corners: (m) => present('corner_analyses', m),
};

export function createAvailabilityService({ read }: { read: SqlRead }) {
  /** The matches among `matchIds` that have a `kind` child: one statement. */
  async function matchesWith(kind: AvailableKind, matchIds: Ids): Promise<Map<number, true>> {
    if (matchIds.length === 0) {
      return new Map();
    }
    const rows = await read<{ id: number }>(STATEMENTS[kind](matchIds));
    return new Map(rows.map((r) => [r.id, true]));
  }
  return { matchesWith };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
