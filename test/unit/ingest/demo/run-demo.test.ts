import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from '../../../../src/ingest/demo/index.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/db.js';
import { DEMO_NOW } from './demo-folder.js';

describe('runDemo: generate and import into embedded PGlite', () => {
  let db: TestDatabase | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('imports the generated folder and removes its temporary folder', async () => {
    const prisma = db?.prisma;
    if (!prisma) {
      throw new Error('no database');
    }
    const before = (await readdir(tmpdir())).filter((n) => n.startsWith('touchline-demo-'));
    const result = await runDemo(prisma, { matches: 80, seed: 3, now: DEMO_NOW });
    expect(result.generated.matches).toBe(80);
    expect(await prisma.match.count()).toBe(80);
    expect(await prisma.odds.count()).toBe(result.generated.records['odds.ndjson']);
    expect(await prisma.oddsMovement.count()).toBe(result.generated.records['movements.ndjson']);
    expect(await prisma.lineupPlayer.count()).toBeGreaterThan(0);
    const bookmaker = await prisma.bookmaker.findUnique({ where: { name: '澳门*' } });
    expect(bookmaker?.isAggregate).toBe(false);
    const after = (await readdir(tmpdir())).filter((n) => n.startsWith('touchline-demo-'));
    expect(after.sort()).toEqual(before.sort());
  }, 180_000);
});
