import DataLoader from 'dataloader';
import type { AnalysisMarket } from '../../analysis/market-types.js';
import { tags } from '../../changes/change-summary.js';
import type { Services } from '../../deps.js';
import type { ReportKind } from '../../football/analysis/ai-report.js';
import { type AvailableKind, RESOURCE_OF } from '../../football/match-availability.js';
import type { MatchRecord } from '../../football/match-record.js';
import {
  listWindow,
  type MatchFilter,
  type MatchListQuery,
  type MatchPage,
} from '../../football/matches.js';
import type { BookmakerRef } from '../../football/odds/movement.js';
import type { OddsMarket } from '../../football/odds/odds-prices.js';
import type { ScorersRequest } from '../../football/scorers.js';
import type { StandingsRequest } from '../../football/standings.js';
import type { TeamMatchesQuery } from '../../football/team-matches.js';
import { CHANGE_RESOURCES, type ChangeResource } from '../../football/vocabulary.js';
import type { Language } from '../../i18n/language.js';
import type { ReadCache } from './read-cache.js';

type BatchRead<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

interface Shared<K, V> {
  cache: ReadCache | undefined;
  /** The relation (and its arguments): the cache key's prefix. */
  relation: string;
  /** What a read shows (change-summary.ts `tags`): its cache entry's tags. */
  tagsOf: (key: K, value: V) => string[];
  /** Every read's tags, hit or miss: what the whole operation showed (its cache entry's tags). */
  shown: Set<string>;
}

/** A match's own resources (every one but reference data). */
const MATCH_RESOURCES = CHANGE_RESOURCES.filter((r) => r !== 'reference');

/** Tags of a read of one match's resource, keyed by the match id. */
const ofMatch =
  (resource: ChangeResource) =>
  (id: number): string[] => [tags.match(id, resource)];

/**
 * A DataLoader over a batch reader that answers with a map; absent keys load `fallback`. With a
 * shared read cache, only the keys it does not hold are read (in one batch, as before).
 */
function loaderOf<K, V, F = V>(
  read: BatchRead<K, V>,
  fallback: F,
  shared: Shared<K, V | F>,
  keyOf: (key: K) => string = String,
): DataLoader<K, V | F> {
  const cacheKey = (key: K) => `${shared.relation}|${keyOf(key)}`;
  const note = (key: K, value: V | F) => {
    const found = shared.tagsOf(key, value);
    for (const tag of found) {
      shared.shown.add(tag);
    }
    return found;
  };
  return new DataLoader(
    async (keys) => {
      const values: (V | F)[] = new Array(keys.length);
      const missing: number[] = [];
      keys.forEach((key, i) => {
        const hit = shared.cache?.get(cacheKey(key));
        if (hit) {
          values[i] = hit.value as V | F;
          note(key, values[i]);
        } else {
          missing.push(i);
        }
      });
      if (missing.length > 0) {
        const wanted = missing.map((i) => keys[i] as K);
        const since = shared.cache?.mark() ?? 0;
        const found = await read(wanted);
        missing.forEach((i, n) => {
          const key = wanted[n] as K;
          const value = found.has(key) ? (found.get(key) as V) : fallback;
          values[i] = value;
          shared.cache?.set(cacheKey(key), value, note(key, value), since);
        });
      }
      return values;
    },
    { cacheKeyFn: keyOf },
  );
}

/** Loaders keyed by arguments (movement per market and bookmaker, reports per language). */
function family<A, L>(create: (argument: A) => L, keyOf: (argument: A) => string) {
  const loaders = new Map<string, L>();
  return (argument: A): L => {
    const key = keyOf(argument);
    const existing = loaders.get(key);
    if (existing) {
      return existing;
    }
    const loader = create(argument);
    loaders.set(key, loader);
    return loader;
  };
}

/** Tags of a page of matches: every list, the lists of its day, and each match it shows. */
function pageTags(key: string, page: MatchPage | null): string[] {
  const query = JSON.parse(key) as MatchListQuery;
  const { from, to } = listWindow(query);
  return [
    tags.anyDay,
    ...tags.window(from, to),
    ...(page?.items ?? []).map((m) => tags.match(m.id, 'detail')),
  ];
}

/** Tags of a head-to-head: its teams' histories and the target match itself. */
const h2hTags = (target: MatchRecord): string[] => [
  tags.anyH2h,
  tags.team(target.home.id),
  tags.team(target.away.id),
  tags.match(target.id, 'detail'),
];

/** What a request's loaders read through: the services, and the read cache with its tags. */
interface LoaderScope {
  services: Services;
  shared: <K, V>(relation: string, tagsOf: (key: K, value: V) => string[]) => Shared<K, V>;
}

