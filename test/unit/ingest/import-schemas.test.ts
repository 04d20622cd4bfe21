import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { renderImportSchemas, SCHEMA_DIR } from '../../../src/ingest/import/json-schemas.js';

it('docs/import-schemas matches src/ingest/format.ts (run `npm run import:schemas`)', async () => {
  const rendered = renderImportSchemas();
  const committed = (await readdir(SCHEMA_DIR)).filter((f) => f.endsWith('.schema.json')).sort();
  expect(committed).toEqual([...rendered.keys()].sort());
  for (const [name, text] of rendered) {
    expect(await readFile(join(SCHEMA_DIR, name), 'utf8'), name).toBe(text);
  }
});
