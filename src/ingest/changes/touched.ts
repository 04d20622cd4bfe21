import type { Change } from '../../changes/change-log.js';
import type { SearchKind, SearchTargets } from '../../search/term-store.js';
import type { ImportFileName } from '../format.js';
import { FEED_RESOURCES, RESOURCE_OF_FILE } from './resources.js';

/** The files whose records are named entities search finds (their terms are rewritten). */
const SEARCHED_FILES: Partial<Record<ImportFileName, SearchKind>> = {
  'competitions.ndjson': 'competition',
  'teams.ndjson': 'team',
  'players.ndjson': 'player',
};

/**
 * The match resources an import writes, collected while its records are checked: the import
 * logs one upsert per match and resource (docs/live.md "The change log"). It logs what the
 * import wrote, changed or not: an import is rare and large, and a needless entry only costs a
 * cache refresh, where a missing one would leave a cache stale.
 */
export class TouchedMatches {
  readonly #matches = new Map<string, Set<number>>();
  #reference = false;
  readonly #searched: Record<SearchKind, number[]> = { competition: [], team: [], player: [] };

  add(file: ImportFileName, record: Readonly<Record<string, unknown>>): void {
    const searched = SEARCHED_FILES[file];
    if (searched) {
      this.#searched[searched].push(record['id'] as number);
    }
    const feedResource = RESOURCE_OF_FILE.get(file);
    if (!feedResource) {
      return;
    }
    const resource = FEED_RESOURCES[feedResource].logged;
    if (resource === 'reference') {
      this.#reference = true;
      return;
    }
    const id = (file === 'matches.ndjson' ? record['id'] : record['matchId']) as number;
    let ids = this.#matches.get(resource);
    if (!ids) {
      ids = new Set();
      this.#matches.set(resource, ids);
    }
    ids.add(id);
  }

  /** The competitions, teams and players written: their search terms are rewritten. */
  searchTargets(): SearchTargets {
    return this.#searched;
  }

  changes(): Change[] {
    const out: Change[] = this.#reference
      ? [{ matchId: null, resource: 'reference', kind: 'upsert' }]
      : [];
    for (const [resource, ids] of this.#matches) {
      for (const matchId of ids) {
        out.push({ matchId, resource: resource as Change['resource'], kind: 'upsert' });
      }
    }
    return out;
  }
}
