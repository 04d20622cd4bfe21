import { Compile } from 'typebox/compile';
import type { PrismaClient } from '../../db/generated/client.js';
import type { TouchedMatches } from '../changes/touched.js';
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
  touched?: TouchedMatches,
): Promise<Map<ImportFileName, number>> {
  const refs = new ReferenceTracker();
  const counts = new Map<ImportFileName, number>();
  for (const { name, path } of folder.files) {
    const count = await validateFile(db, name, path, refs, touched);
    counts.set(name, count);
    onProgress(`validated ${name}: ${count} records`);
  }
  return counts;
}

const validators = new Map<ImportFileName, ReturnType<typeof Compile>>();

/** One file's schema and rules, checked record by record. */
export class RecordChecker<F extends ImportFileName> {
  readonly file: F;
  readonly rule: (typeof FILE_RULES)[F];
  readonly #validator: ReturnType<typeof Compile>;

  constructor(file: F) {
    this.file = file;
    this.rule = FILE_RULES[file];
    let validator = validators.get(file);
    if (!validator) {
      validator = Compile(IMPORT_FILES[file]);
      validators.set(file, validator);
    }
    this.#validator = validator;
  }

  /** The record, or an `ImportValidationError` naming the file, line and field. */
  check(value: unknown, line: number): RecordOf<F> {
    const file = this.file;
    if (!this.#validator.Check(value)) {
      const problem = describeSchemaErrors(this.#validator.Errors(value));
      throw new ImportValidationError({ file, line, field: problem.field }, problem.reason);
    }
    const record = value as RecordOf<F>;
    const problem = this.rule.check?.(record);
    if (problem) {
      throw new ImportValidationError({ file, line, field: problem.field }, problem.reason);
    }
    return record;
  }
}

async function validateFile<F extends ImportFileName>(
  db: PrismaClient,
  file: F,
  path: string,
  refs: ReferenceTracker,
  touched: TouchedMatches | undefined,
): Promise<number> {
  const checker = new RecordChecker(file);
  const rule = checker.rule;
  const keys = new KeyLog();
  const unique = new UniqueTracker(file);
  let count = 0;
  for await (const { line, value } of readNdjson(path, file)) {
    const record = checker.check(value, line);
    keys.add(rule.key(record));
    unique.add(record, line);
    touched?.add(file, record as Readonly<Record<string, unknown>>);
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
