import type { SmPeriod } from './schemas.js';
import type { StateName } from './states.js';

/** Regular length of a period when Sportmonks leaves `period_length` out: a half. */
const HALF = 45;

const periodEnd = (p: SmPeriod) => p.counts_from + (p.period_length ?? HALF);

/** A shootout has no clock: the match stands at the end of the play before it. */
const SHOOTOUT: ReadonlySet<StateName> = new Set(['PEN_BREAK', 'INPLAY_PENALTIES']);

/**
 * Where play stopped: the furthest regular minute reached (a finished half counts 45, not
 * 45+2; a shootout period has no minutes and counts from where extra time ended).
 */
function clockAtRest(periods: readonly SmPeriod[]): string | null {
  const reached = periods.map((p) => Math.min(p.minutes ?? p.counts_from, periodEnd(p)));
  return reached.length === 0 ? null : String(Math.max(...reached));
}

/**
 * The live clock of a match in play ("67", "45+2", "HT"), from its `periods` include: the
 * ticking period's `minutes` is the match minute (counted from `counts_from`, so 56 in the
 * second half is the 56th minute); past the period's regular end it is written as stoppage
 * time ("45+2", "90+4", "105+1"). Between periods (regular time over, extra-time break) and
 * during a shootout the clock stands at the end of the play so far ("90", "120"). Null when
 * the answer has no periods yet.
 */
export function liveMinute(state: StateName, periods: readonly SmPeriod[]): string | null {
  if (state === 'HT') {
    return 'HT';
  }
  const ticking = periods.find((p) => p.ticking);
  if (ticking && !SHOOTOUT.has(state)) {
    const minute = ticking.minutes ?? ticking.counts_from;
    const end = periodEnd(ticking);
    return minute > end ? `${end}+${Math.min(minute - end, 30)}` : String(minute);
  }
  return clockAtRest(periods);
}
