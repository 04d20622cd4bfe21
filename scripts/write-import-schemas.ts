/**
 * Writes docs/import-schemas/<file>.schema.json from src/ingest/format.ts (`npm run
 * import:schemas`). test/unit/ingest/import-schemas.test.ts fails when the committed files drift.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderImportSchemas, SCHEMA_DIR } from '../src/ingest/import/json-schemas.js';

await mkdir(SCHEMA_DIR, { recursive: true });
for (const [name, text] of renderImportSchemas()) {
  await writeFile(join(SCHEMA_DIR, name), text);
}
console.log(`wrote ${renderImportSchemas().size} schemas to ${SCHEMA_DIR}`);
