import type { ApiPlan, PricingTier, TierLimits } from '../../accounts/plans.js';
import { escapeHtml } from '../html.js';
import type { Formatters } from './format.js';
import type { PricingLabels } from './labels.js';
import type { BillingPeriod } from './query.js';

interface TierView {
  labels: PricingLabels;
  format: Formatters;
  period: BillingPeriod;
  recommended: boolean;
}

/** Spec 2.9: a plan on promotion shows its list price struck through and the discount. */
function renderPromotion(plan: ApiPlan, v: TierView): string {
  if (plan.compareAtPrice === undefined || plan.discountPercent === undefined) {
    return '';
  }
  const was = escapeHtml(v.format.amount(plan.compareAtPrice, plan.currency));
  const off = escapeHtml(v.labels.discount(v.format.percent(plan.discountPercent)));
  return `<p class="promo"><s><span class="visually-hidden">${escapeHtml(v.labels.was)} </span>${was}</s> <span class="discount">${off}</span></p>`;
}

function renderPrice(amount: string, per: string): string {
  return `<p class="price"><span class="amount">${escapeHtml(amount)}</span> <span class="per">${escapeHtml(per)}</span></p>`;
}

/** The shown period's price, its promotion, and what the yearly plan saves (spec 2.8). */
function renderPricing(tier: PricingTier, v: TierView): string {
  const { labels, format } = v;
  if (!tier.monthly && !tier.yearly) {
    return `<p class="price"><span class="amount">${escapeHtml(labels.noCharge)}</span></p>`;
  }
  const plan = v.period === 'monthly' ? tier.monthly : tier.yearly;
  if (!plan) {
    return `<p class="price"><span class="per">${escapeHtml(labels.notOffered)}</span></p>`;
  }
  const per = v.period === 'monthly' ? labels.perMonth : labels.perYear;
  const parts = [
    renderPrice(format.amount(plan.price, plan.currency), per),
    renderPromotion(plan, v),
  ];
  const saving = tier.yearlySavingPercent;
  if (v.period === 'yearly' && tier.yearlyMonthlyEquivalent !== undefined) {
    const equivalent = format.amount(tier.yearlyMonthlyEquivalent, plan.currency);
    parts.push(`<p class="equivalent">${escapeHtml(labels.yearlyEquivalent(equivalent))}</p>`);
  }
  if (v.period === 'yearly' && saving !== undefined && saving > 0) {
    parts.push(`<p class="saving">${escapeHtml(labels.yearlySaving(format.percent(saving)))}</p>`);
  }
  if (v.period === 'monthly' && tier.yearly && saving !== undefined && saving > 0) {
    const yearly = format.amount(tier.yearly.price, tier.yearly.currency);
    parts.push(
      `<p class="other">${escapeHtml(labels.orYearly(yearly, format.percent(saving)))}</p>`,
    );
  }
  return parts.filter(Boolean).join('\n');
}

/** Spec 2.7: each allowance as the API states it. */
function renderAllowances(limits: TierLimits, v: TierView): string {
  const { labels, format } = v;
  const items = [
    labels.dailyQuota(format.count(limits.dailyQuota)),
    labels.freeMatches(format.count(limits.freeMatchesDailyQuota)),
    labels.ratePerMinute(format.count(limits.ratePerMinute)),
    labels.keys(format.count(limits.maxKeys), limits.maxKeys),
    labels.allowlist(
      format.count(limits.maxAllowlistEntriesPerKey),
      limits.maxAllowlistEntriesPerKey,
    ),
  ].map((text) => `<li>${escapeHtml(text)}</li>`);
  const analysis = limits.features.analysis;
  items.push(`<li${analysis ? '' : ' class="off"'}>${escapeHtml(labels.analysis(analysis))}</li>`);
  return `<h3>${escapeHtml(labels.allowances)}</h3>\n<ul class="allowances">\n${items.join('\n')}\n</ul>`;
}

/** One card; the recommended tier (spec 2.8 `recommendedTier`) is marked and labelled. */
export function renderTier(tier: PricingTier, v: TierView): string {
  const id = `tier-${tier.tier.toLowerCase()}`;
  const name = v.labels.tierNames[tier.tier] ?? tier.tier;
  const badge = v.recommended
    ? `\n<p class="badge" id="${id}-badge">${escapeHtml(v.labels.recommended)}</p>`
    : '';
  const describedBy = v.recommended ? ` aria-describedby="${id}-badge"` : '';
  return `<li class="tier${v.recommended ? ' recommended' : ''}" id="${id}" aria-labelledby="${id}-name"${describedBy}>
<h2 id="${id}-name">${escapeHtml(name)}</h2>${badge}
${renderPricing(tier, v)}
${renderAllowances(tier.limits, v)}
</li>`;
}
