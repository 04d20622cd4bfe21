import type { DailySeries, MinuteSeries } from '../accounts/usage-series.js';
import type { ChartAssets } from './chart-assets.js';
import { type DashboardTexts, withCount } from './dashboard-texts.js';
import { escapeHtml } from './layout.js';

/** What the usage part shows: the last 30 Hong Kong days and today's minutes. */
export interface UsageCharts {
  daily: DailySeries;
  minutes: MinuteSeries;
}

const hkMidnightSeconds = (day: string) => Date.parse(`${day}T00:00:00+08:00`) / 1000;
const seconds = (iso: string) => Date.parse(iso) / 1000;
/** `HH:MM` in Hong Kong (UTC+8, no daylight saving) of an ISO instant. */
const hkTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(11, 16);
const count = (n: number) => n.toLocaleString('en');

/**
 * JSON inside `<script type="application/json">`: `<`, `>` and `&` escaped so no text can close
 * the element or open a comment, and the two line separators JavaScript once refused.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** The figures the chart script draws, with its labels in the page's language. */
function chartData(d: DashboardTexts, { daily, minutes }: UsageCharts) {
  return {
    daily: {
      title: d.dailyCaption,
      planLabel: d.planRequests,
      freeLabel: d.freeRequests,
      quotaLabel: d.quotaLine,
      freeQuotaLabel: d.freeQuotaLine,
      x: daily.days.map((day) => hkMidnightSeconds(day.day)),
      plan: daily.days.map((day) => day.plan),
      free: daily.days.map((day) => day.freeMatches),
      quota: daily.quota,
      freeQuota: daily.freeMatchesQuota,
    },
    minutes: {
      title: d.minutesCaption,
      peakLabel: d.requests,
      limitLabel: d.limitLine,
      x: minutes.minutes.map((m) => seconds(m.minute)),
      requests: minutes.minutes.map((m) => m.requests),
      limit: minutes.ratePerMinute,
    },
  };
}

const cells = (tag: 'td' | 'th', values: string[]) =>
  values.map((v) => `<${tag}>${escapeHtml(v)}</${tag}>`).join('');

function dailyTable(d: DashboardTexts, daily: DailySeries): string {
  const rows = [...daily.days]
    .reverse()
    .map((day) => `<tr>${cells('td', [day.day, count(day.plan), count(day.freeMatches)])}</tr>`);
  return [
    `<details><summary>${escapeHtml(d.dailyCaption)}</summary>`,
    '<table>',
    `<caption>${escapeHtml(d.dailyCaption)}</caption>`,
    `<thead><tr>${cells('th', [
      d.day,
      `${d.planRequests} (${withCount(d.ofLimit, daily.quota)})`,
      `${d.freeRequests} (${withCount(d.ofLimit, daily.freeMatchesQuota)})`,
    ])}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    '</table></details>',
  ].join('\n');
}

function minutesTable(d: DashboardTexts, minutes: MinuteSeries): string {
  const rows = minutes.hours.map(
    (h) =>
      `<tr>${cells('td', [hkTime(h.hour), h.minute ? hkTime(h.minute) : '-', count(h.peak)])}</tr>`,
  );
  return [
    `<details><summary>${escapeHtml(d.minutesCaption)}</summary>`,
    '<table>',
    `<caption>${escapeHtml(d.minutesCaption)}</caption>`,
    `<thead><tr>${cells('th', [
      d.hour,
      d.busiestMinute,
      `${d.requests} (${withCount(d.ofLimit, minutes.ratePerMinute)})`,
    ])}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody>`,
    '</table></details>',
  ].join('\n');
}

/**
 * The usage part: two charts drawn by our script with uPlot (both served from here), and the
 * same figures as tables (each under a summary line that opens it), so the page says
 * everything without JavaScript.
 */
export function usageSection(d: DashboardTexts, usage: UsageCharts, assets: ChartAssets): string {
  const { files, href } = assets;
  return [
    `<h2>${escapeHtml(d.usage)}</h2>`,
    `<link rel="stylesheet" href="${href(files.uplotCss)}">`,
    '<div id="chart-daily" class="chart" aria-hidden="true"></div>',
    dailyTable(d, usage.daily),
    '<div id="chart-minutes" class="chart" aria-hidden="true"></div>',
    minutesTable(d, usage.minutes),
    `<script type="application/json" id="usage-data">${jsonForScript(chartData(d, usage))}</script>`,
    `<script src="${href(files.uplotJs)}" defer></script>`,
    `<script src="${href(files.chartsJs)}" defer></script>`,
  ].join('\n');
}
