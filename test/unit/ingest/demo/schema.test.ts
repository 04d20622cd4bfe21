import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPORT_FILES,
  type ImportFileName,
  ManifestRecord,
} from '../../../../src/ingest/format.js';
import { generate, type LoadedFolder, removeFolder } from './demo-folder.js';

describe('demo folder against the import format', () => {
  let folder: LoadedFolder | undefined;

  beforeAll(async () => {
    folder = await generate(200, 42);
  });
  afterAll(() => removeFolder(folder));

  it('has a valid manifest', () => {
    expect(Compile(ManifestRecord).Check(folder?.manifest)).toBe(true);
  });

  it.each(Object.keys(IMPORT_FILES) as ImportFileName[])('every record of %s validates', (name) => {
    const validator = Compile(IMPORT_FILES[name]);
    const rows = folder?.files[name] ?? [];
    // The demo names players by text only (no players.ndjson yet): issue 49 left it for later.
    expect(rows.length > 0 || name === 'players.ndjson').toBe(true);
    const invalid = rows.filter((row) => !validator.Check(row));
    const first = invalid[0];
    expect(
      invalid.length,
      first ? JSON.stringify([first, ...validator.Errors(first)]).slice(0, 800) : '',
    ).toBe(0);
  });

  it('rejects a broken record (the validator does check)', () => {
    const validator = Compile(IMPORT_FILES['odds.ndjson']);
    expect(
      validator.Check({ matchId: 1, bookmakerId: 1, market: 'had', open: { line: 0.3 } }),
    ).toBe(false);
    expect(
      Compile(IMPORT_FILES['matches.ndjson']).Check({
        ...folder?.files['matches.ndjson'][0],
        kickoffUtc: 'soon',
      }),
    ).toBe(false);
  });
});
