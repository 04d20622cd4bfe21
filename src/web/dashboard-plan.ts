import type { SubscriptionView } from '../accounts/subscriptions/subscription-state.js';
import type { TierLimit } from '../db/generated/client.js';
import { hkDate, row } from './dashboard-key.js';
import { type DashboardTexts, fill, withCount } from './dashboard-texts.js';
import { escapeHtml } from './layout.js';
import type { WebTexts } from './texts.js';

/** What the period end brings, as the subscription service will apply it (spec 1). */
function atPeriodEnd(t: WebTexts, sub: SubscriptionView): string {
  if (sub.status === 'cancelled') {
    return t.atPeriodEnd.cancels;
  }
  return sub.pendingTier ? `${t.atPeriodEnd.changes} ${sub.pendingTier}` : t.atPeriodEnd.renews;
}

function planRows(t: WebTexts, d: DashboardTexts, sub: SubscriptionView): string {
  const period = sub.periodEnd ? `${hkDate(sub.periodEnd)}, ${atPeriodEnd(t, sub)}` : t.noPeriod;
  const grace = sub.graceUntil
    ? row(d.grace, escapeHtml(fill(d.graceRule, { date: hkDate(sub.graceUntil) })))
    : '';
  return row(t.plan, escapeHtml(sub.tier)) + row(t.periodEnd, escapeHtml(period)) + grace;
}

function allowanceRows(d: DashboardTexts, limits: TierLimit): string {
  return [
    row(d.dailyQuota, escapeHtml(withCount(d.requestsPerDay, limits.dailyQuota))),
    row(d.perMinute, escapeHtml(withCount(d.requestsPerMinute, limits.ratePerMinute))),
    row(d.freeMatchList, escapeHtml(withCount(d.requestsPerDay, limits.freeMatchesDailyQuota))),
  ].join('');
}

/** The plan part: tier, period end and what happens at it, and the allowances in force now. */
export function planSection(
  t: WebTexts,
  d: DashboardTexts,
  sub: SubscriptionView,
  limits: TierLimit,
): string {
  return [
    `<h2>${escapeHtml(t.plan)}</h2>`,
    `<dl>${planRows(t, d, sub)}</dl>`,
    `<h2>${escapeHtml(d.allowances)}</h2>`,
    `<dl>${allowanceRows(d, limits)}</dl>`,
  ].join('\n');
}
