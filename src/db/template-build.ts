import { rename, writeFile } from 'node:fs/promises';
import { applyMigrations } from './migrate.js';
import {
  installedPgliteVersion,
  STAMP_PATH,
  TEMPLATE_PATH,
  type TemplateStamp,
} from './template.js';

/** Builds the template: a fresh in-memory PGlite, every migration, a checkpoint, a tar. */
export async function writeTemplate(): Promise<void> {
  const [{ PGlite }, { PrismaPGlite }, version] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
    installedPgliteVersion(),
  ]);
  const pglite = new PGlite();
  try {
    await applyMigrations(new PrismaPGlite(pglite));
    await pglite.exec('CHECKPOINT');
    const tar = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
    // The stamp is written last: a build cut off half-way leaves no stamp, so no template.
    await writeFile(`${TEMPLATE_PATH}.partial`, tar);
    await rename(`${TEMPLATE_PATH}.partial`, TEMPLATE_PATH);
    const stamp: TemplateStamp = { pglite: version };
    await writeFile(STAMP_PATH, `${JSON.stringify(stamp)}\n`);
  } finally {
    await pglite.close();
  }
}
