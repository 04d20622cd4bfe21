import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FILES, type ImportFileName } from '../../../../src/ingest/format.js';
import { generate, type LoadedFolder, removeFolder } from './demo-folder.js';

const NAMES = Object.keys(IMPORT_FILES) as ImportFileName[];

describe('demo generator determinism', () => {
  let a: LoadedFolder | undefined;
  let b: LoadedFolder | undefined;
  let c: LoadedFolder | undefined;

  beforeAll(async () => {
    [a, b, c] = await Promise.all([generate(150, 7), generate(150, 7), generate(150, 8)]);
  });
  afterAll(async () => {
    await Promise.all([a, b, c].map(removeFolder));
  });

  it('writes byte-identical files for the same seed, match count and now', () => {
    for (const name of NAMES) {
      expect(b?.text[name], name).toBe(a?.text[name]);
    }
    expect(b?.manifest).toEqual(a?.manifest);
  });

  it('writes different data for a different seed', () => {
    expect(c?.text['matches.ndjson']).not.toBe(a?.text['matches.ndjson']);
    expect(c?.text['odds.ndjson']).not.toBe(a?.text['odds.ndjson']);
  });

  it('reports what it wrote', () => {
    expect(a?.stats.matches).toBe(150);
    for (const name of NAMES) {
      expect(a?.stats.records[name], name).toBe(a?.files[name].length);
    }
    const bytes = NAMES.reduce((sum, name) => sum + Buffer.byteLength(a?.text[name] ?? ''), 0);
    expect(a?.stats.bytes).toBe(bytes);
  });

  it('numbers matches densely from 1,000,001 in kick-off order', () => {
    const matches = a?.files['matches.ndjson'] ?? [];
    matches.forEach((m, i) => {
      expect(m['id']).toBe(1_000_001 + i);
    });
    const kickoffs = matches.map((m) => String(m['kickoffUtc']));
    expect([...kickoffs].sort()).toEqual(kickoffs);
  });
});
