import { describe, expect, it } from 'vitest';
import { createWalClock, parseLsn } from '../../../src/db/replicas/wal-clock.js';

describe('parseLsn', () => {
  it('reads PostgreSQL WAL positions as bytes', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/3000148')).toBe(0x3000148n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('refuses anything else', () => {
    expect(() => parseLsn('')).toThrow(/not a WAL position/);
    expect(() => parseLsn('16:B374D848')).toThrow(/not a WAL position/);
  });
});

describe('the WAL clock: a replay position as a lag in time', () => {
  it('an idle primary: a replica at its position is not behind, however long ago it wrote', () => {
    const clock = createWalClock(60_000);
    clock.record(1_000, 500n);
    clock.record(2_000, 500n);
    clock.record(30_000, 500n);
    expect(clock.lagMs(500n, 30_010)).toBe(0);
  });

  it('a busy primary: the age of the newest position the replica has replayed', () => {
    const clock = createWalClock(60_000);
    clock.record(1_000, 100n);
    clock.record(1_500, 200n);
    clock.record(2_000, 300n);
    expect(clock.lagMs(300n, 2_100)).toBe(0);
    expect(clock.lagMs(250n, 2_100)).toBe(600);
    expect(clock.lagMs(100n, 2_100)).toBe(1_100);
  });

  it('a position repeated later counts from its latest sighting', () => {
    const clock = createWalClock(60_000);
    clock.record(1_000, 100n);
    clock.record(5_000, 100n);
    clock.record(5_500, 200n);
    expect(clock.lagMs(100n, 6_000)).toBe(1_000);
  });

  it('behind every kept position: unknown (Infinity), also right after start', () => {
    const clock = createWalClock(10_000);
    clock.record(1_000, 100n);
    expect(clock.lagMs(99n, 1_001)).toBe(Number.POSITIVE_INFINITY);
    for (let t = 2_000; t <= 30_000; t += 1_000) {
      clock.record(t, BigInt(t));
    }
    expect(clock.lagMs(5_000n, 30_000)).toBe(Number.POSITIVE_INFINITY);
    expect(clock.lagMs(25_000n, 30_000)).toBe(5_000);
  });

  it('a primary whose position goes back (another server) starts the history over', () => {
    const clock = createWalClock(60_000);
    clock.record(1_000, 900n);
    clock.record(2_000, 50n);
    expect(clock.lagMs(50n, 2_500)).toBe(0);
    expect(clock.lagMs(49n, 2_500)).toBe(Number.POSITIVE_INFINITY);
  });
});
