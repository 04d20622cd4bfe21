import type { MatchStatus } from '../../football/vocabulary.js';
import type { StatsBombEvent } from './statsbomb-schema.js';

export const MINUTE_MS = 60_000;

/**
 * StatsBomb's periods: each restarts `timestamp` at 0 while `minute` goes on from the period's
 * base (period 2 starts at 45:00). `regular` is where stoppage time begins ("45+2", "90+3").
 * Period 5 (a penalty shoot-out) is not played back: it never changes the match's score.
 */
const PERIODS: Readonly<Record<number, { base: number; regular: number }>> = {
  1: { base: 0, regular: 45 },
  2: { base: 45, regular: 90 },
  3: { base: 90, regular: 105 },
  4: { base: 105, regular: 120 },
};

/** Wall time between periods: half-time 15 minutes, before extra time 5, between its halves 2. */
const BREAK_BEFORE_MS: Readonly<Record<number, number>> = {
  2: 15 * MINUTE_MS,
  3: 5 * MINUTE_MS,
  4: 2 * MINUTE_MS,
};

/** One played period on the replay's wall clock (ms after kick-off). */
export interface PeriodSpan {
  period: number;
  startMs: number;
  endMs: number;
}

export const isPlayed = (event: StatsBombEvent) => PERIODS[event.period] !== undefined;

/** `HH:MM:SS.mmm` within the period, in ms. */
export function timestampMs(timestamp: string): number {
  const [h = '0', m = '0', s = '0'] = timestamp.split(':');
  return Math.round(((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000);
}

/**
 * The periods on the wall clock: the first at kick-off, each lasting until its last event (the
 * "Half End"), the next after its break. A whole match is about 110 minutes.
 */
export function layoutPeriods(events: readonly StatsBombEvent[]): PeriodSpan[] {
  const lengths = new Map<number, number>();
  for (const e of events) {
    if (isPlayed(e)) {
      lengths.set(e.period, Math.max(lengths.get(e.period) ?? 0, timestampMs(e.timestamp)));
    }
  }
  const spans: PeriodSpan[] = [];
  let startMs = 0;
  for (const period of [...lengths.keys()].sort((a, b) => a - b)) {
    if (spans.length > 0) {
      startMs += BREAK_BEFORE_MS[period] ?? 0;
    }
    const endMs = startMs + (lengths.get(period) ?? 0);
    spans.push({ period, startMs, endMs });
    startMs = endMs;
  }
  return spans;
}

/** Wall time (ms after kick-off) of a moment `withinMs` into `period`. */
export function wallMs(spans: readonly PeriodSpan[], period: number, withinMs: number): number {
  const span = spans.find((s) => s.period === period);
  return (span?.startMs ?? 0) + withinMs;
}

/** The import format's longest stoppage (`extraMinute` <= 30). */
const MAX_EXTRA = 30;

/**
 * Match time of StatsBomb's elapsed `minute` in `period`, the way the clock shows it: never
 * before the period's first minute (1, 46, 91, 106), stoppage beyond its regular end.
 */
export function matchTime(period: number, minute: number): { minute: number; extra?: number } {
  const { base, regular } = PERIODS[period] ?? { base: 0, regular: 130 };
  const shown = Math.max(base + 1, minute);
  return shown > regular
    ? { minute: regular, extra: Math.min(shown - regular, MAX_EXTRA) }
    : { minute: shown };
}

function clockLabel(period: number, minute: number): string {
  const t = matchTime(period, minute);
  return t.extra === undefined ? String(t.minute) : `${t.minute}+${t.extra}`;
}

/** Status and clock at wall time `t`; `firstHalfOver` once the half-time score stands. */
export function phaseAt(
  spans: readonly PeriodSpan[],
  t: number,
): { status: MatchStatus; minute: string | null; firstHalfOver: boolean } {
  const last = spans.at(-1);
  if (t < 0 || !last) {
    return { status: 'scheduled', minute: null, firstHalfOver: false };
  }
  if (t >= last.endMs) {
    return { status: 'finished', minute: null, firstHalfOver: true };
  }
  const firstHalfOver = t >= (spans[0]?.endMs ?? 0);
  const current = spans.findLast((s) => s.startMs <= t) ?? last;
  const base = PERIODS[current.period]?.base ?? 0;
  if (t >= current.endMs) {
    // A break: half-time shows "HT", the others the clock the period ended on.
    const ended = base + Math.floor((current.endMs - current.startMs) / MINUTE_MS);
    const minute = current.period === 1 ? 'HT' : clockLabel(current.period, ended);
    return { status: 'live', minute, firstHalfOver };
  }
  const elapsed = base + Math.floor((t - current.startMs) / MINUTE_MS);
  return { status: 'live', minute: clockLabel(current.period, elapsed), firstHalfOver };
}

/** The wall times at which the clock turns: every minute of every period. */
export function clockTicks(spans: readonly PeriodSpan[]): number[] {
  const ticks: number[] = [];
  for (const s of spans) {
    for (let t = s.startMs; t < s.endMs; t += MINUTE_MS) {
      ticks.push(t);
    }
    ticks.push(s.endMs);
  }
  return ticks;
}
