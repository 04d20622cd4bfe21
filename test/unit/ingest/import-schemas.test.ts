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

it('the published feed schema accepts what the feed accepts and refuses what it refuses', async () => {
  const { createSchemaAjv } = await import('../../helpers/openapi-validator.js');
  const schema = JSON.parse(await readFile(join(SCHEMA_DIR, 'feed-change.schema.json'), 'utf8'));
  const validate = createSchemaAjv().compile(schema);
  const { checkChange } = await import('../../../src/ingest/changes/format.js');
  const good = [
    {
      op: 'upsert',
      resource: 'events',
      record: { matchId: 7, seq: 1, minute: 3, type: 'goal', side: 'home' },
    },
    { op: 'delete', resource: 'events', key: { matchId: 7, seq: 1 } },
    { op: 'delete', resource: 'matches', key: { id: 7 } },
  ];
  const bad = [
    {
      op: 'upsert',
      resource: 'events',
      record: { matchId: 7, seq: 1, minute: 'x', type: 'goal', side: 'home' },
    },
    { op: 'delete', resource: 'events', key: { matchId: 7 } },
    { op: 'delete', resource: 'events', key: { matchId: 7, seq: 1 }, record: {} },
    { op: 'merge', resource: 'events', key: { matchId: 7, seq: 1 } },
  ];
  for (const value of good) {
    expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
    expect(() => checkChange(value, 1, 'feed')).not.toThrow();
  }
  for (const value of bad) {
    expect(validate(value), JSON.stringify(value)).toBe(false);
    expect(() => checkChange(value, 1, 'feed')).toThrow();
  }
});
