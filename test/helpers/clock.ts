import type { Clock } from '../../src/deps.js';

/** A clock tests move by hand, to cross minute boundaries and Hong Kong midnight without sleeping. */
export function createFakeClock(start: string | Date = '2026-11-22T10:00:00.000Z') {
  let current = new Date(start).getTime();
  const clock: Clock & { set(iso: string): void; advance(ms: number): void } = {
    now: () => new Date(current),
    set: (iso) => {
      current = new Date(iso).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
  return clock;
}
