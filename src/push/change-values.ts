import { createBoundedCache } from '../cache/bounded-cache.js';
import type { Services } from '../deps.js';
import { ApiError } from '../errors/api-error.js';
import type { ChangeResource } from '../football/vocabulary.js';
import type { Language } from '../i18n/language.js';
import type { LoggedChange } from '../ingest/changes/change-log.js';
import type { MatchRecord } from '../services/match-record.js';
import { presentMatch } from '../wire/presenters/match.js';
import {
  presentEvents,
  presentLineups,
  presentStatistics,
} from '../wire/presenters/match-details.js';
import { presentMatchOdds, presentRegionalBoard } from '../wire/presenters/odds.js';

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

function readers(services: Services, assetsUrl: string): Record<ChangeResource, ValueOf> {
  const odds = async (id: number) => presentMatchOdds(await services.odds.getForMatch(id));
  return {
    detail: async (id, language) =>
      presentMatch(await services.matches.getById(id), { language, assetsUrl }),
    events: async (id) => presentEvents(await services.matchEvents.eventsForMatch(id)),
    statistics: async (id) => presentStatistics(await services.matchEvents.statisticsForMatch(id)),
    lineups: async (id) => presentLineups(await services.lineups.lineupsForMatch(id)),
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
export function createChangeValues(services: Services, assetsUrl: string) {
  const read = readers(services, assetsUrl);
  const kept = createBoundedCache<{ value: Promise<unknown> }>({
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
  /** The match just after the change (null: the match is gone). */
  const matchAt = (matchId: number, seq: bigint): Promise<MatchRecord | null> =>
    memo(`match|${matchId}|${seq}`, () => orNull(() => services.matches.getById(matchId)));
  const currentValue = (change: LoggedChange, language: Language): Promise<unknown> => {
    const { matchId } = change;
    if (matchId === null || (change.kind === 'delete' && change.resource === 'detail')) {
      return Promise.resolve(null);
    }
    return memo(`${change.seq}|${language}`, () =>
      orNull(() => read[change.resource](matchId, language)),
    );
  };
  return {
    valueOf: currentValue,
    /** A `change` event's data as streams send it: serialized once per change and language. */
    dataOf(change: LoggedChange, language: Language): Promise<string> {
      return memo(`data|${change.seq}|${language}`, async () =>
        JSON.stringify({
          seq: String(change.seq),
          matchId: change.matchId,
          resource: change.resource,
          kind: change.kind,
          at: change.at.toISOString(),
          value: await currentValue(change, language),
        }),
      );
    },
    matchAt,
    close: () => kept.close(),
  };
}

export type ChangeValues = ReturnType<typeof createChangeValues>;
