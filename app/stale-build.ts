import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_DIRS = ['app', 'src', 'rest'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      newest = Math.max(newest, newestSource(path));
    } else if (entry.name.endsWith('.ts')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** True when a source file under app/, src/ or rest/ changed after `builtFile` (in dist/). */
export function sourcesNewerThan(builtFile: string): boolean {
  const root = dirname(dirname(builtFile));
  const built = statSync(builtFile).mtimeMs;
  return Math.max(...SOURCE_DIRS.map((d) => newestSource(join(root, d)))) > built;
}

/**
 * Run from the bundle in `dist/`: says so when a source file changed after the last build (a few
 * hundred stat calls). Run from source (`npm run dev`, tests): says nothing.
 */
export function warnIfStaleBuild(moduleUrl: string, write: (line: string) => void): void {
  const file = fileURLToPath(moduleUrl);
  if (basename(dirname(file)) !== 'dist') {
    return;
  }
  try {
    if (sourcesNewerThan(file)) {
      write(
        'touchline: the sources changed after the last build: run `npm run build` (or `npm run dev`)',
      );
    }
  } catch {
    // No sources beside dist/ (an installed package): nothing to compare.
  }
}