/** One list query per distinct key (lists do not batch), read through the shared cache. */
const eachOf =
  <Q, V>(read: (query: Q) => Promise<V>) =>
  async (keys: readonly string[]) =>
    new Map(await Promise.all(keys.map(async (k) => [k, await read(JSON.parse(k) as Q)] as const)));

/** The services' readers are only asked for matches that exist (the parent is a loaded record). */
const known = { matchesKnown: true } as const;

/**
 * Per-request DataLoaders: every child of `Match` resolves through one, so a page of matches costs
 * one statement per relation, whatever its size. Children are only asked for matches that exist
 * (the parent is a loaded record), so no loader re-checks existence. `shared(...).shown` collects
 * what every read showed (the operation cache's tags).
 */
const LOADERS = {
  /** Keyed by the JSON of a validated list query (date resolved). */
  page: ({ services, shared }: LoaderScope) =>
    loaderOf(
      eachOf((q: MatchListQuery) => services.matches.list(q)),
      null,
      shared('page', pageTags),
    ),
  /** Keyed by the JSON of a match filter. */
  live: ({ services, shared }: LoaderScope) =>
    loaderOf(
      eachOf((f: MatchFilter) => services.matches.listLive(f)),
      [],
      shared<string, MatchRecord[]>('live', () => [tags.live]),
    ),
  /** Issue 49: teams' pages by id; shown until a change of one of the team's matches. */
  teamProfile: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.teamCatalogue.getProfiles(ids),
      null,
      shared('teamProfile', (id: number) => [tags.teamMatches(id), tags.anyTeamMatches]),
    ),
  /** Keyed by the JSON of a validated team matches query. */
  teamMatches: ({ services, shared }: LoaderScope) =>
    loaderOf(
      eachOf((q: TeamMatchesQuery) => services.teamCatalogue.listMatches(q)),
      null,
      shared('teamMatches', (key: string, page: MatchPage | null) => [
        tags.teamMatches((JSON.parse(key) as TeamMatchesQuery).teamId),
        tags.anyTeamMatches,
        ...(page?.items ?? []).map((m) => tags.match(m.id, 'detail')),
      ]),
    ),
  match: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.matches.getByIds(ids),
      null,
      shared('match', ofMatch('detail')),
    ),
  /** The last change of the match or any child (every resource of it shows it). */
  updatedAt: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.versions.lastChanged(ids),
      null,
      shared('updatedAt', (id: number) =>
        MATCH_RESOURCES.map((resource) => tags.match(id, resource)),
      ),
    ),
  // Teams and competitions are reference data: any change of it evicts every cached read
  // (change-summary.ts `evictedBy`), so their reads need no tag of their own.
  team: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.teams.getByIds(ids),
      null,
      shared('team', () => []),
    ),
  competition: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.teams.getCompetitionsByIds(ids),
      null,
      shared('competition', () => []),
    ),
  /** Players are reference data too (logged as `reference`): no tag of their own. */
  player: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.players.getByIds(ids),
      null,
      shared('player', () => []),
    ),
  /** The competitions catalogue (GET /competitions): one read per operation, kept till a row change. */
  catalogue: ({ services, shared }: LoaderScope) =>
    loaderOf(
      async (keys: readonly 'all'[]) => {
        const catalogue = await services.competitions.catalogue();
        return new Map(keys.map((k) => [k, catalogue]));
      },
      null,
      shared('catalogue', () => [tags.catalogue]),
    ),
  /**
   * Standings keyed by the JSON of `{ competitionId, season, live }`: every table of an operation
   * in one batch of three statements; an unknown competition or season loads its ApiError.
   */
  standings: ({ services, shared }: LoaderScope) =>
    loaderOf(
      async (keys: readonly string[]) => {
        const requests = keys.map((k) => JSON.parse(k) as StandingsRequest);
        const answers = await services.standings.standingsFor(requests);
        return new Map(keys.map((k, i) => [k, answers[i] ?? null]));
      },
      null,
      shared('standings', (key: string) => [
        tags.competition((JSON.parse(key) as StandingsRequest).competitionId),
        tags.anyCompetition,
      ]),
    ),
  /** Scorers keyed by the JSON of `{ competitionId, season }`: an operation's in one statement. */
  scorers: ({ services, shared }: LoaderScope) =>
    loaderOf(
      async (keys: readonly string[]) => {
        const answers = await services.scorers.scorersFor(
          keys.map((k) => JSON.parse(k) as ScorersRequest),
        );
        return new Map(keys.map((k, i) => [k, answers[i] ?? null]));
      },
      null,
      shared('scorers', (key: string) => [
        tags.competition((JSON.parse(key) as ScorersRequest).competitionId),
        tags.anyScorers,
      ]),
    ),
  /** Every bookmaker (GET /odds/bookmakers), read once per operation. */
  bookmakers: ({ services }: LoaderScope) =>
    new DataLoader(async (keys: readonly 'all'[]) => {
      const all = await services.bookmakers.list();
      return keys.map(() => all);
    }),
  events: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.matchEvents.eventsForMatches(ids),
      [],
      shared('events', ofMatch('events')),
    ),
  statistics: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.matchEvents.statisticsForMatches(ids),
      [],
      shared('statistics', ofMatch('statistics')),
    ),
  /** The REST payload of GET /matches/{id}/lineups; null until both sheets are published. */
  lineups: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.lineups.wireForMatches(ids),
      null,
      shared('lineups', ofMatch('lineups')),
    ),
  h2h: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (targets: readonly MatchRecord[]) =>
        services.headToHead
          .h2hForRecords(new Map(targets.map((t) => [t.id, t])))
          .then((found) => new Map(targets.map((t) => [t, found.get(t.id) ?? null]))),
      null,
      shared('h2h', h2hTags),
      (match) => String(match.id),
    ),
  /** The REST payload of GET /matches/{id}/odds. */
  odds: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.odds.getWireForMatches(ids),
      [],
      shared('odds', ofMatch('odds')),
    ),
  exchange: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.exchangeOdds.getTextsForMatches(ids),
      null,
      shared('exchange', ofMatch('exchange')),
    ),
  kelly: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.kellyIndex.getForMatches(ids, known),
      null,
      shared('kelly', ofMatch('odds')),
    ),
  regional: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.regionalBoards.getForMatches(ids),
      null,
      shared('regional', ofMatch('regional')),
    ),
  tips: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.tipsDistribution.getForMatches(ids, known),
      [],
      shared('tips', ofMatch('analysis')),
    ),
  movement: ({ services, shared }: LoaderScope) =>
    family(
      ({ market, bookmaker }: { market: OddsMarket; bookmaker: BookmakerRef }) =>
        loaderOf(
          async (ids: readonly number[]) => {
            const found = await services.oddsMovements.findBookmaker(bookmaker);
            return found
              ? services.oddsMovements.getForMatches(ids, market, found)
              : new Map<number, never>();
          },
          null,
          shared(`movement|${market}|${JSON.stringify(bookmaker)}`, ofMatch('movement')),
        ),
      (a) => JSON.stringify(a),
    ),
  aiReport: ({ services, shared }: LoaderScope) =>
    family(
      ({ kind, language }: { kind: ReportKind; language: Language }) =>
        loaderOf(
          (ids: readonly number[]) => services.aiReports.getForMatches(ids, kind, language),
          null,
          shared(`ai|${kind}|${language}`, ofMatch('analysis')),
        ),
      (a) => `${a.kind}|${a.language}`,
    ),
  marketAnalysis: ({ services, shared }: LoaderScope) =>
    family(
      (market: AnalysisMarket) =>
        loaderOf(
          (ids: readonly number[]) => services.analyses.getMarketTextsForMatches(ids, market),
          null,
          shared(`analysis|${market}`, ofMatch('analysis')),
        ),
      (market) => market,
    ),
  corners: ({ services, shared }: LoaderScope) =>
    loaderOf(
      (ids: readonly number[]) => services.analyses.getCornerTextsForMatches(ids),
      null,
      shared('corners', ofMatch('analysis')),
    ),
  /** `Match.available`: whether a match has a kind of child; one statement per kind and page. */
  available: ({ services, shared }: LoaderScope) =>
    family(
      (kind: AvailableKind) =>
        loaderOf(
          (ids: readonly number[]) => services.availability.matchesWith(kind, ids),
          false,
          shared(`available|${kind}`, ofMatch(RESOURCE_OF[kind])),
        ),
      (kind) => kind,
    ),
};

type LoaderName = keyof typeof LOADERS;
export type Loaders = { readonly [N in LoaderName]: ReturnType<(typeof LOADERS)[N]> };

/** A request's loaders: each is made the first time its operation asks for it. */
class RequestLoaders {
  readonly made: unknown[] = [];
  constructor(readonly scope: LoaderScope) {}
}
for (const [index, name] of (Object.keys(LOADERS) as LoaderName[]).entries()) {
  Object.defineProperty(RequestLoaders.prototype, name, {
    get(this: RequestLoaders) {
      this.made[index] ??= LOADERS[name](this.scope);
      return this.made[index];
    },
  });
}

/** The loaders of one operation (or one subscription event), over the shared read cache. */
export function createLoaders(
  services: Services,
  cache?: ReadCache,
  shown = new Set<string>(),
): Loaders {
  const shared = <K, V>(relation: string, tagsOf: (key: K, value: V) => string[]) => ({
    cache,
    relation,
    tagsOf,
    shown,
  });
  return new RequestLoaders({ services, shared }) as unknown as Loaders;
}
