import type { PrismaClient } from '../../db/generated/client.js';
import { healthOf } from '../../freshness/source-health.js';
import { readHealth, type SourceHealth } from './health.js';
import { loadSource, SOURCE_NAMES } from './sources/index.js';

/** One line of `touchline sources`: what the source is, and how it is doing. */
export interface SourceListing {
  source: string;
  provider: string;
  role: 'fixtures' | 'odds';
  /** Whether the credentials it needs are set (never their values). */
  configured: boolean;
  defaultBudget: string | null;
  health: SourceHealth | null;
  /** Seconds since the last good pass, null before the first. */
  lagSeconds: number | null;
  /** Live matches of this source, and whether they are stale (503 on the live lists). */
  liveMatches: number;
  stale: boolean;
  /** The competitions it brings data for, per resource, with the terms stored with them. */
  competitions: { id: number; name: string; resource: string; licence: string }[];
}

async function broughtCompetitions(db: PrismaClient) {
  return db.$queryRawUnsafe<
    { source: string; id: number; name: string; resource: string; licence: string }[]
  >(
    `SELECT s.source, c.id, c.name_en AS name, s.resource, s.licence
       FROM competition_sources s JOIN competitions c ON c.id = s.competition_id
      ORDER BY s.source, c.name_en, s.resource`,
  );
}

async function liveCounts(db: PrismaClient): Promise<Map<string, number>> {
  const rows = await db.$queryRawUnsafe<{ source: string; n: number }[]>(
    `SELECT e.source, count(*)::int AS n FROM external_ids e JOIN matches m ON m.id = e.entity_id
      WHERE e.kind = 'match' AND e.owner AND m.status = 'live' GROUP BY e.source`,
  );
  return new Map(rows.map((r) => [r.source, r.n]));
}

export async function listSources(
  db: PrismaClient,
  env: Readonly<Record<string, string | undefined>>,
  now: Date,
  staleAfterSeconds: number,
): Promise<SourceListing[]> {
  const [health, live, brought] = await Promise.all([
    readHealth(db),
    liveCounts(db),
    broughtCompetitions(db),
  ]);
  const out: SourceListing[] = [];
  for (const name of SOURCE_NAMES) {
    const adapter = await loadSource(name);
    if (!adapter) {
      continue;
    }
    const state = health.find((h) => h.source === name) ?? null;
    const lag = state?.lastSuccessAt
      ? Math.round((now.getTime() - state.lastSuccessAt.getTime()) / 1000)
      : null;
    const liveMatches = live.get(name) ?? 0;
    out.push({
      source: name,
      provider: adapter.provider,
      role: adapter.role,
      configured: (adapter.environment?.credentials ?? []).every((v) => Boolean(env[v])),
      defaultBudget: adapter.defaultBudget,
      health: state,
      lagSeconds: lag,
      liveMatches,
      stale: healthOf(
        {
          source: name,
          role: adapter.role,
          lastSuccessAt: state?.lastSuccessAt ?? null,
          pollSeconds: state?.pollSeconds ?? 0,
          requests: state?.requests ?? 0,
          errors: state?.errors ?? 0,
          refused: state?.refused ?? 0,
          liveMatches,
          refusedResources: [],
        },
        now,
        staleAfterSeconds,
      ).stale,
      competitions: brought
        .filter((b) => b.source === name)
        .map(({ id, name: competition, resource, licence }) => ({
          id,
          name: competition,
          resource,
          licence,
        })),
    });
  }
  return out;
}
