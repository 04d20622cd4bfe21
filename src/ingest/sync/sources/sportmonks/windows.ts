import type { PassScope } from '../../adapter.js';

/** `fixtures/between/{start}/{end}` takes at most 100 days (docs: GET Fixtures by Date Range). */
const MAX_WINDOW_DAYS = 100;

const DAY_MS = 86_400_000;

export interface DateWindow {
  start: string;
  end: string;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`).getTime();
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The dates a full pass covers: the scope's `from`/`to` (one given alone covers the 100 days
 * from or to it), or else a European season, 1 July to 30 June, of `scope.season` or of the
 * season under way at `scope.now` (it starts in July).
 */
export function passDates(scope: PassScope): DateWindow {
  if (scope.from || scope.to) {
    const span = (MAX_WINDOW_DAYS - 1) * DAY_MS;
    const start = scope.from ?? iso(day(scope.to as string) - span);
    return { start, end: scope.to ?? iso(day(start) + span) };
  }
  const now = scope.now;
  const year =
    scope.season ?? (now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1);
  return { start: `${year}-07-01`, end: `${year + 1}-06-30` };
}

/** The dates cut into windows of at most 100 days, both ends included. */
export function splitWindows({ start, end }: DateWindow): DateWindow[] {
  const windows: DateWindow[] = [];
  for (let from = day(start); from <= day(end); from += MAX_WINDOW_DAYS * DAY_MS) {
    windows.push({
      start: iso(from),
      end: iso(Math.min(from + (MAX_WINDOW_DAYS - 1) * DAY_MS, day(end))),
    });
  }
  return windows;
}
