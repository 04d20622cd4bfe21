import { setTimeout as sleep } from 'node:timers/promises';
import type { PrismaClient } from '../../db/generated/client.js';
import { reanalyseAfter } from '../analyze/reanalyse.js';
import { ImportValidationError } from '../import/errors.js';
import { holdLease, type WriterRun } from '../live/writer-lease.js';
import {
  type PassScope,
  type ProviderHttp,
  type SourceAdapter,
  SourceRefusal,
  SourceUnavailable,
} from './adapter.js';
import { aliasGroups } from './aliases/index.js';
import { BudgetExhausted, parseBudget, RequestBudget } from './budget.js';
import { notePass, noteResource } from './health.js';
import { ensureKnownNames } from './identity/name-groups.js';
import { writePass } from './pass-writer.js';
import { ProviderClient, RetryLater } from './provider-client.js';

export interface SyncOptions extends WriterRun {
  adapter: SourceAdapter;
  env: Readonly<Record<string, string | undefined>>;
  follow: boolean;
  scope: Pick<PassScope, 'from' | 'to' | 'season' | 'competitions' | 'paths'>;
  /** `--budget`; the adapter's default otherwise. */
  budget?: string | undefined;
  /** `--poll`: how often live matches are polled in `--follow`; the adapter's default otherwise. */
  pollMs?: number | undefined;
  now: () => Date;
  /** `--json`: `report` gets one JSON document per pass. */
  json: boolean;
  http?: Partial<{
    timeoutMs: number;
    retries: number;
    maxRetryAfterMs: number;
    maxBudgetWaitMs: number;
  }>;
}

/** What one pass did (`--json` prints it as one line). */
export interface PassReport {
  source: string;
  kind: PassScope['kind'];
  at: string;
  ok: boolean;
  /** Requests sent, retries included (what the provider counts). */
  requests: number;
  records: number;
  changes: number;
  unmatched: number;
  /** Upcoming matches re-analysed because a match of their teams finished. */
  reanalysed: number;
  ms: number;
  error?: string;
}

