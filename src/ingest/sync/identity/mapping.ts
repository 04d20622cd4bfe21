import { appendChanges, type LoggedChange } from '../../../changes/change-log.js';
import type { PrismaClient } from '../../../db/generated/client.js';
import { applyChangesIn, TRANSACTION } from '../../changes/apply.js';
import { type ChangeRecord, checkChange } from '../../changes/format.js';
import { allocateIds } from './named.js';
import { ENTITY_TABLES, type EntityKind, insertAliases, insertExternalIds } from './store.js';

/** What `touchline map` lists: a source's entity that matched nothing, or more than one. */
export interface Unmatched {
  source: string;
  kind: EntityKind;
  sourceId: string;
  name: string;
  detail: string | null;
  candidates: number[];
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/** A mapping the operator asked for that cannot be made: a one-line reason. */
export class MappingError extends Error {}

export async function listUnmatched(db: PrismaClient, source?: string): Promise<Unmatched[]> {
  return db.unmatchedEntity.findMany({
    where: source ? { source } : {},
    orderBy: [{ source: 'asc' }, { kind: 'asc' }, { name: 'asc' }],
  });
}

async function unmatchedRow(db: PrismaClient, source: string, kind: EntityKind, sourceId: string) {
  const row = await db.unmatchedEntity.findUnique({
    where: { source_kind_sourceId: { source, kind, sourceId } },
  });
  if (!row) {
    throw new MappingError(
      `${source} brought no unmatched ${kind} ${sourceId} (touchline map lists what it did)`,
    );
  }
  return row;
}

/**
 * Links a source's entity to an existing one (the operator's say, DECISIONS.md "Sources"): the
 * source's id leads to it from now on, and its name becomes an alias of it. The next pass of the
 * source writes what it brings for it.
 */
export async function linkUnmatched(
  db: PrismaClient,
  link: { source: string; kind: EntityKind; sourceId: string; entityId: number },
): Promise<Unmatched> {
  if (link.kind === 'event') {
    throw new MappingError('events are linked with their match');
  }
  const table = ENTITY_TABLES[link.kind];
  const row = await unmatchedRow(db, link.source, link.kind, link.sourceId);
  return db.$transaction(async (tx) => {
    const found = await tx.$queryRawUnsafe<unknown[]>(
      `SELECT 1 FROM ${table} WHERE id = $1`,
      link.entityId,
    );
    if (found.length === 0) {
      throw new MappingError(`no ${link.kind} has id ${link.entityId}`);
    }
    await insertExternalIds(tx, link.source, link.kind, [
      { sourceId: link.sourceId, entityId: link.entityId, matchId: null, owner: false },
    ]);
    if (link.kind !== 'match') {
      await insertAliases(tx, [
        {
          kind: link.kind,
          entityId: link.entityId,
          name: row.name,
          language: 'alias',
          origin: 'operator',
        },
      ]);
    }
    await tx.unmatchedEntity.delete({
      where: {
        source_kind_sourceId: { source: link.source, kind: link.kind, sourceId: link.sourceId },
      },
    });
    // A new alias is a new name search finds: logged as reference data (its Last-Modified).
    await appendChanges(tx, [{ matchId: null, resource: 'reference', kind: 'upsert' }], new Date());
    return row;
  }, TRANSACTION);
}

function newRecord(kind: EntityKind, id: number, name: string, sourceId: string): ChangeRecord {
  switch (kind) {
    case 'team':
      return { op: 'upsert', resource: 'teams', record: { id, nameOriginal: name, nameEn: name } };
    case 'competition':
      return {
        op: 'upsert',
        resource: 'competitions',
        record: { id, code: `${sourceId}`.slice(0, 40), nameEn: name, region: 'Europe' },
      };
    case 'bookmaker':
      return {
        op: 'upsert',
        resource: 'bookmakers',
        record: { id, name, nameEn: name, isAggregate: false },
      };
    default:
      throw new MappingError(
        `a ${kind} is not created by hand: it comes from a fixture source (link it instead)`,
      );
  }
}

/**
 * Creates a new entity for a source's unmatched one (a club no other source has), written by the
 * one writer like any change, and owned by that source from now on.
 */
export async function createFromUnmatched(
  db: PrismaClient,
  what: { source: string; kind: EntityKind; sourceId: string },
  at: Date,
): Promise<{ id: number; changes: LoggedChange[] }> {
  const row = await unmatchedRow(db, what.source, what.kind, what.sourceId);
  return db.$transaction(async (tx) => {
    const [id] = (await allocateIds(tx, what.kind as 'team', [
      `${what.source}|${what.sourceId}`,
    ])) as [number];
    const change = checkChange(
      newRecord(what.kind, id, row.name, what.sourceId),
      1,
      'touchline map',
    );
    const changes = await applyChangesIn(tx, [{ line: 1, change }], 'touchline map', at);
    await insertExternalIds(tx, what.source, what.kind, [
      { sourceId: what.sourceId, entityId: id, matchId: null, owner: true },
    ]);
    await insertAliases(tx, [
      { kind: what.kind, entityId: id, name: row.name, language: 'en', origin: 'operator' },
    ]);
    await tx.unmatchedEntity.delete({
      where: {
        source_kind_sourceId: { source: what.source, kind: what.kind, sourceId: what.sourceId },
      },
    });
    return { id, changes };
  }, TRANSACTION);
}
