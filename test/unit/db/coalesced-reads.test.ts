import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { coalescedReads } from '../../../src/db/coalesced-reads.js';

/** A keyed read over a fixed table that records each statement's keys. */
function recordingRead(table: Map<number, string>) {
  const statements: number[][] = [];
  const read = async (keys: readonly number[]) => {
    statements.push([...keys]);
    return new Map(keys.flatMap((k) => (table.has(k) ? [[k, table.get(k) as string]] : [])));
  };
  return { read, statements };
}

const TABLE = new Map([
  [1, 'one'],
  [2, 'two'],
  [3, 'three'],
  [4, 'four'],
]);

describe('coalescedReads', () => {
  it('reads the keys of every caller of one turn in one statement, each caller its own rows', async () => {
    const { read, statements } = recordingRead(TABLE);
    const shared = coalescedReads(read);
    const answers = await Promise.all([shared([1, 2]), shared([2, 3]), shared([9]), shared([4])]);
    expect(statements).toEqual([[1, 2, 3, 9, 4]]);
    expect(answers.map((rows) => [...rows])).toEqual([
      [
        [1, 'one'],
        [2, 'two'],
      ],
      [
        [2, 'two'],
        [3, 'three'],
      ],
      [],
      [[4, 'four']],
    ]);
  });

  it('never joins a statement already sent: a later caller reads what is there after it asked', async () => {
    const table = new Map(TABLE);
    const { read, statements } = recordingRead(table);
    const shared = coalescedReads(read);
    const first = shared([1]);
    await nextTurn();
    table.set(1, 'changed');
    const second = shared([1]);
    expect((await first).get(1)).toBe('one');
    expect((await second).get(1)).toBe('changed');
    expect(statements).toEqual([[1], [1]]);
  });

  it('sends a full batch at once and starts another', async () => {
    const { read, statements } = recordingRead(TABLE);
    const shared = coalescedReads(read, 2);
    const answers = await Promise.all([shared([1, 2, 3]), shared([4])]);
    expect(statements).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect([...answers[0].keys()]).toEqual([1, 2, 3]);
    expect([...answers[1].keys()]).toEqual([4]);
  });

  it('fails every caller of a failed statement, and the next turn reads again', async () => {
    let fail = true;
    const read = async (keys: readonly number[]) => {
      if (fail) {
        throw new Error('database unavailable');
      }
      return new Map(keys.map((k) => [k, String(k)]));
    };
    const shared = coalescedReads(read);
    const results = await Promise.allSettled([shared([1]), shared([2])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect([...(await shared([2]))]).toEqual([[2, '2']]);
  });

  it('fails its callers when the read throws before it returns a promise', async () => {
    const shared = coalescedReads<number, string>(() => {
      throw new Error('bad statement');
    });
    await expect(shared([1])).rejects.toThrow('bad statement');
  });

  it('sends nothing for no keys', async () => {
    const { read, statements } = recordingRead(TABLE);
    expect((await coalescedReads(read)([])).size).toBe(0);
    await nextTurn();
    expect(statements).toEqual([]);
  });
});
