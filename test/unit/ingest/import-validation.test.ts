import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { ImportValidationError, importFolder } from '../../../src/ingest/import/index.js';
import { createTestDatabase } from '../../helpers/db.js';
import { type Files, sampleFiles, writeFolder } from '../../integration/ingest/sample-folder.js';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase('pglite');
}, 120_000);
afterAll(async () => {
  await db?.close();
});

const lines = (records: unknown[]) => records.map((r) => JSON.stringify(r));

async function failure(files: Files, manifest?: unknown): Promise<ImportValidationError> {
  const dir = await writeFolder(files, manifest);
  const error = await importFolder(db.prisma, dir).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportValidationError);
  return error as ImportValidationError;
}

async function expectNothingWritten() {
  const counts = await db.prisma.$queryRawUnsafe<{ n: number }[]>(
    `SELECT (SELECT count(*) FROM competitions) + (SELECT count(*) FROM teams) + (SELECT count(*) FROM bookmakers) + (SELECT count(*) FROM matches) + (SELECT count(*) FROM match_events) + (SELECT count(*) FROM odds) AS n`,
  );
  expect(Number(counts[0]?.n)).toBe(0);
}

describe('importFolder validation (nothing is written on error)', () => {
  it('names file, line and field of a bad value', async () => {
    const files = sampleFiles();
    (files['matches.ndjson'][1] as Record<string, unknown>)['kickoffUtc'] = '2025-01-04 15:00';
    const error = await failure(files);
    expect(error.message).toBe(
      'matches.ndjson line 2, field /kickoffUtc: must match format "date-time"',
    );
    expect([error.file, error.line, error.field]).toEqual(['matches.ndjson', 2, '/kickoffUtc']);
    await expectNothingWritten();
  });

  it('lists the allowed values of an enum and names nested fields', async () => {
    const files = sampleFiles();
    (files['events.ndjson'][0] as Record<string, unknown>)['type'] = 'goall';
    expect((await failure(files)).message).toMatch(
      /^events\.ndjson line 1, field \/type: must be one of "goal", "own_goal",/,
    );
    const nested = sampleFiles();
    const sheet = nested['lineups.ndjson'][0] as { players: Record<string, unknown>[] };
    sheet.players[2] = { ...sheet.players[2], x: 101 };
    expect((await failure(nested)).message).toBe(
      'lineups.ndjson line 1, field /players/2/x: must be <= 100',
    );
    const extra = sampleFiles();
    (extra['teams.ndjson'][1] as Record<string, unknown>)['colour'] = 'white';
    expect((await failure(extra)).message).toBe(
      'teams.ndjson line 2, field /colour: is not a field of this file',
    );
    await expectNothingWritten();
  });

  it('names file and line of a line that is not JSON', async () => {
    const events = lines(sampleFiles()['events.ndjson']);
    const error = await failure({ ...sampleFiles(), 'events.ndjson': `${events[0]}\n\n{oops` });
    expect(error.message).toMatch(/^events\.ndjson line 3: is not valid JSON \(/);
    expect(error.line).toBe(3);
    await expectNothingWritten();
  });

  it('refuses unknown files instead of ignoring them', async () => {
    const { 'matches.ndjson': matches, ...rest } = sampleFiles();
    const error = await failure({ ...rest, 'match.ndjson': matches });
    expect(error.message).toMatch(/^match\.ndjson: unknown file in the import folder/);
    await expectNothingWritten();
  });

  it('refuses a missing or wrong manifest', async () => {
    expect(
      (await failure(sampleFiles(), { format: 'touchline-import', version: 2, source: 'x' }))
        .message,
    ).toBe('manifest.json, field /version: must be equal to constant');
    await expectNothingWritten();
  });

  it('names a dangling reference (not in the import, not in the database)', async () => {
    const files = sampleFiles();
    (files['odds.ndjson'][2] as Record<string, unknown>)['bookmakerId'] = 99;
    const error = await failure(files);
    expect(error.message).toBe(
      'odds.ndjson line 3, field /bookmakerId: bookmaker 99 does not exist (neither in this import nor in the database)',
    );
    const { 'matches.ndjson': _, ...noMatches } = sampleFiles();
    expect((await failure(noMatches)).message).toBe(
      'events.ndjson line 1, field /matchId: match 1000 does not exist (neither in this import nor in the database)',
    );
    await expectNothingWritten();
  });

  it("names a dangling player id of an event, a line-up player or a player's club", async () => {
    const event = sampleFiles();
    (event['events.ndjson'][0] as Record<string, unknown>)['relatedPlayerId'] = 77;
    expect((await failure(event)).message).toBe(
      'events.ndjson line 1, field /relatedPlayerId: player 77 does not exist (neither in this import nor in the database)',
    );
    const lineup = sampleFiles();
    const sheet = lineup['lineups.ndjson'][0] as { players: Record<string, unknown>[] };
    (sheet.players[1] as Record<string, unknown>)['playerId'] = 78;
    expect((await failure(lineup)).message).toBe(
      'lineups.ndjson line 1, field /players/1/playerId: player 78 does not exist (neither in this import nor in the database)',
    );
    const club = sampleFiles();
    (club['players.ndjson'][1] as Record<string, unknown>)['teamId'] = 79;
    expect((await failure(club)).message).toBe(
      'players.ndjson line 2, field /teamId: team 79 does not exist (neither in this import nor in the database)',
    );
    const day = sampleFiles();
    (day['players.ndjson'][0] as Record<string, unknown>)['birthDate'] = '22/05/2001';
    expect((await failure(day)).message).toMatch(/^players\.ndjson line 1, field \/birthDate: /);
    await expectNothingWritten();
  });

  it('refuses duplicate primary keys within a file', async () => {
    const files = sampleFiles();
    files['events.ndjson'].push({ ...(files['events.ndjson'][0] as object), minute: 3 });
    const error = await failure(files);
    expect(error.message).toBe(
      'events.ndjson line 3: duplicate key (matchId 1000, seq 0), first seen on line 1',
    );
    const names = sampleFiles();
    names['bookmakers.ndjson'].push({ id: 7, name: 'Bet365', nameEn: 'B', isAggregate: false });
    expect((await failure(names)).message).toBe(
      'bookmakers.ndjson line 4, field /name: "Bet365" is already used by id 1 on line 1',
    );
    await expectNothingWritten();
  });

  it('refuses a duplicate pool on one regional board', async () => {
    const files = sampleFiles();
    const board = files['regional.ndjson'][0] as { pools: object[] };
    board.pools.push({ pool: 'HAD', home: 2 });
    expect((await failure(files)).message).toBe(
      'regional.ndjson line 1, field /pools/2/pool: pool HAD appears twice',
    );
    await expectNothingWritten();
  });
});
