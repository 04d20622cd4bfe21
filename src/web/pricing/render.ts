import type { Pricing } from '../../accounts/plans.js';
import { LANGUAGES, type Language } from '../../i18n/language.js';
import { escapeHtml } from '../html.js';
import { formattersFor } from './format.js';
import { PRICING_LABELS, type PricingLabels } from './labels.js';
import { BILLING_PERIODS, type BillingPeriod } from './query.js';
import { renderTier } from './render-tier.js';
import { PRICING_CSS } from './style.js';

export const PRICING_PATH = '/pricing';

/** Every link names both choices, so a page's bytes depend on (language, period) only. */
const pricingHref = (language: Language, period: BillingPeriod) =>
  `${PRICING_PATH}?lang=${language}&amp;period=${period}`;

function renderLanguageSwitch(current: Language, period: BillingPeriod, l: PricingLabels): string {
  const links = LANGUAGES.map((language) => {
    const marked = language === current ? ' aria-current="true"' : '';
    const name = escapeHtml(PRICING_LABELS[language].languageName);
    return `<li><a href="${pricingHref(language, period)}" lang="${language}" hreflang="${language}"${marked}>${name}</a></li>`;
  });
  return `<nav aria-label="${escapeHtml(l.languageNav)}"><ul class="switch">${links.join('')}</ul></nav>`;
}

/** Links, not a script: the switch works without JavaScript and each view has its own URL. */
function renderPeriodSwitch(language: Language, current: BillingPeriod, l: PricingLabels): string {
  const links = BILLING_PERIODS.map((period) => {
    const marked = period === current ? ' aria-current="page"' : '';
    const name = escapeHtml(period === 'monthly' ? l.monthly : l.yearly);
    return `<li><a href="${pricingHref(language, period)}"${marked}>${name}</a></li>`;
  });
  return `<nav class="periods" aria-label="${escapeHtml(l.periodNav)}"><ul class="switch">${links.join('')}</ul></nav>`;
}

function renderNotes(pricing: Pricing, language: Language, l: PricingLabels): string {
  const seconds = formattersFor(language).count(pricing.propagationSeconds);
  return `<footer class="notes">
<p><a href="/signup?lang=${language}">${escapeHtml(l.signUp)}</a> · <a href="/dashboard?lang=${language}">${escapeHtml(l.signIn)}</a></p>
<p>${escapeHtml(l.resetNote)}${l.sentenceGap}${escapeHtml(l.propagation(seconds))}</p>
<p>${escapeHtml(l.machineReadable)} <a href="/v1/football/meta/plans"><code>GET /v1/football/meta/plans</code></a> · <a href="/docs">${escapeHtml(l.reference)}</a></p>
</footer>`;
}

/**
 * The price page (DECISIONS.md "Accounts on the web"): the figures of `GET
 * /v1/football/meta/plans`, as the plans service computed them, for one language and billing
 * period. No script, no font, no address of another host.
 */
export function renderPricingPage(
  pricing: Pricing,
  language: Language,
  period: BillingPeriod,
): string {
  const labels = PRICING_LABELS[language];
  const format = formattersFor(language);
  const tiers = pricing.tiers.map((tier) =>
    renderTier(tier, {
      labels,
      format,
      period,
      recommended: tier.tier === pricing.recommendedTier,
    }),
  );
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(labels.title)}</title>
<link rel="icon" href="data:,">
<style>${PRICING_CSS}</style>
</head>
<body>
<header class="top">
<span class="brand">touchline</span>
${renderLanguageSwitch(language, period, labels)}
</header>
<main>
<h1>${escapeHtml(labels.heading)}</h1>
<p class="lead">${escapeHtml(labels.lead)}${labels.sentenceGap}${escapeHtml(labels.pricesIn(pricing.currency))}</p>
${renderPeriodSwitch(language, period, labels)}
<ul class="tiers">
${tiers.join('\n')}
</ul>
${renderNotes(pricing, language, labels)}
</main>
</body>
</html>
`;
}
