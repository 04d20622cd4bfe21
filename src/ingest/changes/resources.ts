import type { ChangeResource } from '../../changes/change-log.js';
import type { ImportFileName } from '../format.js';

/**
 * The resources a change record names (docs/feed-format.md): the import format's files, by the
 * file's name without `.ndjson`, each with the fields of its key (what a `delete` gives) and
 * what the change log records for it.
 */
export const FEED_RESOURCES = {
  competitions: { file: 'competitions.ndjson', key: ['id'], logged: 'reference' },
  teams: { file: 'teams.ndjson', key: ['id'], logged: 'reference' },
  players: { file: 'players.ndjson', key: ['id'], logged: 'reference' },
  bookmakers: { file: 'bookmakers.ndjson', key: ['id'], logged: 'reference' },
  matches: { file: 'matches.ndjson', key: ['id'], logged: 'detail' },
  events: { file: 'events.ndjson', key: ['matchId', 'seq'], logged: 'events' },
  statistics: { file: 'statistics.ndjson', key: ['matchId', 'type'], logged: 'statistics' },
  lineups: { file: 'lineups.ndjson', key: ['matchId', 'side'], logged: 'lineups' },
  odds: { file: 'odds.ndjson', key: ['matchId', 'bookmakerId', 'market'], logged: 'odds' },
  movements: {
    file: 'movements.ndjson',
    key: ['matchId', 'market', 'bookmakerId', 'seq'],
    logged: 'movement',
  },
  exchange: { file: 'exchange.ndjson', key: ['matchId'], logged: 'exchange' },
  regional: { file: 'regional.ndjson', key: ['matchId'], logged: 'regional' },
  'ai-reports': {
    file: 'ai-reports.ndjson',
    key: ['matchId', 'kind', 'language'],
    logged: 'analysis',
  },
  tips: { file: 'tips.ndjson', key: ['matchId', 'seq'], logged: 'analysis' },
} as const satisfies Record<
  string,
  { file: ImportFileName; key: readonly string[]; logged: ChangeResource }
>;

export type FeedResource = keyof typeof FEED_RESOURCES;

export const FEED_RESOURCE_NAMES = Object.keys(FEED_RESOURCES) as FeedResource[];

/** The resource of each import-format file. */
export const RESOURCE_OF_FILE: ReadonlyMap<ImportFileName, FeedResource> = new Map(
  FEED_RESOURCE_NAMES.map((r) => [FEED_RESOURCES[r].file, r]),
);

/** The key fields of a record of `resource` (what a delete of it carries). */
export function keyOf(
  resource: FeedResource,
  record: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const key: Record<string, unknown> = {};
  for (const field of FEED_RESOURCES[resource].key) {
    key[field] = record[field];
  }
  return key;
}
