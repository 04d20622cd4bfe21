import { beforeAll, beforeEach, expect, it } from 'vitest';
import { MINUTE_RETENTION_MS, UsageRecorder } from '../../../src/counters/usage-recorder.js';
import { hkDay, minuteWindow } from '../../../src/counters/windows.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';

const HOUR_MS = 60 * 60 * 1000;

describeEachDatabase('usage recorder: daily_usage and minute_usage', ({ db }) => {
  const clock = createFakeClock();
  let accountId: number;
  let keyId: number;
  beforeAll(async () => {
    ({ accountId, keyId } = await createAccountWithKey(db(), 'Plus'));
  });
  beforeEach(async () => {
    clock.set('2026-11-22T10:00:30.000Z');
    await db().prisma.minuteUsage.deleteMany({});
    await db().prisma.dailyUsage.deleteMany({});
  });

  const windowAt = (iso: string) => {
    const at = new Date(iso);
    return { accountId, keyId, day: hkDay(at), minute: minuteWindow(at) };
  };
  const minuteRows = async () =>
    (
      await db().prisma.minuteUsage.findMany({ where: { accountId }, orderBy: { minute: 'asc' } })
    ).map((r) => [r.minute.toISOString(), r.keyId, r.requests]);
  const dailyRows = async () =>
    (await db().prisma.dailyUsage.findMany({ where: { accountId }, orderBy: { day: 'asc' } })).map(
      (r) => [r.day.toISOString().slice(0, 10), r.planRequests, r.freeMatchRequests],
    );

  it('one flush writes both tables; two recorders (two instances) add their own deltas', async () => {
    const a = new UsageRecorder(db().prisma, { now: clock.now });
    const b = new UsageRecorder(db().prisma, { now: clock.now });
    const minute = windowAt('2026-11-22T10:00:30.000Z');
    a.record(minute, 1, 1, 0);
    a.record(minute, 1, 0, 1);
    a.record(minute, 1, 0, 0); // a 400: on the minute only
    b.record(minute, 3, 3, 0); // a GraphQL operation of three units
    await a.flush();
    await b.flush();
    b.record(minute, 1, 1, 0);
    await b.flush();
    expect(await minuteRows()).toEqual([['2026-11-22T10:00:00.000Z', keyId, 7]]);
    expect(await dailyRows()).toEqual([['2026-11-22', 5, 1]]);
  });

  it('minutes of one day in one batch make one daily row; Hong Kong midnight starts another', async () => {
    const recorder = new UsageRecorder(db().prisma, { now: clock.now });
    recorder.record(windowAt('2026-11-22T15:58:10.000Z'), 2, 2, 0);
    recorder.record(windowAt('2026-11-22T15:59:59.000Z'), 1, 1, 0);
    recorder.record(windowAt('2026-11-22T16:00:00.000Z'), 4, 0, 4);
    await recorder.flush();
    expect(await minuteRows()).toEqual([
      ['2026-11-22T15:58:00.000Z', keyId, 2],
      ['2026-11-22T15:59:00.000Z', keyId, 1],
      ['2026-11-22T16:00:00.000Z', keyId, 4],
    ]);
    expect(await dailyRows()).toEqual([
      ['2026-11-22', 3, 0],
      ['2026-11-23', 0, 4],
    ]);
  });

  it('a minute-only batch writes no daily row', async () => {
    const recorder = new UsageRecorder(db().prisma, { now: clock.now });
    recorder.record(windowAt('2026-11-22T10:00:30.000Z'), 1, 0, 0);
    await recorder.flush();
    expect(await minuteRows()).toEqual([['2026-11-22T10:00:00.000Z', keyId, 1]]);
    expect(await dailyRows()).toEqual([]);
  });

  it('deletes minute rows older than 48 hours, at most once an hour', async () => {
    const now = clock.now().getTime();
    const at = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);
    const old = at(now - MINUTE_RETENTION_MS - 60_000);
    const kept = at(now - MINUTE_RETENTION_MS + 60_000);
    await db().prisma.minuteUsage.createMany({
      data: [old, kept].map((minute) => ({ accountId, keyId, minute, requests: 1 })),
    });
    const recorder = new UsageRecorder(db().prisma, { now: clock.now });
    await recorder.flush();
    expect(await minuteRows()).toEqual([[kept.toISOString(), keyId, 1]]);

    // Within the hour a flush does not prune again; after it, it does.
    clock.advance(HOUR_MS - 1000);
    await recorder.flush();
    expect(await minuteRows()).toEqual([[kept.toISOString(), keyId, 1]]);
    clock.advance(1000);
    await recorder.flush();
    expect(await minuteRows()).toEqual([]);
  });

  it('stop() flushes what is pending', async () => {
    const recorder = new UsageRecorder(db().prisma, { now: clock.now, intervalMs: 60_000 });
    recorder.start();
    recorder.record(windowAt('2026-11-22T10:00:30.000Z'), 2, 2, 0);
    await recorder.stop();
    expect(await minuteRows()).toEqual([['2026-11-22T10:00:00.000Z', keyId, 2]]);
  });
});
