import { performance } from 'node:perf_hooks';
import { coalescedReads } from '../db/coalesced-reads.js';
import type { SqlRead } from '../db/sql.js';
import { ApiError } from '../errors/api-error.js';
import type { MatchStatus } from '../football/vocabulary.js';
import { type MatchLink, readFreshnessRows, readMatchLinks } from './freshness-reads.js';
import { type FreshnessScope, NO_VERDICTS, Verdicts } from './verdicts.js';

/** How often the sources' state is read at most (a second: the heartbeat's resolution). */
const REFRESH_MS = 1000;

/**
 * The longest `Retry-After` of a 503: a source that speaks again is seen within a second, so a
 * client need not wait the whole budget (docs/sources/freshness.md).
 */
const MAX_RETRY_AFTER_SECONDS = 30;

interface SourceFreshnessOptions {
  /** Reads on the primary (the heartbeat may be written by another process). */
  read: SqlRead;
  /** SOURCE_STALE_AFTER. */
  staleAfterSeconds: number;
  /** The app's clock: the heartbeat is compared with it. */
  now: () => Date;
  /** Milliseconds that only move forward, for the refresh interval (tests freeze `now`). */
  monotonic?: () => number;
  refreshMs?: number;
}

/** What a list shows of a match: enough to judge it. */
interface ListedMatch {
  id: number;
  status: MatchStatus;
}

/**
 * The freshness engine of one process (DECISIONS.md "Sources": freshness): it knows, from the
 * database, which fixture sources are silent past SOURCE_STALE_AFTER while they own a live match,
 * and which sources' newest `matches` or `exchange` answer was refused, and turns a page of the
 * match lists or an exchange document into 503 `upstream_unavailable` or 502
 * `upstream_malformed` when it shows one of theirs. The state is read at most once a second, in
 * the background while nothing is wrong (a request never waits for it then, and pays one clock
 * read); a verdict that makes an error is never older than that second. With no source stale or
 * refused (the demo has none at all), `isQuiet` is true and no answer is judged further.
 */
export class SourceFreshness {
  /** Seconds a 503 asks the client to wait. */
  readonly retryAfterSeconds: number;
  private verdicts: Verdicts = NO_VERDICTS;
  /** When the current verdicts' read started (monotonic ms); undefined before the first. */
  private readAt: number | undefined = undefined;
  private reading: Promise<Verdicts> | undefined = undefined;
  private readonly monotonic: () => number;
  private readonly refreshMs: number;
  /** The sources of the matches asked for by every request of one turn, in one statement. */
  private readonly links: (ids: readonly number[]) => Promise<Map<number, MatchLink[]>>;

  constructor(private readonly options: SourceFreshnessOptions) {
    this.retryAfterSeconds = Math.min(options.staleAfterSeconds, MAX_RETRY_AFTER_SECONDS);
    this.monotonic = options.monotonic ?? (() => performance.now());
    this.refreshMs = options.refreshMs ?? REFRESH_MS;
    this.links = coalescedReads((ids) => readMatchLinks(options.read, ids));
  }

  /** Starts the first read, so that the first requests find the verdicts ready. */
  prime(): void {
    void this.refresh();
  }

  /**
   * True while nothing of `scope` (or of either scope) can be an error: a cached answer may be
   * served as it is. False before the first read. Starts a read when the last is a second old.
   */
  isQuiet(scope?: FreshnessScope): boolean {
    if (this.due()) {
      void this.refresh();
    }
    return this.readAt !== undefined && !this.verdicts.touches(scope);
  }

  /**
   * A page of `/matches` or `/matches/live` (REST or GraphQL): 502 when it shows a match whose
   * owner's newest `matches` answer was refused, else 503 when it shows a live match whose
   * owner is stale. Undefined (nothing to wait for) while quiet.
   */
  checkMatches(matches: readonly ListedMatch[]): Promise<void> | undefined {
    return this.isQuiet('matches') ? undefined : this.judgeMatches(matches);
  }

  /** `/odds/exchange` of a match linked to a source whose newest `exchange` answer was refused: 502. */
  checkExchange(matchId: number): Promise<void> | undefined {
    return this.isQuiet('exchange') ? undefined : this.judgeExchange(matchId);
  }

  private async judgeMatches(matches: readonly ListedMatch[]): Promise<void> {
    const verdicts = await this.current('matches');
    const { refusedMatches, staleLive } = verdicts;
    // A refused answer concerns every match of its source; staleness only the live ones.
    const suspects = refusedMatches.size > 0 ? matches : matches.filter((m) => m.status === 'live');
    if (!verdicts.touches('matches') || suspects.length === 0) {
      return;
    }
    const links = await this.links(suspects.map((m) => m.id));
    const ownerOf = (m: ListedMatch) => links.get(m.id)?.find((l) => l.owner)?.source ?? '';
    // The refusal names the cause (the source answered, badly); staleness is often its effect.
    const refused = suspects.find((m) => refusedMatches.has(ownerOf(m)));
    if (refused) {
      throw new ApiError(
        'upstream_malformed',
        `The newest answer of the data source of match ${refused.id} could not be parsed; ` +
          'its stored data may be out of date',
      );
    }
    const stale = suspects.find((m) => m.status === 'live' && staleLive.has(ownerOf(m)));
    if (stale) {
      throw new ApiError(
        'upstream_unavailable',
        `Match ${stale.id} is live but its data source has not answered for more than ` +
          `${this.options.staleAfterSeconds} s`,
        { retryAfter: this.retryAfterSeconds },
      );
    }
  }

  private async judgeExchange(matchId: number): Promise<void> {
    const verdicts = await this.current('exchange');
    if (!verdicts.touches('exchange')) {
      return;
    }
    const links = (await this.links([matchId])).get(matchId) ?? [];
    if (links.some((l) => verdicts.refusedExchange.has(l.source))) {
      throw new ApiError(
        'upstream_malformed',
        `The newest exchange answer of a data source of match ${matchId} could not be parsed; ` +
          'the stored exchange odds may be out of date',
      );
    }
  }

  /**
   * The verdicts to judge with: read now when there are none yet, or when they would make an
   * error and are a second old (an error is never answered on old news); else as they are.
   */
  private current(scope: FreshnessScope): Verdicts | Promise<Verdicts> {
    if (this.readAt === undefined || (this.due() && this.verdicts.touches(scope))) {
      return this.refresh();
    }
    return this.verdicts;
  }

  private due(): boolean {
    return this.readAt === undefined || this.monotonic() - this.readAt >= this.refreshMs;
  }

  /** One read at a time; every caller meanwhile shares it. */
  private refresh(): Promise<Verdicts> {
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<Verdicts> {
    const started = this.monotonic();
    const cutoff = new Date(this.options.now().getTime() - this.options.staleAfterSeconds * 1000);
    try {
      const rows = await readFreshnessRows(this.options.read, cutoff);
      this.verdicts =
        rows.staleLive.length === 0 && rows.refused.length === 0 ? NO_VERDICTS : new Verdicts(rows);
    } catch {
      // The database did not answer: the request's own read says so (503). The verdicts stay as
      // they were until the next read, a second later.
    }
    this.readAt = started;
    return this.verdicts;
  }
}
