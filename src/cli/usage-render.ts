import type { DailySeries, MinuteSeries } from '../accounts/usage-series.js';

/** Text output of `touchline usage --days` and `--minutes` (--json prints the series itself). */

const HK_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `HH:MM` in Hong Kong of an ISO instant. */
const hkClock = (iso: string) =>
  new Date(Date.parse(iso) + HK_OFFSET_MS).toISOString().slice(11, 16);

export function renderDailySeries(s: DailySeries): string {
  const rows = s.days.map(
    (d) => `${d.day}  ${String(d.plan).padStart(10)}  ${String(d.freeMatches).padStart(15)}`,
  );
  return [
    `account ${s.accountId} (${s.tier}), last ${s.days.length} Hong Kong day(s), today from ${s.todaySource}`,
    `limits today: plan quota ${s.quota} a day, free match-list allowance ${s.freeMatchesQuota} a day`,
    `${'day'.padEnd(10)}  plan-quota  free-match-list`,
    ...rows,
  ].join('\n');
}

export function renderMinuteSeries(s: MinuteSeries): string {
  const rows = s.hours.map(
    (h) =>
      `${hkClock(h.hour)}  ${String(h.peak).padStart(8)}  ${h.minute ? hkClock(h.minute) : '-'}`,
  );
  const peak = s.peak
    ? `busiest minute: ${s.peak.requests} request(s) at ${hkClock(s.peak.minute)}`
    : 'no requests today';
  return [
    `account ${s.accountId} (${s.tier}), Hong Kong day ${s.day}: busiest minute of each hour (limit ${s.ratePerMinute} a minute per key)`,
    'hour   peak/min  at (Hong Kong time)',
    ...rows,
    peak,
  ].join('\n');
}
