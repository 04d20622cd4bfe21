import { Compile } from 'typebox/compile';
import type { PrismaClient } from '../../db/generated/client.js';
import { IMPORT_FILES, type ImportFileName } from '../format.js';
import { ImportValidationError } from './errors.js';
import type { ImportFolder } from './folder.js';
import { hashKey, KeyLog } from './key-log.js';
import { readNdjson } from './ndjson.js';
import { ReferenceTracker } from './references.js';
import { FILE_RULES, type RecordOf } from './rules.js';
import { describeSchemaErrors } from './schema-errors.js';
import { checkUniqueFields, UniqueTracker } from './unique.js';

type Progress = (msg: string) => void;

/**
 * The validation pass: streams every file once, checks each record against its schema and
 * rules, detects duplicate keys and dangling references. Throws `ImportValidationError` at the
 * first problem; returns the number of records per file when the folder is sound.
 */
export async function validateFolder(
  db: PrismaClient,
  folder: ImportFolder,
  onProgress: Progress,
): Promise<Map<ImportFileName, number>> {
  const refs = new ReferenceTracker();
  const counts = new Map<ImportFileName, number>();
  for (const { name, path } of folder.files) {
    const count = await validateFile(db, name, path, refs);
    counts.set(name, count);
    onProgress(`validated ${name}: ${count} records`);
  }
  return counts;
}

async function validateFile<F extends ImportFileName>(
  db: PrismaClient,
  file: F,
  path: string,
  refs: ReferenceTracker,
): Promise<number> {
  const validator = Compile(IMPORT_FILES[file]);
  const rule = FILE_RULES[file];
  const keys = new KeyLog();
  const unique = new UniqueTracker(file);
  let count = 0;
  for await (const { line, value } of readNdjson(path, file)) {
    if (!validator.Check(value)) {
      const problem = describeSchemaErrors(validator.Errors(value));
      throw new ImportValidationError({ file, line, field: problem.field }, problem.reason);
    }
    const record = value as RecordOf<F>;
    const problem = rule.check?.(record);
    if (problem) {
      throw new ImportValidationError({ file, line, field: problem.field }, problem.reason);
    }
    keys.add(rule.key(record));
    unique.add(record, line);
    if (rule.defines) {
      refs.define(rule.defines, (record as { id: number }).id);
    }
    for (const reference of rule.references(record)) {
      refs.refer(reference, line);
    }
    count += 1;
  }
  await confirmDuplicates(file, path, keys.candidates());
  await refs.settle(db, file);
  await checkUniqueFields(db, unique);
  return count;
}

/** Rescans the file for the lines whose key hash repeated; throws at the first real duplicate. */
async function confirmDuplicates<F extends ImportFileName>(
  file: F,
  path: string,
  candidates: Set<number>,
): Promise<void> {
  if (candidates.size === 0) {
    return;
  }
  const rule = FILE_RULES[file];
  const firstLine = new Map<string, number>();
  for await (const { line, value } of readNdjson(path, file)) {
    const key = rule.key(value as RecordOf<F>);
    if (!candidates.has(hashKey(key))) {
      continue;
    }
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      throw new ImportValidationError(
        { file, line },
        `duplicate key (${key}), first seen on line ${seen}`,
      );
    }
    firstLine.set(key, line);
  }
}
