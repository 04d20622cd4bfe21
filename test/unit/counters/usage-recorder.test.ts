import { describe, expect, it } from 'vitest';
import { UsageRecorder } from '../../../src/counters/usage-recorder.js';
import { usageStatement } from '../../../src/counters/usage-statement.js';
import type { PrismaClient } from '../../../src/db/generated/client.js';

/** A database stand-in that fails the statements the test names and keeps the others. */
function fakeDatabase(failing: (call: number) => boolean) {
  const written: unknown[][] = [];
  let calls = 0;
  const db = {
    $executeRawUnsafe: async (_text: string, ...values: unknown[]) => {
      calls += 1;
      if (failing(calls)) {
        throw new Error('connection lost');
      }
      written.push(values);
      return 1;
    },
    minuteUsage: { deleteMany: async () => ({ count: 0 }) },
  };
  return { db: db as unknown as PrismaClient, written };
}

const window = (keyId: number, minute = 29_000_000) => ({
  accountId: 1,
  keyId,
  day: '2026-11-22',
  minute,
});

/** The minute-usage request counts a statement's values carry (its last array). */
const minuteCounts = (values: unknown[]) => values.at(-1) as number[];

describe('usage recorder batches', () => {
  it('a failed statement keeps only its own deltas for the next flush: none is written twice', async () => {
    const { db, written } = fakeDatabase((call) => call === 2);
    const recorder = new UsageRecorder(db);
    for (let keyId = 1; keyId <= 1500; keyId += 1) {
      recorder.record(window(keyId), 1, 1, 0);
    }
    await recorder.flush(); // statement 1 (1000 deltas) in, statement 2 (500) fails
    await recorder.flush(); // the 500 again
    const total = written.reduce((sum, values) => sum + minuteCounts(values).length, 0);
    expect(written.map((values) => minuteCounts(values).length)).toEqual([1000, 500]);
    expect(total).toBe(1500);
  });

  it('requests of one key in one minute are one delta; an empty record adds nothing', async () => {
    const { db, written } = fakeDatabase(() => false);
    const recorder = new UsageRecorder(db);
    recorder.record(window(7), 1, 1, 0);
    recorder.record(window(7), 1, 0, 0);
    recorder.record(window(7, 29_000_001), 1, 0, 1);
    recorder.record(window(8), 0, 0, 0);
    await recorder.flush();
    await recorder.flush();
    expect(written).toHaveLength(1);
    expect(minuteCounts(written[0] ?? [])).toEqual([2, 1]);
    // daily_usage: one row for key 7's day, 1 plan and 1 free request.
    expect(written[0]?.slice(0, 5)).toEqual([[1], ['2026-11-22'], [7], [1], [1]]);
  });
  it('uncounted day units and what Redis counts later net out in the row of the day', async () => {
    const { db, written } = fakeDatabase(() => false);
    const recorder = new UsageRecorder(db);
    recorder.record(window(7), 3, 3, 0, true);
    recorder.record(window(7), 1, 1, 0);
    recorder.counted(window(7, 29_000_001), 2, 0);
    await recorder.flush();
    // daily_usage: 4 plan requests charged, 3 - 2 of them not yet counted in Redis.
    expect(written[0]?.slice(0, 7)).toEqual([[1], ['2026-11-22'], [7], [4], [0], [1], [0]]);
  });
});

describe('usageStatement', () => {
  const delta = (
    minute: number,
    requests: number,
    plan: number,
    free: number,
    day = '2026-11-22',
  ) => ({
    ...window(3, minute),
    day,
    requests,
    plan,
    free,
    planUncounted: 0,
    freeUncounted: 0,
  });

  it('sums a key-day once across its minutes and writes each minute', () => {
    const { text, values } = usageStatement([
      delta(29_000_000, 2, 2, 0),
      delta(29_000_001, 1, 0, 1),
      delta(29_000_002, 5, 0, 0, '2026-11-23'),
    ]);
    expect(text).toMatch(/^WITH charged AS \(INSERT INTO daily_usage/);
    expect(values).toEqual([
      [1],
      ['2026-11-22'],
      [3],
      [2],
      [1],
      [0],
      [0],
      [1, 1, 1],
      [
        new Date(29_000_000 * 60_000).toISOString(),
        new Date(29_000_001 * 60_000).toISOString(),
        new Date(29_000_002 * 60_000).toISOString(),
      ],
      [3, 3, 3],
      [2, 1, 5],
    ]);
  });

  it('leaves out the table a batch has nothing for', () => {
    expect(usageStatement([delta(29_000_000, 1, 0, 0)]).text).toMatch(/^INSERT INTO minute_usage/);
    expect(usageStatement([delta(29_000_000, 0, 1, 0)]).text).toMatch(/^INSERT INTO daily_usage/);
  });
});
