import type { LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { applyChangesIn, type NumberedChange, TRANSACTION } from '../changes/apply.js';
import { type ChangeRecord, checkChange } from '../changes/format.js';
import type { Tx } from '../import/upsert.js';
import type { SourceFacts } from './facts.js';
import { type PassIdentity, type PassSource, resolvePass } from './identity/resolve-pass.js';
import {
  clearUnmatched,
  type EntityKind,
  insertAliases,
  insertExternalIds,
  recordUnmatched,
} from './identity/store.js';

export type { PassSource };

interface PassWrite {
  /** Change records the pass amounted to (before the writer kept only what changed). */
  records: number;
  changes: LoggedChange[];
  /** What matched nothing, or more than one entity (listed by `touchline map`). */
  unmatched: number;
}

/** Every record checked as a feed line is (the same schema and rules), numbered for errors. */
function numbered(changes: readonly ChangeRecord[], source: string): NumberedChange[] {
  return changes.map((change, i) => ({ line: i + 1, change: checkChange(change, i + 1, source) }));
}

async function writeIdentity(tx: Tx, source: string, identity: PassIdentity, at: Date) {
  for (const [kind, rows] of identity.added) {
    await insertExternalIds(tx, source, kind, rows);
    await clearUnmatched(
      tx,
      source,
      kind,
      rows.map((r) => r.sourceId),
    );
  }
  await insertAliases(tx, identity.aliases);
  await recordUnmatched(tx, source, identity.unmatched, at);
  if (identity.competitionSources.length > 0) {
    await tx.$executeRawUnsafe(
      `INSERT INTO competition_sources (competition_id, resource, source, licence)
       SELECT r.c, r.r, $1, $2 FROM jsonb_to_recordset($3::jsonb) AS r(c int, r text)
       ON CONFLICT (competition_id, resource, source) DO UPDATE SET licence = EXCLUDED.licence
       WHERE competition_sources.licence <> EXCLUDED.licence`,
      source,
      identity.licence,
      JSON.stringify(
        [...new Set(identity.competitionSources.map(([c, r]) => `${c}|${r}`))].map((pair) => ({
          c: Number(pair.split('|')[0]),
          r: pair.split('|')[1],
        })),
      ),
    );
  }
}

/**
 * Writes what one pass of a source told (docs/sources.md), in one transaction: the source's ids
 * resolved to touchline's (and remembered), the change records checked like any feed line and
 * applied by the one writer, which logs only what changed. Anything that fails writes nothing.
 */
export async function writePass(
  db: PrismaClient,
  source: PassSource,
  facts: SourceFacts,
  at: Date,
): Promise<PassWrite> {
  return db.$transaction(async (tx) => {
    const identity = await resolvePass(tx, source, facts);
    const batch = numbered(identity.changes, source.name);
    await writeIdentity(tx, source.name, identity, at);
    const changes = await applyChangesIn(tx, batch, source.name, at);
    return { records: batch.length, changes, unmatched: identity.unmatched.length };
  }, TRANSACTION);
}

export type { EntityKind };
