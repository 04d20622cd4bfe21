import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: unknown };
}

/** Every installed package manifest, nested node_modules included. */
async function* manifests(dir: string): AsyncGenerator<Manifest> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) {
      continue;
    }
    const path = join(dir, entry.name);
    if (entry.name.startsWith('@')) {
      yield* manifests(path);
      continue;
    }
    try {
      yield JSON.parse(await readFile(join(path, 'package.json'), 'utf8')) as Manifest;
    } catch {
      // a folder without a manifest (bin links, caches) is not a package
    }
    yield* manifests(join(path, 'node_modules'));
  }
}

it('package.json engines tells the truth: every installed dependency supports every Node it admits', async () => {
  const ours = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const declared = String(ours.engines?.node);
  // The lowest version of each release line the range admits (20.19.0, 22.13.0, 24.0.0, ...).
  const lowest = declared.split('||').map((part) => semver.minVersion(part.trim())?.version);
  expect(lowest.every((v) => v !== undefined)).toBe(true);
  expect(semver.satisfies(process.version, declared), `running ${process.version}`).toBe(true);
  const refused: string[] = [];
  for await (const pkg of manifests(join(ROOT, 'node_modules'))) {
    const range = pkg.engines?.node;
    if (typeof range !== 'string') {
      continue;
    }
    for (const version of lowest) {
      if (version && !semver.satisfies(version, range)) {
        refused.push(`${pkg.name}@${pkg.version} wants node ${range}, not ${version}`);
      }
    }
  }
  expect([...new Set(refused)].sort()).toEqual([]);
});
