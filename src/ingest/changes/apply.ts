import { appendChanges, type Change, type LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { refreshSearchTerms, type SearchKind } from '../../search/term-store.js';
import { IMPORT_FILES, type ImportFileName } from '../format.js';
import { ImportValidationError } from '../import/errors.js';
import { ReferenceTracker } from '../import/references.js';
import { FILE_RULES } from '../import/rules.js';
import type { Column, Rec, TableSpec } from '../import/sql-types.js';
import { recordSet } from '../import/sql-types.js';
import { FLAT_FILES, type FlatFileName } from '../import/tables.js';
import { jsonSource, type Tx, upsertGroups, upsertRows } from '../import/upsert.js';
import { NESTED, type NestedFileName, writeNestedJson } from '../import/write-nested.js';
import type { ChangeRecord } from './format.js';
import { keptInPlace } from './placement.js';
import {
  FEED_RESOURCE_NAMES,
  FEED_RESOURCES,
  type FeedResource,
  keyOf,
  RESOURCE_OF_FILE,
} from './resources.js';

/** A checked change record and the line it came from (for reference errors). */
export interface NumberedChange {
  line: number;
  change: ChangeRecord;
}

const FILE_ORDER = Object.keys(IMPORT_FILES) as ImportFileName[];
const isNested = (file: ImportFileName): file is NestedFileName =>
  file === 'lineups.ndjson' || file === 'regional.ndjson';
const q = (name: string) => `"${name}"`;
export const TRANSACTION = { timeout: 120_000, maxWait: 30_000 };

function identity(change: ChangeRecord): string {
  const source = (change.op === 'upsert' ? change.record : change.key) as Rec;
  return `${change.resource}:${JSON.stringify(keyOf(change.resource, source))}`;
}

/** The last change of each key: a batch that upserts a row twice, or upserts then deletes it. */
function lastPerKey(batch: readonly NumberedChange[]): NumberedChange[] {
  const last = new Map<string, NumberedChange>();
  for (const item of batch) {
    const key = identity(item.change);
    last.delete(key);
    last.set(key, item);
  }
  return [...last.values()];
}

/** Reference errors name the line, as the importer's do (every parent must exist). */
async function checkReferences(tx: Tx, items: readonly NumberedChange[], source: string) {
  const refs = new ReferenceTracker();
  for (const { change } of items) {
    if (change.op === 'upsert') {
      const rule = FILE_RULES[FEED_RESOURCES[change.resource].file];
      if (rule.defines) {
        refs.define(rule.defines, (change.record as { id: number }).id);
      }
    }
  }
  for (const { line, change } of items) {
    if (change.op === 'upsert') {
      const rule = FILE_RULES[FEED_RESOURCES[change.resource].file] as {
        references(record: unknown): ReturnType<(typeof FILE_RULES)['events.ndjson']['references']>;
      };
      for (const reference of rule.references(change.record)) {
        refs.refer(reference, line, source);
      }
    }
  }
  await refs.settle(tx, source);
}

async function upsertFile(
  tx: Tx,
  file: ImportFileName,
  records: readonly Rec[],
): Promise<Change[]> {
  const resource = RESOURCE_OF_FILE.get(file) as FeedResource;
  const logged = FEED_RESOURCES[resource].logged;
  const json = JSON.stringify(records);
  if (isNested(file)) {
    const { changed } = await writeNestedJson(tx, file, json);
    return changed.map((key) => ({
      matchId: Number(key.split('|')[0]),
      resource: logged,
      kind: 'upsert',
    }));
  }
  const changes: Change[] = [];
  for (const spec of FLAT_FILES[file as FlatFileName]) {
    if (logged === 'reference') {
      const counts = await upsertRows(tx, spec, jsonSource(spec), [json]);
      if (counts.changed > 0) {
        changes.push({ matchId: null, resource: logged, kind: 'upsert' });
      }
      continue;
    }
    const matchColumn = resource === 'matches' ? 'id' : 'match_id';
    const groups = await upsertGroups(tx, spec, [matchColumn], jsonSource(spec), [json]);
    for (const g of groups) {
      changes.push({ matchId: Number(g.key), resource: logged, kind: 'upsert' });
    }
  }
  return changes;
}

/** The tables a delete of `resource` removes rows from, and the columns that match its key. */
function deleteTargets(file: ImportFileName): { tables: string[]; key: Column[] } {
  if (isNested(file)) {
    const nested = NESTED[file];
    const key = nested.groupBy.map(
      (name) => nested.parent.columns.find((c) => c.name === name) as Column,
    );
    return { tables: [nested.child.table, nested.parent.table], key };
  }
  const spec = FLAT_FILES[file as FlatFileName][0] as TableSpec;
  return {
    tables: [spec.table],
    key: spec.key.map((n) => spec.columns.find((c) => c.name === n) as Column),
  };
}

/** PostgreSQL's restrict and foreign-key violations: a parent still in use. */
const REFERENCED = new Set(['23001', '23503']);

function stillReferenced(error: unknown, resource: FeedResource, source: string) {
  const cause = (
    error as {
      meta?: { driverAdapterError?: { cause?: { originalCode?: string; detail?: string } } };
    }
  ).meta?.driverAdapterError?.cause;
  if (!cause?.originalCode || !REFERENCED.has(cause.originalCode)) {
    return undefined;
  }
  return new ImportValidationError(
    { file: source },
    `cannot delete from ${resource}: still in use (${cause.detail ?? 'referenced by other rows'}); delete what uses it first`,
  );
}

async function deleteKeys(
  tx: Tx,
  resource: FeedResource,
  keys: readonly Rec[],
  source: string,
): Promise<Change[]> {
  const { file, logged } = FEED_RESOURCES[resource];
  const { tables, key } = deleteTargets(file);
  const from = recordSet([{ table: '', key: [], columns: key }]);
  const where = key.map((c) => `t.${q(c.name)} = ${c.expr}`).join(' AND ');
  const matchColumn =
    logged === 'reference' ? 'NULL::int' : resource === 'matches' ? 't."id"' : 't."match_id"';
  const removed = new Set<number | null>();
  for (const table of tables) {
    const rows = await tx
      .$queryRawUnsafe<{ match_id: number | null }[]>(
        `DELETE FROM ${q(table)} AS t USING ${from} WHERE ${where} RETURNING ${matchColumn} AS match_id`,
        JSON.stringify(keys),
      )
      .catch((error: unknown) => {
        throw stillReferenced(error, resource, source) ?? error;
      });
    for (const r of rows) {
      removed.add(r.match_id);
    }
  }
  return [...removed].map((matchId) => ({ matchId, resource: logged, kind: 'delete' }));
}

/**
 * Deletes run around the upserts: child resources before them; after them (parents upserted
 * first), matches, then the reference data that matches point at.
 */
const isChild = (r: FeedResource) => r !== 'matches' && FEED_RESOURCES[r].logged !== 'reference';
const DELETED_AFTER_UPSERTS: readonly FeedResource[] = [
  'matches',
  ...FEED_RESOURCE_NAMES.filter((r) => FEED_RESOURCES[r].logged === 'reference'),
];

const SEARCHED: Partial<Record<FeedResource, SearchKind>> = {
  competitions: 'competition',
  teams: 'team',
  players: 'player',
};

/** The competitions, teams and players a batch writes or deletes: their search terms move. */
function searchTargetsOf(items: readonly NumberedChange[]): Record<SearchKind, number[]> {
  const out: Record<SearchKind, number[]> = { competition: [], team: [], player: [] };
  for (const { change } of items) {
    const kind = SEARCHED[change.resource];
    if (kind) {
      out[kind].push(
        (change.op === 'delete' ? change.key : (change.record as Rec))['id'] as number,
      );
    }
  }
  return out;
}

/**
 * The one writer's write (docs/live.md): a batch of checked change records in one transaction,
 * with its change-log entries. Only rows that really changed are logged (an identical upsert
 * changes nothing and logs nothing). Any failure, a reference to a match that does not exist
 * among them (named by line), writes nothing.
 */
export async function applyChanges(
  db: PrismaClient,
  batch: readonly NumberedChange[],
  source: string,
  at: Date,
): Promise<LoggedChange[]> {
  if (batch.length === 0) {
    return [];
  }
  return db.$transaction((tx) => applyChangesIn(tx, batch, source, at), TRANSACTION);
}

/** The same write inside a transaction the caller holds (a source's pass also writes its ids). */
export async function applyChangesIn(
  tx: Tx,
  batch: readonly NumberedChange[],
  source: string,
  at: Date,
): Promise<LoggedChange[]> {
  const items = lastPerKey(batch);
  if (items.length === 0) {
    return [];
  }
  await checkReferences(tx, items, source);
  const changes: Change[] = [];
  const deletes = new Map<FeedResource, Rec[]>();
  const upserts = new Map<ImportFileName, Rec[]>();
  const add = <K>(groups: Map<K, Rec[]>, key: K, value: Rec) => {
    const group = groups.get(key);
    if (group) {
      group.push(value);
    } else {
      groups.set(key, [value]);
    }
  };
  for (const { change } of items) {
    if (change.op === 'delete') {
      add(deletes, change.resource, change.key);
    } else {
      add(upserts, FEED_RESOURCES[change.resource].file, change.record as Rec);
    }
  }
  for (const [resource, keys] of deletes) {
    if (isChild(resource)) {
      changes.push(...(await deleteKeys(tx, resource, keys, source)));
    }
  }
  const matchIds = (upserts.get('matches.ndjson') ?? []).map((r) => Number(r['id']));
  const inPlace = await keptInPlace(tx, matchIds, async () => {
    for (const file of FILE_ORDER) {
      const records = upserts.get(file);
      if (records) {
        changes.push(...(await upsertFile(tx, file, records)));
      }
    }
  });
  for (const resource of DELETED_AFTER_UPSERTS) {
    const keys = deletes.get(resource);
    if (keys) {
      changes.push(...(await deleteKeys(tx, resource, keys, source)));
    }
  }
  await refreshSearchTerms(tx, searchTargetsOf(items));
  const logged = await appendChanges(tx, changes, at);
  for (const change of logged) {
    if (
      change.resource === 'detail' &&
      change.kind === 'upsert' &&
      inPlace.has(change.matchId as number)
    ) {
      change.samePlace = true;
    }
  }
  return logged;
}
