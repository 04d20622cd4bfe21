import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeAuthor } from '../accounts/audit.js';
import type { PaymentView } from '../accounts/billing/payments.js';
import type { SubscriptionView } from '../accounts/subscriptions/subscription-state.js';
import { isTierName, TIER_RANK, type TierName } from '../accounts/tiers.js';
import { ApiError } from '../errors/api-error.js';
import type { Language } from '../i18n/language.js';
import {
  backToDashboard,
  confirmBox,
  confirmed,
  ownerPost,
  type ShowDashboard,
} from './dashboard-forms.js';
import { hkDate } from './dashboard-key.js';
import { DASHBOARD_TEXTS, type DashboardTexts, fill } from './dashboard-texts.js';
import type { WebPageDeps } from './deps.js';
import { field } from './forms.js';
import { escapeHtml } from './layout.js';

type PlanChange = (
  request: FastifyRequest,
  accountId: number,
  by: ChangeAuthor,
) => Promise<{ notice: string; providerUrl?: string }>;

const PERIODS = ['monthly', 'yearly'] as const;
type Period = (typeof PERIODS)[number];

const para = (text: string, className?: string) =>
  `<p${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</p>`;

function changeForm(
  action: string,
  hidden: string,
  d: DashboardTexts,
  parts: { rule: string; button: string; fields?: string },
): string {
  return [
    `<form method="post" action="/dashboard/plan/${action}">`,
    hidden,
    parts.fields ?? '',
    para(parts.rule, 'hint'),
    confirmBox(d),
    `<button type="submit">${escapeHtml(parts.button)}</button>`,
    '</form>',
  ].join('\n');
}

function periodChoice(d: DashboardTexts, current: Period, tier: TierName): string {
  return PERIODS.map((period) => {
    const checked = period === current ? ' checked' : '';
    const label = period === 'monthly' ? d.monthly : d.yearly;
    return `<label class="check"><input type="radio" name="period" value="${period}"${checked}> ${escapeHtml(label)}</label><input type="hidden" name="tier" value="${tier}">`;
  }).join('');
}

/**
 * The way to the provider's payment page. Not a redirect of the form's POST: the dashboard's
 * `form-action 'self'` also governs where a submission may be redirected, so browsers stop a 303
 * to another origin. A page with the link, followed at once by `Refresh` (a new navigation,
 * outside that rule), works with or without JavaScript.
 */
function handOff(deps: WebPageDeps, reply: FastifyReply, language: Language, url: string) {
  const d = DASHBOARD_TEXTS[language];
  const href = escapeHtml(url);
  reply.header('refresh', `0; url=${url}`);
  return deps.web.sendPage(reply, 200, {
    language,
    title: d.toPayment,
    path: '/dashboard',
    body: `${para(d.toPaymentHint)}\n<p><a class="button" href="${href}">${escapeHtml(d.toPayment)}</a></p>`,
  });
}

const tiersAbove = (tier: TierName) =>
  (Object.keys(TIER_RANK) as TierName[]).filter((t) => TIER_RANK[t] > TIER_RANK[tier]);
const tiersBelow = (tier: TierName) =>
  (Object.keys(TIER_RANK) as TierName[]).filter((t) => TIER_RANK[t] < TIER_RANK[tier]);

/**
 * The plan changes the subscription allows now (spec 1 timing, as billing applies it): upgrades
 * to higher tiers (allowances once paid), and, on a paid plan, downgrades and cancellation at
 * the period end, or undoing a pending one.
 */
