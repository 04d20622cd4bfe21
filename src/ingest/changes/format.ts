import Type, { type Static, type TObject, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { IMPORT_FILES, type ImportFileName } from '../format.js';
import { ImportValidationError } from '../import/errors.js';
import type { RecordOf } from '../import/rules.js';
import { describeSchemaErrors } from '../import/schema-errors.js';
import { RecordChecker } from '../import/validate.js';
import { FEED_RESOURCE_NAMES, FEED_RESOURCES, type FeedResource } from './resources.js';

/**
 * The feed format (docs/feed-format.md): NDJSON, one change record per line. An upsert carries
 * a record of the import format's file for that resource; a delete carries the record's key.
 * These schemas are the source of docs/feed-schema.json and of the feed's validation.
 */
function keySchema(resource: FeedResource): TObject {
  const { file, key } = FEED_RESOURCES[resource];
  const record = IMPORT_FILES[file] as unknown as TObject;
  const properties: Record<string, TSchema> = {};
  for (const field of key) {
    properties[field] = record.properties[field] as TSchema;
  }
  return Type.Object(properties, { additionalProperties: false });
}

const upsertSchema = (resource: FeedResource) =>
  Type.Object(
    {
      op: Type.Literal('upsert'),
      resource: Type.Literal(resource),
      record: IMPORT_FILES[FEED_RESOURCES[resource].file],
    },
    { additionalProperties: false },
  );

const deleteSchema = (resource: FeedResource) =>
  Type.Object(
    { op: Type.Literal('delete'), resource: Type.Literal(resource), key: keySchema(resource) },
    { additionalProperties: false },
  );

/** Every change record, as one JSON Schema (`oneOf` by `op` and `resource`). */
export const ChangeRecordSchema = Type.Union(
  FEED_RESOURCE_NAMES.flatMap((r) => [upsertSchema(r), deleteSchema(r)]),
);

export type UpsertChange = {
  [R in FeedResource]: {
    op: 'upsert';
    resource: R;
    record: RecordOf<(typeof FEED_RESOURCES)[R]['file']>;
  };
}[FeedResource];

export interface DeleteChange {
  op: 'delete';
  resource: FeedResource;
  key: Readonly<Record<string, string | number>>;
}

export type ChangeRecord = UpsertChange | DeleteChange;

const Envelope = Type.Object({
  op: Type.Union([Type.Literal('upsert'), Type.Literal('delete')]),
  resource: Type.Enum(FEED_RESOURCE_NAMES),
});
const envelope = Compile(Envelope);
const keyValidators = new Map<FeedResource, ReturnType<typeof Compile>>();
const checkers = new Map<ImportFileName, RecordChecker<ImportFileName>>();

/**
 * A change record, or an `ImportValidationError` naming the source, the line and the field
 * (`/record/...` or `/key/...`): the same checks as an import line (schema and rules), plus the
 * envelope and, for a delete, exactly the resource's key fields.
 */
export function checkChange(value: unknown, line: number, source: string): ChangeRecord {
  const fail = (field: string, reason: string): never => {
    throw new ImportValidationError({ file: source, line, field }, reason);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('', 'a change record is a JSON object with op, resource and record or key');
  }
  if (!envelope.Check(value)) {
    const problem = describeSchemaErrors(envelope.Errors(value));
    return fail(problem.field, problem.reason);
  }
  const { op, resource } = value as Static<typeof Envelope>;
  const extra = Object.keys(value).find(
    (k) => k !== 'op' && k !== 'resource' && k !== (op === 'upsert' ? 'record' : 'key'),
  );
  if (extra !== undefined) {
    return fail(
      `/${extra}`,
      `unexpected property (a ${op} has op, resource and ${op === 'upsert' ? 'record' : 'key'})`,
    );
  }
  const { file } = FEED_RESOURCES[resource as FeedResource];
  if (op === 'upsert') {
    let checker = checkers.get(file);
    if (!checker) {
      checker = new RecordChecker(file);
      checkers.set(file, checker);
    }
    const body = (value as { record?: unknown }).record;
    try {
      checker.check(body, line);
    } catch (error) {
      if (error instanceof ImportValidationError) {
        return fail(`/record${error.field ?? ''}`, error.reason);
      }
      throw error;
    }
    return value as UpsertChange;
  }
  let keyCheck = keyValidators.get(resource as FeedResource);
  if (!keyCheck) {
    keyCheck = Compile(keySchema(resource as FeedResource));
    keyValidators.set(resource as FeedResource, keyCheck);
  }
  const key = (value as { key?: unknown }).key;
  if (!keyCheck.Check(key)) {
    const problem = describeSchemaErrors(keyCheck.Errors(key));
    return fail(`/key${problem.field}`, problem.reason);
  }
  return value as DeleteChange;
}
