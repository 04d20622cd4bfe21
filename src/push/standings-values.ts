import { createBoundedCache } from '../cache/bounded-cache.js';
import type { Services } from '../deps.js';
import type { StandingsAnswer } from '../football/standings.js';
import type { Language } from '../i18n/language.js';
import { presentStandings } from '../wire/presenters/competitions.js';

/**
 * The live standings push streams send (issue 49, docs/push.md): a competition's live tables
 * after a change, read and computed once per competition and write however many streams carry
 * them, and encoded once per language (the REST route's `data`, byte for byte).
 */
export function createStandingsValues(
  services: Pick<Services, 'standings'>,
  /** How far this instance has read the change log (every entry up to it has committed). */
  readUpTo: () => bigint,
) {
  const kept = createBoundedCache<{ value: Promise<unknown>; upTo?: bigint }>({
    maxBytes: 16 * 1024 * 1024,
    sizeOf: () => 8192,
    ttlMs: 10_000,
  });
  const keep = <T>(key: string, value: Promise<T>, upTo?: bigint) => {
    kept.set(key, upTo === undefined ? { value } : { value, upTo });
    value.catch(() => kept.delete(key));
    return value;
  };
  /**
   * The live tables of a competition's season (absent: its current one) just after change
   * `seq` (null: it has none now). Read once per write, as `matchAt` reads a match: a read made
   * once the log was read up to a point is fresh for every entry up to it.
   */
  const tablesAt = (
    competitionId: number,
    season: number | undefined,
    seq: bigint,
  ): Promise<StandingsAnswer | null> => {
    const key = `tables|${competitionId}|${season ?? ''}`;
    const latest = kept.get(key) as
      | { value: Promise<StandingsAnswer | null>; upTo: bigint }
      | undefined;
    if (latest && latest.upTo >= seq) {
      return latest.value;
    }
    const upTo = readUpTo() > seq ? readUpTo() : seq;
    const value = services.standings
      .standings({ competitionId, season, live: true }, true)
      // A competition left without a season has no table to show; the stream goes on.
      .catch(() => null);
    return keep(key, value, upTo);
  };
  return {
    tablesAt,
    /**
     * The `standings` event's data (the REST route's `data` as JSON text) after change `seq`,
     * encoded once per competition, change and language; null when it has no table now.
     */
    textAt(
      competitionId: number,
      season: number | undefined,
      seq: bigint,
      language: Language,
    ): Promise<string | null> {
      const key = `text|${competitionId}|${season ?? ''}|${seq}|${language}`;
      const hit = kept.get(key);
      if (hit) {
        return hit.value as Promise<string | null>;
      }
      const text = tablesAt(competitionId, season, seq).then((answer) =>
        answer ? JSON.stringify(presentStandings(answer, language)) : null,
      );
      return keep(key, text);
    },
    close: () => kept.close(),
  };
}

export type StandingsValues = ReturnType<typeof createStandingsValues>;
