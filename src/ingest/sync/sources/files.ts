import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SourceConfigError } from '../adapter.js';

/**
 * The files a file-reading source reads: each path as given when it is a file, every file
 * under it (at any depth) whose name ends with one of `endings` when it is a folder. Sorted and
 * each once, so a pass reads the same files in the same order whatever order the paths came in.
 */
export async function filesUnder(
  paths: readonly string[],
  endings: readonly string[],
): Promise<string[]> {
  if (paths.length === 0) {
    throw new SourceConfigError(`give the files or folders to read (${endings.join(', ')})`);
  }
  const found = new Set<string>();
  for (const path of paths) {
    for (const file of await filesOf(path, endings)) {
      found.add(file);
    }
  }
  return [...found].sort();
}

async function filesOf(path: string, endings: readonly string[]): Promise<string[]> {
  const info = await stat(path).catch(() => null);
  if (!info) {
    throw new SourceConfigError(`${path}: no such file or folder`);
  }
  if (info.isFile()) {
    return [path];
  }
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && endings.some((ending) => e.name.endsWith(ending)))
    .map((e) => join(e.parentPath, e.name));
}
