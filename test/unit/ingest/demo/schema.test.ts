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
    expect(rows.length).toBeGreaterThan(0);
    const invalid = rows.filter((row) => !validator.Check(row));
    const first = invalid[0];
    expect(
      invalid.length,
      first ? JSON.stringify([first, ...validator.Errors(first)]).slice(0, 800) : '',
    ).toBe(0);
  });

  it('names every event and sheet player by an id players.ndjson has, with its club', () => {
    const players = new Map(
      ((folder?.files['players.ndjson'] ?? []) as { id: number; teamId: number }[]).map((p) => [
        p.id,
        p,
      ]),
    );
    const events = (folder?.files['events.ndjson'] ?? []) as {
      player?: string;
      playerId?: number;
      relatedPlayer?: string;
      relatedPlayerId?: number;
    }[];
    const named = events.filter((e) => e.player);
    expect(named.length).toBeGreaterThan(100);
    for (const e of named) {
      expect(players.has(e.playerId as number), JSON.stringify(e)).toBe(true);
      expect(e.relatedPlayer === undefined || players.has(e.relatedPlayerId as number)).toBe(true);
    }
    const sheets = (folder?.files['lineups.ndjson'] ?? []) as {
      players: { playerId?: number }[];
    }[];
    for (const p of sheets.flatMap((s) => s.players)) {
      expect(players.has(p.playerId as number)).toBe(true);
    }
    const chinese = [...players.values()].filter(
      (p) => (p as { nameZhHk?: string }).nameZhHk !== undefined,
    );
    expect(
      chinese.length,
      "the Chinese and Hong Kong clubs' players have Chinese names",
    ).toBeGreaterThan(0);
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
