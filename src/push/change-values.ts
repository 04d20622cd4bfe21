import { createBoundedCache } from '../cache/bounded-cache.js';
import type { LoggedChange } from '../changes/change-log.js';
import type { Services } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import type { MatchRecord } from '../football/match-record.js';
import type { ChangeResource } from '../football/vocabulary.js';
import type { Language } from '../i18n/language.js';
import { presentMatch } from '../wire/presenters/match.js';
import { presentEvents, presentStatistics } from '../wire/presenters/match-details.js';
import { presentRegionalBoard } from '../wire/presenters/odds.js';
import { createStandingsValues } from './standings-values.js';

/** What a resource shows now, in the contract's shapes (null: nothing, or gone). */
type ValueOf = (matchId: number, language: Language) => Promise<unknown>;

/** A missing resource (404 on REST) is a null value; anything else is an error. */
async function orNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return null;
    }
    throw error;
  }
}

const parsed = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * Every resource's reader but the detail's (the match is read once per change: `matchAt`): the
 * REST routes' own reads and builders, so a pushed value is the REST `data` byte for byte.
 */
function readers(services: Services): Record<Exclude<ChangeResource, 'detail'>, ValueOf> {
  const odds = (id: number) => services.odds.getWireForMatch(id);
  return {
    events: async (id) => presentEvents(await services.matchEvents.eventsForMatch(id)),
    statistics: async (id) => presentStatistics(await services.matchEvents.statisticsForMatch(id)),
    lineups: (id) => services.lineups.wireForMatch(id),
    odds,
    // The movement's latest prices are each tracked bookmaker's closing prices.
    movement: odds,
    exchange: async (id) => {
      const text = (await services.exchangeOdds.getTextsForMatches([id])).get(id);
      try {
        return text === undefined ? null : (JSON.parse(text) as unknown);
      } catch {
        // A malformed upstream document (REST: 502) has no value to show; the stream goes on.
        return null;
      }
    },
    regional: async (id) => presentRegionalBoard(await services.regionalBoards.getForMatch(id)),
    analysis: async (id) => ({
      handicap: parsed(await orNull(() => services.analyses.getMarketText(id, 'hdp'))),
      overUnder: parsed(await orNull(() => services.analyses.getMarketText(id, 'hilo'))),
      corners: parsed(await orNull(() => services.analyses.getCornerText(id))),
    }),
    reference: async () => null,
  };
}

/**
 * The values push streams send with each change (docs/push.md): read once per change and
 * language however many streams carry it (kept briefly, bounded), read after the change
 * committed, so a value is never older than its change.
 */
export function createChangeValues(
  services: Services,
  assetsUrl: string,
  /** How far this instance has read the change log (every entry up to it has committed). */
  readUpTo: () => bigint,
) {
  const read = readers(services);
  const standings = createStandingsValues(services, readUpTo);
  const kept = createBoundedCache<{ value: Promise<unknown>; upTo?: bigint }>({
    maxBytes: 16 * 1024 * 1024,
    sizeOf: () => 2048,
    ttlMs: 10_000,
  });
  /** `compute` once per key while it is kept (a failure is not kept). */
  const memo = <T>(key: string, compute: () => Promise<T>): Promise<T> => {
    const hit = kept.get(key);
    if (hit) {
      return hit.value as Promise<T>;
    }
    const value = compute();
    kept.set(key, { value });
    value.catch(() => kept.delete(key));
    return value;
  };
  /**
   * The match just after the change (null: the match is gone): read once per write, not per
   * entry (a read made once the log was read up to a point is fresh for every entry up to it),
   * and shared by the change's value, the live filters and the GraphQL subscribers' match.
   */
  const matchAt = (matchId: number, seq: bigint): Promise<MatchRecord | null> => {
    const key = `match|${matchId}`;
    const latest = kept.get(key) as
      | { value: Promise<MatchRecord | null>; upTo: bigint }
      | undefined;
    if (latest && latest.upTo >= seq) {
      return latest.value;
    }
    const upTo = readUpTo() > seq ? readUpTo() : seq;
    const value = orNull(() => services.matches.getById(matchId));
    kept.set(key, { value, upTo });
    value.catch(() => kept.delete(key));
    return value;
  };
  const currentValue = (change: LoggedChange, language: Language): Promise<unknown> => {
    const { matchId } = change;
    if (matchId === null || (change.kind === 'delete' && change.resource === 'detail')) {
      return Promise.resolve(null);
    }
    const { resource } = change;
    return memo(`${change.seq}|${language}`, async () => {
      if (resource === 'detail') {
        const match = await matchAt(matchId, change.seq);
        return match && presentMatch(match, { language, assetsUrl });
      }
      return orNull(() => read[resource](matchId, language));
    });
  };
  return {
    valueOf: currentValue,
    /**
     * A `change` event as SSE streams send it, encoded once per change and language however
     * many streams carry it (the streams write these bytes as they are).
     */
    eventOf(change: LoggedChange, language: Language): Promise<Buffer> {
      return memo(`event|${change.seq}|${language}`, async () => {
        const data = JSON.stringify({
          seq: String(change.seq),
          matchId: change.matchId,
          resource: change.resource,
          kind: change.kind,
          at: change.at.toISOString(),
          value: await currentValue(change, language),
        });
        return Buffer.from(`id: ${change.seq}\nevent: change\ndata: ${data}\n\n`);
      });
    },
    matchAt,
    /** Competitions' live standings (issue 49). */
    standings,
    close: () => {
      kept.close();
      standings.close();
    },
  };
}

export type ChangeValues = ReturnType<typeof createChangeValues>;