export interface SyncSummary {
  passes: number;
  failed: number;
  changes: number;
  /** The last pass's error (with `--once`, the command fails with it). */
  error: string | null;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** A failed pass is tried again after the poll interval, doubling up to a minute. */
const MAX_BACKOFF_MS = 60_000;

/** Source ids of this source's matches to poll now: live, kicking off soon, or just due. */
async function liveSourceIds(db: PrismaClient, source: string, now: Date): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT e.source_id AS id FROM external_ids e JOIN matches m ON m.id = e.entity_id
      WHERE e.source = $1 AND e.kind = 'match'
        AND (m.status IN ('live', 'suspended')
             OR (m.status = 'scheduled'
                 AND m.kickoff_utc BETWEEN $2::timestamptz - interval '3 hours'
                                       AND $2::timestamptz + interval '15 minutes'))
      ORDER BY m.kickoff_utc, e.source_id`,
    source,
    now,
  );
  return rows.map((r) => r.id);
}

/**
 * `touchline sync SOURCE` (docs/sources.md): passes of one source, each written by the one
 * writer while this process holds the writer lease. `--once` makes one full pass; `--follow`
 * keeps the store current: a full pass at start and then daily (odds sources hourly), the
 * matches that are live or about to start every `liveIntervalMs`. The budget is never exceeded
 * (a spent window is waited out), and a failed pass is retried with backoff.
 */
export class SyncRunner {
  private readonly client: ProviderClient | null;
  private requests = 0;
  private readonly summary: SyncSummary = { passes: 0, failed: 0, changes: 0, error: null };

  constructor(private readonly options: SyncOptions) {
    this.client = this.createClient();
  }

  private createClient(): ProviderClient | null {
    const { adapter, env, db, now } = this.options;
    if (!adapter.environment) {
      return null;
    }
    const budgetText = this.options.budget ?? adapter.defaultBudget;
    const http = this.options.http ?? {};
    const budget = new RequestBudget(
      db,
      adapter.name,
      adapter.role,
      budgetText ? parseBudget(budgetText) : null,
      http.maxBudgetWaitMs ?? 65_000,
      (ms) => this.pause(ms),
      now,
    );
    return new ProviderClient({
      source: adapter.name,
      baseUrl: env[adapter.environment.url] || adapter.environment.defaultUrl,
      credentials: adapter.credentials(env),
      budget,
      timeoutMs: http.timeoutMs ?? 15_000,
      retries: http.retries ?? 3,
      maxRetryAfterMs: http.maxRetryAfterMs ?? 60_000,
      signal: this.options.signal,
      failureOf: adapter.failureOf?.bind(adapter),
      onRequest: () => {
        this.requests += 1;
      },
      // Health is a record, not the pass: a database that cannot take it fails nothing here.
      onAnswer: (resource, refused) =>
        noteResource(
          db,
          adapter.name,
          resource,
          now(),
          refused ? { reason: refused.reason, address: refused.address } : undefined,
        ).catch(() => {}),
    });
  }

  /** How often live matches are polled: `--poll`, else the adapter's interval. */
  private get pollMs(): number {
    return this.options.pollMs ?? this.options.adapter.liveIntervalMs;
  }

  private pause(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.options.signal }).catch(() => undefined);
  }

  private http(): ProviderHttp {
    return (
      this.client ?? {
        get: () => {
          throw new Error(`${this.options.adapter.name} reads files, not a provider`);
        },
      }
    );
  }

  /** One pass: read, resolve, write; never throws for the source's own failures. */
  async pass(kind: PassScope['kind']): Promise<PassReport & { retryAt?: Date }> {
    const { db, adapter, now } = this.options;
    const started = Date.now();
    const at = now();
    const scope: PassScope = {
      ...this.options.scope,
      kind,
      now: at,
      live: await liveSourceIds(db, adapter.name, at),
    };
    const before = this.requests;
    const report: PassReport = {
      source: adapter.name,
      kind,
      at: at.toISOString(),
      ok: true,
      requests: 0,
      records: 0,
      changes: 0,
      unmatched: 0,
      reanalysed: 0,
      ms: 0,
    };
    let retryAt: Date | undefined;
    try {
      const facts = await adapter.pass(scope, this.http());
      if (!(await this.options.lease.check()) && !(await this.waitForLease())) {
        throw new SourceUnavailable(adapter.name, '', 'stopped before the writer lease came back');
      }
      const written = await writePass(db, adapter, facts, now());
      Object.assign(report, {
        records: written.records,
        changes: written.changes.length,
        unmatched: written.unmatched,
      });
      await notePass(db, this.heartbeat(), { ok: true }, now());
      if (written.changes.length > 0) {
        const reanalysed = await reanalyseAfter(db, written.changes, now());
        report.reanalysed = reanalysed.ids.length;
        await this.options.onChanged([...written.changes, ...reanalysed.changes]);
      }
    } catch (error) {
      this.client?.forgetConditions();
      retryAt =
        error instanceof RetryLater
          ? error.retryAt
          : error instanceof BudgetExhausted
            ? error.until
            : undefined;
      const refused = error instanceof SourceRefusal || error instanceof ImportValidationError;
      if (!(refused || error instanceof SourceUnavailable || error instanceof BudgetExhausted)) {
        throw error;
      }
      report.ok = false;
      report.error = error.message;
      await notePass(db, this.heartbeat(), { ok: false, error: error.message, refused }, now());
    }
    report.requests = this.requests - before;
    report.ms = Date.now() - started;
    this.count(report);
    return retryAt ? { ...report, retryAt } : report;
  }

  /** Who the heartbeat is of, and how often it polls while following. */
  private heartbeat() {
    const { adapter, follow } = this.options;
    const pollSeconds = follow ? Math.ceil(this.pollMs / 1000) : 0;
    return { name: adapter.name, role: adapter.role, pollSeconds };
  }

  private count(report: PassReport) {
    this.summary.passes += 1;
    this.summary.changes += report.changes;
    this.summary.failed += report.ok ? 0 : 1;
    this.summary.error = report.error ?? null;
    this.options.report(
      this.options.json
        ? JSON.stringify(report)
        : `sync ${report.source}: ${report.kind} pass ${report.ok ? 'done' : 'failed'}: ` +
            `${report.requests} requests, ${report.changes} changes` +
            (report.unmatched > 0 ? `, ${report.unmatched} unmatched (touchline map)` : '') +
            (report.error ? `: ${report.error}` : ''),
    );
  }

  private waitForLease(): Promise<boolean> {
    return holdLease(
      { ...this.options, sleep: (ms) => this.pause(ms) },
      `sync ${this.options.adapter.name}`,
    );
  }

  async run(): Promise<SyncSummary> {
    if (!(await this.waitForLease())) {
      return this.summary;
    }
    try {
      await ensureKnownNames(this.options.db, () => aliasGroups());
      if (this.options.follow) {
        await this.follow();
      } else {
        await this.pass('full');
      }
    } finally {
      await this.options.lease.release();
    }
    return this.summary;
  }

  private async follow(): Promise<void> {
    const { adapter, signal, db, now } = this.options;
    const fullEvery = adapter.fullIntervalMs ?? (adapter.role === 'odds' ? HOUR_MS : DAY_MS);
    let nextFull = 0;
    let backoff = this.pollMs;
    while (!signal.aborted) {
      const due = now().getTime() >= nextFull;
      const live = due ? [] : await liveSourceIds(db, adapter.name, now());
      if (!due && live.length === 0) {
        await this.pause(Math.min(this.pollMs * 6, nextFull - now().getTime()));
        continue;
      }
      const result = await this.pass(due ? 'full' : 'live');
      if (result.ok) {
        backoff = this.pollMs;
        nextFull = due ? now().getTime() + fullEvery : nextFull;
        await this.pause(this.pollMs);
      } else {
        const wait = result.retryAt ? result.retryAt.getTime() - now().getTime() : backoff;
        backoff = Math.min(backoff * 2, Math.max(MAX_BACKOFF_MS, this.pollMs));
        await this.pause(Math.max(wait, 0));
      }
    }
  }
}
