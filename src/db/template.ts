import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from './project-root.js';

/**
 * The embedded database's template: an empty PGlite data folder that initdb has created and
 * every committed migration has shaped, dumped to a tar by `npm run build` (run by `npm install`).
 * A new data folder loads it in about 0.4 s where initdb alone takes 2.8 s on the machines
 * (docs/benchmarks.md "Start-up"). A template that does not match the installed PGlite is not
 * used (its files would be another build's); one older than the migrations is brought up to date
 * by `ensureMigrated` like any other database.
 */
export const TEMPLATE_PATH = join(PROJECT_ROOT, 'dist', 'pglite-template.tar');
/** Written after the tar: which PGlite built it. */
export const STAMP_PATH = `${TEMPLATE_PATH}.json`;

export interface TemplateStamp {
  pglite: string;
}

export async function installedPgliteVersion(): Promise<string> {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  // The package's `exports` hide its package.json; it sits above dist/index.js.
  const manifest = join(dirname(dirname(entry)), 'package.json');
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version;
}

/** The template's bytes, or undefined when there is none usable (then PGlite runs initdb). */
export async function readTemplate(path = TEMPLATE_PATH): Promise<Blob | undefined> {
  const stampPath = `${path}.json`;
  if (!existsSync(stampPath) || !existsSync(path)) {
    return undefined;
  }
  const [stamp, version] = await Promise.all([
    readFile(stampPath, 'utf8').then((text) => JSON.parse(text) as TemplateStamp),
    installedPgliteVersion(),
  ]);
  if (stamp.pglite !== version) {
    return undefined;
  }
  return new Blob([await readFile(path)]);
}
