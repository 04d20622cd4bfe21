import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteRead } from '../../../src/db/pglite-read.js';
import type { SqlStatement } from '../../../src/db/sql.js';

const statement = (text: string, ...values: unknown[]): SqlStatement => ({ text, values });

/**
 * The embedded database's reads as named prepared statements (src/db/pglite-read.ts): the same
 * rows as `pglite.query`, errors that leave the next read working, a statement prepared again
 * after its table changed, and reads that wait for another caller's transaction.
 */
describe('embedded reads as prepared statements', () => {
  const pglite = new PGlite();
  const read = createPgliteRead(pglite);

  beforeAll(async () => {
    await pglite.exec(`
      CREATE TABLE items (id int PRIMARY KEY, name text, at timestamptz, score float8, live boolean);
      INSERT INTO items VALUES
        (1, 'one', '2026-11-28T10:00:00Z', 1.5, true),
        (2, NULL, NULL, NULL, false),
        (3, 'three', '2026-11-28T12:30:00Z', -2, true);`);
  });
  afterAll(() => pglite.close());

  it('gives the rows pglite.query gives, for every kind of parameter, read after read', async () => {
    const cases = [
      statement('SELECT * FROM items WHERE id = $1', 1),
      statement('SELECT * FROM items WHERE id = ANY($1::int[]) ORDER BY id', [1, 2, 3]),
      statement('SELECT id FROM items WHERE name = $1 OR $1::text IS NULL ORDER BY id', null),
      statement(
        'SELECT id FROM items WHERE at >= $1 ORDER BY id',
        new Date('2026-11-28T11:00:00Z'),
      ),
      statement('SELECT id, live FROM items WHERE live = $1 AND score > $2', true, 0),
      statement('SELECT count(*)::int AS n FROM items'),
    ];
    for (let round = 0; round < 3; round++) {
      for (const sql of cases) {
        const expected = (await pglite.query(sql.text, [...sql.values])).rows;
        expect(await read(sql), sql.text).toEqual(expected);
      }
    }
    expect(await read(statement('SELECT * FROM items WHERE id = $1', 9))).toEqual([]);
  });

  it('throws PostgreSQL errors, and the next read still works', async () => {
    await expect(read(statement('SELECT 1 / (id - $1) FROM items', 2))).rejects.toThrow(
      /division by zero/,
    );
    await expect(read(statement('SELECT nope FROM items'))).rejects.toThrow(/nope/);
    expect(await read(statement('SELECT id FROM items WHERE id = $1', 3))).toEqual([{ id: 3 }]);
    // Once again after the error: the statement is prepared again, not "already exists".
    await expect(read(statement('SELECT 1 / (id - $1) FROM items', 2))).rejects.toThrow(
      /division by zero/,
    );
    expect(await read(statement('SELECT 1 / (id - $1) AS q FROM items WHERE id = 1', 2))).toEqual([
      { q: -1 },
    ]);
  });

  it('prepares a statement again when its table changed under it', async () => {
    const all = statement('SELECT * FROM items WHERE id = $1', 1);
    expect(Object.keys((await read(all))[0] ?? {})).not.toContain('extra');
    await pglite.exec(`ALTER TABLE items ADD COLUMN extra int DEFAULT 7`);
    const after = await read(all).catch(() => read(all));
    expect(after[0]).toMatchObject({ id: 1, extra: 7 });
    expect(await read(all)).toEqual(after);
  });

  it('waits for another caller’s transaction instead of reading inside it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = pglite.transaction(async (tx) => {
      await tx.query(`UPDATE items SET name = 'changed' WHERE id = 1`);
      await held;
      await tx.rollback();
    });
    const reading = read(statement('SELECT name FROM items WHERE id = $1', 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction.catch(() => {});
    expect(await reading).toEqual([{ name: 'one' }]);
  });
});
