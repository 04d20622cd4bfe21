import type { PrismaClient } from '../../db/generated/client.js';
import type { SourceResource } from './adapter.js';
import { windowOf } from './budget.js';

/** How a pass ended, for the heartbeat (DECISIONS.md "Sources": freshness). */
type PassOutcome = { ok: true } | { ok: false; error: string; refused: boolean };

/**
 * Records a pass: a good one is the heartbeat (`last_success_at`) the staleness budget reads; a
 * failed one keeps the last good time and says why. `pollSeconds`: how often the source polls
 * its live matches (0 for a single pass): it is silent only once a poll is due and missed.
 */
export async function notePass(
  db: PrismaClient,
  source: { name: string; role: string; pollSeconds: number },
  outcome: PassOutcome,
  at: Date,
): Promise<void> {
  const failed = !outcome.ok;
  await db.$executeRawUnsafe(
    `INSERT INTO source_state (source, role, last_pass_at, last_success_at, last_error_at,
                               last_error, passes, errors, refused, poll_seconds)
     VALUES ($1, $2, $3::timestamptz,
             CASE WHEN $4::boolean THEN NULL ELSE $3::timestamptz END,
             CASE WHEN $4::boolean THEN $3::timestamptz END, $5::text, 1,
             CASE WHEN $4::boolean AND NOT $6::boolean THEN 1 ELSE 0 END,
             CASE WHEN $6::boolean THEN 1 ELSE 0 END, $7::int)
     ON CONFLICT (source) DO UPDATE SET
       role = $2, last_pass_at = $3::timestamptz, passes = source_state.passes + 1,
       poll_seconds = $7::int,
       last_success_at = CASE WHEN $4::boolean THEN source_state.last_success_at
                              ELSE $3::timestamptz END,
       last_error_at = CASE WHEN $4::boolean THEN $3::timestamptz
                            ELSE source_state.last_error_at END,
       last_error = CASE WHEN $4::boolean THEN $5::text ELSE source_state.last_error END,
       errors = source_state.errors + CASE WHEN $4::boolean AND NOT $6::boolean THEN 1 ELSE 0 END,
       refused = source_state.refused + CASE WHEN $6::boolean THEN 1 ELSE 0 END`,
    source.name,
    source.role,
    at,
    failed,
    outcome.ok ? null : outcome.error,
    !outcome.ok && outcome.refused,
    source.pollSeconds,
  );
}

/** The newest answer for a resource: good, or refused (then the resource is 502 until good). */
export async function noteResource(
  db: PrismaClient,
  source: string,
  resource: SourceResource,
  at: Date,
  refusal?: { reason: string; address: string },
): Promise<void> {
  await db.$executeRawUnsafe(
    `INSERT INTO source_resource_state (source, resource, last_ok_at, refused_at, refusal, address)
     VALUES ($1, $2, CASE WHEN $4::text IS NULL THEN $3::timestamptz END,
             CASE WHEN $4::text IS NOT NULL THEN $3::timestamptz END, $4::text, $5::text)
     ON CONFLICT (source, resource) DO UPDATE SET
       last_ok_at = CASE WHEN $4::text IS NULL THEN $3::timestamptz
                         ELSE source_resource_state.last_ok_at END,
       refused_at = CASE WHEN $4::text IS NULL THEN NULL ELSE $3::timestamptz END,
       refusal = $4::text, address = $5::text`,
    source,
    resource,
    at,
    refusal?.reason ?? null,
    refusal?.address ?? null,
  );
}

export interface SourceHealth {
  source: string;
  role: string;
  lastPassAt: Date | null;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  passes: number;
  errors: number;
  refused: number;
  requests: number;
  budget: string | null;
  pollSeconds: number;
  /** What each window of the budget has used: `{ day: 37, minute: 2 }`. */
  used: Record<string, number>;
  /** Resources whose newest answer was refused. */
  refusedResources: { resource: string; refusedAt: Date; refusal: string; address: string }[];
}

export async function readHealth(db: PrismaClient): Promise<SourceHealth[]> {
  const now = new Date();
  const [states, resources, windows] = await Promise.all([
    db.sourceState.findMany({ orderBy: { source: 'asc' } }),
    db.sourceResourceState.findMany({ where: { refusedAt: { not: null } } }),
    db.sourceBudgetWindow.findMany(),
  ]);
  const usedOf = (source: string) =>
    Object.fromEntries(
      windows
        .filter((w) => w.source === source)
        .map((w) => {
          const current =
            windowOf(w.period as 'day', now).start.getTime() === w.windowStart.getTime();
          return [w.period, current ? w.used : 0];
        }),
    );
  return states.map((s) => ({
    source: s.source,
    role: s.role,
    lastPassAt: s.lastPassAt,
    lastSuccessAt: s.lastSuccessAt,
    lastErrorAt: s.lastErrorAt,
    lastError: s.lastError,
    passes: s.passes,
    errors: s.errors,
    refused: s.refused,
    requests: s.requests,
    budget: s.budget,
    pollSeconds: s.pollSeconds,
    used: usedOf(s.source),
    refusedResources: resources
      .filter((r) => r.source === s.source)
      .map((r) => ({
        resource: r.resource,
        refusedAt: r.refusedAt as Date,
        refusal: r.refusal ?? '',
        address: r.address ?? '',
      })),
  }));
}
