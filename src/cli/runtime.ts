import type { ManagementServices } from '../accounts/management.js';
import type { AccountMail } from '../accounts/web-accounts.js';
import type { Database } from '../db/database.js';
import type { FeedSummary } from '../ingest/feed/run.js';
import type { FeedSource } from '../ingest/feed/sources.js';
import type { ReplaySummary } from '../ingest/replay/run.js';
import type { ReplayTimeline } from '../ingest/replay/timeline.js';
import type { Unmatched } from '../ingest/sync/identity/mapping.js';
import type { SourceListing } from '../ingest/sync/listing.js';
import type { SyncOptions, SyncSummary } from '../ingest/sync/runner.js';

export type Progress = (message: string) => void;

/** One document of `touchline documents add` (docs/graphql.md "Trusted documents"). */
interface DocumentAdded {
  file: string;
  /** The SHA-256 of its printed text: what a persisted query names it by. */
  hash: string;
  operations: string[];
  /** False when the manifest held it already. */
  added: boolean;
}

export interface DocumentsAdded {
  /** The manifest's absolute path. */
  manifest: string;
  documents: DocumentAdded[];
  /** Documents in the manifest now. */
  total: number;
}

export interface DocumentsListed {
  manifest: string;
  documents: { hash: string; operations: string[] }[];
  total: number;
}

/**
 * What the command-line door is given by the composition root (app/cli-runtime.ts): the
 * configured database, the management services over it, and the announcement of changes to
 * running servers. Commands never read the configuration or open anything themselves.
 */
export interface CliRuntime {
  /**
   * Brings the configured database to the committed migrations. The schema engine starts only
   * when `_prisma_migrations` lacks one of them. Returns the migrations applied now.
   */
  migrate(progress?: Progress): Promise<{ applied: string[]; database: Database['kind'] }>;
  /** Opens the configured database (migrated, plans seeded), runs `fn`, always closes it. */
  withDatabase<T>(fn: (database: Database) => Promise<T>, progress?: Progress): Promise<T>;
  /** The same for commands that change football data: running servers are told afterwards. */
  withDataChange<T>(fn: (database: Database) => Promise<T>, progress?: Progress): Promise<T>;
  /**
   * The management services (the same the admin API uses) over the configured database; their
   * changes are announced to running servers (revocation at once, DECISIONS.md "Access").
   * `counters`: also read the live counters (`touchline usage`).
   */
  /**
   * Runs the demo's live engine on the configured database (docs/live.md) until `stop` settles;
   * running servers hear of every tick that wrote something. Reports each such tick.
   */
  live(options: {
    stop: Promise<unknown>;
    progress: Progress;
  }): Promise<{ ticks: number; changes: number }>;
  /**
   * Applies a provider feed (docs/feed-format.md) to the configured database as the one writer,
   * until the source ends or `signal` aborts; running servers hear of every batch that wrote.
   */
  feed(options: {
    source: FeedSource;
    signal: AbortSignal;
    progress: Progress;
  }): Promise<FeedSummary>;
  /**
   * Plays a recorded match (docs/feed-format.md "Replay") into the configured database as the
   * one writer, each step at `kickoffMs + atMs / speed`, until full time or `signal` aborts;
   * running servers hear of every step that wrote.
   */
  replay(options: {
    timeline: ReplayTimeline;
    kickoffMs: number;
    speed: number;
    signal: AbortSignal;
    progress: Progress;
  }): Promise<ReplaySummary>;
  /**
   * The trusted GraphQL documents' manifest, TRUSTED_DOCUMENTS (docs/graphql.md "Trusted
   * documents"): `add` validates every .graphql file named (or found in a folder) against the
   * schema and merges them into it, all or none; `list` reads it. Bad input is a UsageError.
   */
  documents: {
    add(paths: readonly string[]): Promise<DocumentsAdded>;
    list(): Promise<DocumentsListed>;
  };
  /**
   * Sends an account mail (English) through SMTP_URL and resolves once the server took it.
   * Without SMTP_URL nothing is sent: the link is returned for the operator to pass on.
   */
  sendAccountMail(mail: AccountMail): Promise<{ sent: boolean; link?: string }>;
  /**
   * Runs `touchline sync SOURCE` (docs/sources.md) on the configured database as the one writer
   * until `signal` aborts (or after one pass); running servers hear of every pass that wrote.
   * An unknown source or a missing credential is a UsageError.
   */
  sync(options: {
    source: string;
    follow: boolean;
    scope: SyncOptions['scope'];
    budget: string | undefined;
    pollMs: number | undefined;
    json: boolean;
    signal: AbortSignal;
    progress: Progress;
  }): Promise<SyncSummary>;
  /** Every source with its health (`touchline sources`). */
  sources(): Promise<SourceListing[]>;
  /** What sources brought that matched nothing (`touchline map`), and the operator's answers. */
  map: {
    list(source?: string): Promise<Unmatched[]>;
    link(link: {
      source: string;
      kind: Unmatched['kind'];
      sourceId: string;
      entityId: number;
    }): Promise<Unmatched>;
    create(what: {
      source: string;
      kind: Unmatched['kind'];
      sourceId: string;
    }): Promise<{ id: number }>;
    seed(paths: readonly string[]): Promise<{ groups: number; names: number; added: number }>;
  };
  withManagement<T>(
    fn: (services: ManagementServices) => Promise<T>,
    options: { counters: boolean; progress: Progress },
  ): Promise<T>;
}
