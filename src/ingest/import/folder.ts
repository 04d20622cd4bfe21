import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Compile } from 'typebox/compile';
import {
  IMPORT_FILES,
  type ImportFileName,
  MANIFEST_FILE,
  type Manifest,
  ManifestRecord,
} from '../format.js';
import { ImportValidationError } from './errors.js';
import { describeSchemaErrors } from './schema-errors.js';

export interface ImportFolder {
  dir: string;
  manifest: Manifest;
  /** The data files present, in load order (parents before children). */
  files: { name: ImportFileName; path: string }[];
}

const FILE_NAMES = Object.keys(IMPORT_FILES) as ImportFileName[];

/**
 * Lists an import folder: the manifest is required and checked, every other entry must be one
 * of the known files (a typo such as `match.ndjson` is an error, not silently skipped). Hidden
 * entries (`.DS_Store`, `.git`) are ignored.
 */
export async function openImportFolder(dir: string): Promise<ImportFolder> {
  const entries = await readdir(dir);
  const unknown = entries
    .filter((e) => !e.startsWith('.') && e !== MANIFEST_FILE && !isImportFile(e))
    .sort();
  if (unknown.length > 0) {
    throw new ImportValidationError(
      { file: unknown.join(', ') },
      `unknown file${unknown.length > 1 ? 's' : ''} in the import folder (expected ${MANIFEST_FILE} and any of ${FILE_NAMES.join(', ')})`,
    );
  }
  if (!entries.includes(MANIFEST_FILE)) {
    throw new ImportValidationError({ file: MANIFEST_FILE }, 'is missing from the import folder');
  }
  const manifest = await readManifest(join(dir, MANIFEST_FILE));
  const files = FILE_NAMES.filter((name) => entries.includes(name)).map((name) => ({
    name,
    path: join(dir, name),
  }));
  return { dir, manifest, files };
}

function isImportFile(name: string): name is ImportFileName {
  return Object.hasOwn(IMPORT_FILES, name);
}

const manifestValidator = Compile(ManifestRecord);

async function readManifest(path: string): Promise<Manifest> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ImportValidationError({ file: MANIFEST_FILE }, `is not valid JSON (${detail})`);
  }
  if (!manifestValidator.Check(value)) {
    const problem = describeSchemaErrors(manifestValidator.Errors(value));
    throw new ImportValidationError({ file: MANIFEST_FILE, field: problem.field }, problem.reason);
  }
  return value;
}