export function planChangesSection(
  d: DashboardTexts,
  language: Language,
  sub: SubscriptionView,
  pendingUpgrade: PaymentView | undefined,
  hidden: string,
): string {
  const date = sub.periodEnd ? hkDate(sub.periodEnd) : '';
  const period: Period = sub.planCode?.endsWith('yearly') ? 'yearly' : 'monthly';
  const parts = [
    `<h2>${escapeHtml(d.changePlan)}</h2>`,
    `<p><a href="/pricing?lang=${language}">${escapeHtml(d.seePrices)}</a></p>`,
  ];
  if (pendingUpgrade) {
    const text = fill(d.awaitingPayment, {
      tier: pendingUpgrade.tier,
      ref: pendingUpgrade.reference,
    });
    parts.push(para(text, 'notice'));
  }
  for (const tier of tiersAbove(sub.tier)) {
    parts.push(
      changeForm('upgrade', hidden, d, {
        rule: d.upgradeRule,
        button: fill(d.upgradeTo, { tier }),
        fields: periodChoice(d, period, tier),
      }),
    );
  }
  if (sub.tier === 'Free') {
    return parts.join('\n');
  }
  const pending = sub.status === 'cancelled' || sub.pendingTier !== undefined;
  if (pending) {
    parts.push(
      changeForm('resume', hidden, d, {
        rule: fill(d.resumeRule, { date }),
        button: d.resumePlan,
      }),
    );
    return parts.join('\n');
  }
  for (const tier of tiersBelow(sub.tier).filter((t) => t !== 'Free')) {
    parts.push(
      changeForm('downgrade', hidden, d, {
        rule: fill(d.downgradeRule, { tier: sub.tier, date }),
        button: fill(d.downgradeTo, { tier }),
        fields: `<input type="hidden" name="tier" value="${tier}">`,
      }),
    );
  }
  parts.push(
    changeForm('cancel', hidden, d, {
      rule: fill(d.cancelRule, { tier: sub.tier, date }),
      button: d.cancelPlan,
    }),
  );
  return parts.join('\n');
}

/** The form's `tier` (400 for anything but a tier's name). */
function tierOf(request: FastifyRequest): TierName {
  const tier = field(request, 'tier');
  if (!isTierName(tier)) {
    throw new ApiError('invalid_parameter', `tier must be Free, Plus or Pro, got '${tier}'`, {
      parameter: 'tier',
    });
  }
  return tier;
}

function periodOf(request: FastifyRequest): Period {
  const period = field(request, 'period') || 'monthly';
  if (!(PERIODS as readonly string[]).includes(period)) {
    throw new ApiError('invalid_parameter', `period must be monthly or yearly, got '${period}'`, {
      parameter: 'period',
    });
  }
  return period as Period;
}

/**
 * POST /dashboard/plan/upgrade|downgrade|cancel|resume: the billing service the CLI and the
 * admin API use (it tells the provider, stores the change and its audit record). An upgrade with
 * Stripe goes on to the provider's Checkout page (303); with the manual provider it waits for
 * `touchline billing confirm`.
 */
export function planChangeRoutes(app: FastifyInstance, deps: WebPageDeps, show: ShowDashboard) {
  const { billing } = deps.services;
  /** Each change; an upgrade may answer the provider's page to go on to. */
  const changes: Record<string, PlanChange> = {
    upgrade: async (request, accountId, by) => {
      const { next } = await billing.requestUpgrade(
        accountId,
        tierOf(request),
        { period: periodOf(request) },
        by,
      );
      return { notice: 'upgrade', ...(next.kind === 'redirect' ? { providerUrl: next.url } : {}) };
    },
    downgrade: async (request, accountId, by) => {
      await billing.downgrade(accountId, tierOf(request), by);
      return { notice: 'plan' };
    },
    cancel: async (_request, accountId, by) => {
      await billing.cancel(accountId, by);
      return { notice: 'plan' };
    },
    resume: async (_request, accountId, by) => {
      await billing.resume(accountId, by);
      return { notice: 'plan' };
    },
  };
  for (const [action, change] of Object.entries(changes)) {
    const path = `/dashboard/plan/${action}`;
    app.post(
      path,
      ownerPost(deps, path, show, async (request, reply, language, { session, origin }) => {
        if (!confirmed(request)) {
          return show(request, reply, language, 400, DASHBOARD_TEXTS[language].notConfirmed);
        }
        const done = await change(request, session.accountId, origin);
        if (done.providerUrl) {
          return handOff(deps, reply, language, done.providerUrl);
        }
        return backToDashboard(reply, language, done.notice);
      }),
    );
  }
}
