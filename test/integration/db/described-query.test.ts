import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DescribedQuery } from '../../../src/db/described-query.js';
import { createPgPool } from '../../../src/db/pg-pool.js';
import { openPgTarget, type PgTarget } from '../../../src/db/pg-target.js';
import { TEST_DATABASE_URL } from '../../helpers/db.js';

/**
 * src/db/described-query.ts: a named statement's result is described once (per process), then
 * read without Describe on every connection that has prepared it, with the same rows as `pg`'s
 * own query; an error forgets the description. PostgreSQL only (PGlite reads elsewhere).
 */
const suite = TEST_DATABASE_URL ? describe : describe.skip;

const STATEMENT = {
  text: `SELECT $1::int AS id, $2::text AS name, NULL::int AS nothing,
                '2026-12-01T10:00:00Z'::timestamptz AS at, '{"a":[1,2]}'::jsonb AS doc,
                ARRAY[1,2,3]::int[] AS list, 1.5::float8 AS ratio, true AS flag`,
  values: [7, 'Kashima Antlers'],
};

suite(`described reads${TEST_DATABASE_URL ? '' : ' [SKIPPED: DATABASE_URL not set]'}`, () => {
  let target: PgTarget;
  let plain: pg.Pool;
  beforeAll(() => {
    target = openPgTarget(TEST_DATABASE_URL ?? '', { max: 3 });
    plain = createPgPool(TEST_DATABASE_URL ?? '', { max: 1 });
  });
  afterAll(async () => {
    await target.close();
    await plain.end();
  });

  it('answers the rows pg answers, describing the statement once however often it runs', async () => {
    const describeSpy = vi.spyOn(DescribedQuery.prototype, 'handleRowDescription');
    try {
      const expected = (await plain.query(STATEMENT.text, STATEMENT.values)).rows;
      // Many at once: every connection of the pool prepares it, later reads reuse all of them.
      const reads = await Promise.all(
        Array.from({ length: 30 }, (_, i) => target.read({ ...STATEMENT, values: [i, `n${i}`] })),
      );
      for (const [i, rows] of reads.entries()) {
        expect(rows).toEqual([{ ...expected[0], id: i, name: `n${i}` }]);
      }
      const firstWave = describeSpy.mock.calls.length;
      // At most once per connection before the description was known, never after.
      expect(firstWave).toBeGreaterThanOrEqual(1);
      expect(firstWave).toBeLessThanOrEqual(3);
      for (let i = 0; i < 20; i++) {
        expect(await target.read(STATEMENT)).toEqual(expected);
      }
      expect(describeSpy.mock.calls.length).toBe(firstWave);
    } finally {
      describeSpy.mockRestore();
    }
  });

  it('forgets the description on an error and describes again after it', async () => {
    const text = 'SELECT 100 / $1::int AS quotient';
    expect(await target.read({ text, values: [4] })).toEqual([{ quotient: 25 }]);
    await expect(target.read({ text, values: [0] })).rejects.toThrow(/division by zero/);
    const describeSpy = vi.spyOn(DescribedQuery.prototype, 'handleRowDescription');
    try {
      expect(await target.read({ text, values: [5] })).toEqual([{ quotient: 20 }]);
      expect(describeSpy).toHaveBeenCalledTimes(1);
    } finally {
      describeSpy.mockRestore();
    }
  });
});
