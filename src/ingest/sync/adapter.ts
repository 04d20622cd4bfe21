import type { Static, TSchema } from 'typebox';
import type { SourceFacts } from './facts.js';

/**
 * The adapter kit (docs/sources.md "Adding a source"): a source is one object of this shape.
 * It reads its provider through `ProviderHttp` (which keeps the budget, retries, conditional
 * requests and validation) and maps what it read into facts. Ids, diffs, writes, health and
 * scheduling belong to the kit.
 */

/** What a provider answer describes: health and the 502 rule are kept per resource. */
export const SOURCE_RESOURCES = [
  'competitions',
  'teams',
  'matches',
  'events',
  'statistics',
  'lineups',
  'odds',
  'exchange',
] as const;
export type SourceResource = (typeof SOURCE_RESOURCES)[number];

/** One request of a pass; the answer is checked against `schema` before the adapter sees it. */
export interface ProviderRequest<S extends TSchema> {
  resource: SourceResource;
  /** Relative to the source's address: `competitions/PL/matches`. */
  path: string;
  query?: Readonly<Record<string, string | number | undefined>>;
  method?: 'GET' | 'POST';
  /** A JSON body (Betfair's API-NG takes POST). */
  body?: unknown;
  schema: S;
  /** Units of the budget it takes (The Odds API bills markets x regions); default 1. */
  cost?: number;
  /**
   * A documented rule the schema cannot say (API-Football answers a bad key with HTTP 200 and
   * an `errors` object): the reason to refuse the answer, or undefined.
   */
  refuse?: (answer: Static<S>) => string | undefined;
}

export interface ProviderHttp {
  /**
   * The checked answer, or null when the provider says nothing changed since the last one
   * (304 to a conditional request). Throws `SourceRefusal` or `SourceUnavailable`.
   */
  get<S extends TSchema>(request: ProviderRequest<S>): Promise<Static<S> | null>;
}

/** What a pass covers (chosen by the runner from the command line and the store). */
export interface PassScope {
  /**
   * `full`: fixtures, results and what is live for the chosen competitions and dates;
   * `live`: only the matches in `live`.
   */
  kind: 'full' | 'live';
  now: Date;
  /** Dates (YYYY-MM-DD, inclusive) for a backfill; none: the current season. */
  from?: string | undefined;
  to?: string | undefined;
  /** Season by its start year (2024 for 2024-25). */
  season?: number | undefined;
  /** The provider's competition codes or ids; none: the adapter's default list. */
  competitions?: readonly string[] | undefined;
  /**
   * Source ids of this source's matches that are live, kick off within 15 minutes, or ended
   * within the last three hours without a final result stored.
   */
  live: readonly string[];
  /** Files and folders, for sources that read files (the open-data converters). */
  paths: readonly string[];
}

/**
 * A documented error answer: the provider said no (a bad key, a spent quota, a plan limit),
 * which is not a malformed answer. `retryAfterMs`: when it may be asked again.
 */
export interface ProviderFailure {
  reason: string;
  credentialsRefused?: boolean;
  retryAfterMs?: number;
}

export interface SourceEnvironment {
  /** The variable that overrides the address, and the provider's documented address. */
  url: string;
  defaultUrl: string;
  /** Variables that must be set (values are secrets: never printed, logged or stored). */
  credentials: readonly string[];
}

/** Where a request's credentials go. */
export interface Credentials {
  headers: Readonly<Record<string, string>>;
  query: Readonly<Record<string, string>>;
}

export interface SourceAdapter {
  readonly name: string;
  /** The provider and API version, for listings: `football-data.org v4`. */
  readonly provider: string;
  /**
   * `fixtures`: its competitions, teams and matches are created when nothing matches them, and
   * its silence makes its live matches stale; `odds`: it only links to stored matches.
   */
  readonly role: 'fixtures' | 'odds';
  /** The provider's terms in one line, stored per competition it brings. */
  readonly licence: string;
  /** `10/minute`, `100/day`: the free plan's limit unless the operator gives `--budget`. */
  readonly defaultBudget: string | null;
  /** How often live matches are polled in `--follow`. */
  readonly liveIntervalMs: number;
  /** How often a full pass runs in `--follow` (default: daily for fixtures, hourly for odds). */
  readonly fullIntervalMs?: number;
  /** null for sources that read files. */
  readonly environment: SourceEnvironment | null;
  /** The credentials from the environment; throws `SourceConfigError` when one is missing. */
  credentials(env: Readonly<Record<string, string | undefined>>): Credentials;
  /**
   * Reads a provider's documented error answers (any status; API-Football's come with HTTP 200):
   * the failure, or undefined when the answer is not one. Without it, 401 and 403 are refused
   * credentials and other statuses say their number.
   */
  failureOf?(status: number, body: unknown): ProviderFailure | undefined;
  pass(scope: PassScope, http: ProviderHttp): Promise<SourceFacts>;
}

/** A source that cannot run as configured (a missing credential, a bad option). */
export class SourceConfigError extends Error {}

/**
 * A provider answer that does not parse or breaks its documented shape: refused, nothing of it
 * written, and counted against the resource (502 `upstream_malformed` while it is the newest).
 */
export class SourceRefusal extends Error {
  constructor(
    readonly source: string,
    readonly resource: SourceResource,
    /** The request's address with credentials removed. */
    readonly address: string,
    readonly reason: string,
  ) {
    super(`${source}: refused the answer of ${address}: ${reason}`);
  }
}

/**
 * The provider could not be read: unreachable, timed out or 5xx after the retries, a 429 past
 * the wait the kit allows, or credentials it refuses. Nothing is written.
 */
export class SourceUnavailable extends Error {
  constructor(
    readonly source: string,
    readonly address: string,
    readonly reason: string,
    /** The provider refused the credentials (401, 403): retrying will not help. */
    readonly credentialsRefused = false,
  ) {
    super(`${source}: ${address}: ${reason}`);
  }
}
