import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROPAGATION_SECONDS } from '../accounts/plans.js';
import { presentSubscription } from '../accounts/subscriptions/subscription-state.js';
import type { Language } from '../i18n/language.js';
import type { ChartAssets } from './chart-assets.js';
import { allowlistRoutes, allowlistSection } from './dashboard-allowlist.js';
import type { ShowDashboard } from './dashboard-forms.js';
import { keyRoutes, keySection, row } from './dashboard-key.js';
import { planSection } from './dashboard-plan.js';
import { planChangeRoutes, planChangesSection } from './dashboard-plan-changes.js';
import { DASHBOARD_TEXTS, type DashboardTexts, withCount } from './dashboard-texts.js';
import { usageSection } from './dashboard-usage.js';
import type { DashboardView } from './dashboard-view.js';
import type { WebPageDeps } from './deps.js';
import { errorLine } from './forms.js';
import { escapeHtml } from './layout.js';
import type { WebTexts } from './texts.js';

/** Notices a change's redirect asks for (`?notice=`), by name: no text comes from the URL. */
const NOTICES: Record<string, (d: DashboardTexts) => string> = {
  allowlist: (d) => withCount(d.allowlistApplied, PROPAGATION_SECONDS),
  upgrade: (d) => d.upgradeRequested,
  plan: (d) => d.planChanged,
};

function noticeLine(request: FastifyRequest, d: DashboardTexts): string {
  const name = (request.query as Record<string, unknown>)['notice'];
  const notice = typeof name === 'string' && Object.hasOwn(NOTICES, name) ? NOTICES[name] : null;
  return notice ? `<p class="notice" role="status">${escapeHtml(notice(d))}</p>` : '';
}

interface PageContext {
  t: WebTexts;
  d: DashboardTexts;
  language: Language;
  email: string;
  charts: ChartAssets;
}

/** The page's parts below its messages: the same for a view, a session and a language. */
function renderParts(view: DashboardView, c: PageContext, hidden: string): string {
  const { access, key, pendingUpgrade, usage } = view;
  const subscription = presentSubscription(access.subscription);
  return [
    `<dl>${row(c.t.email, escapeHtml(c.email))}</dl>`,
    planSection(c.t, c.d, subscription, access.limits),
    keySection(c.t, c.d, key, hidden),
    allowlistSection(
      c.d,
      { entries: key?.allowlist ?? null, limit: access.limits.maxAllowlistEntriesPerKey },
      hidden,
    ),
    usageSection(c.d, usage, c.charts),
    planChangesSection(c.d, c.language, subscription, pendingUpgrade, hidden),
    '<form method="post" action="/signout">',
    hidden,
    `<button type="submit" class="plain">${c.t.signOut}</button>`,
    '</form>',
  ].join('\n');
}

/**
 * Rendered parts kept with the view they were rendered from (a new view, a new rendering), per
 * session (its forms' CSRF token) and language: most pages then cost no rendering either.
 */
const renderings = new WeakMap<DashboardView, Map<string, string>>();
const MAX_RENDERINGS_PER_VIEW = 8;

async function keptParts(
  view: DashboardView,
  key: string,
  render: () => Promise<string>,
): Promise<string> {
  let kept = renderings.get(view);
  const hit = kept?.get(key);
  if (hit !== undefined) {
    return hit;
  }
  const parts = await render();
  if (!kept || kept.size >= MAX_RENDERINGS_PER_VIEW) {
    kept = new Map();
    renderings.set(view, kept);
  }
  kept.set(key, parts);
  return parts;
}

/**
 * `/dashboard`: the owner's plan, allowances, key and allowlist, each part with its forms. Only
 * the session cookie signs a visitor in here: an API key is not looked at, and without a session
 * the answer is a redirect to /signin. Every change goes through the services the CLI uses.
 */
export function dashboardRoutes(app: FastifyInstance, deps: WebPageDeps) {
  const { web, views, charts } = deps;

  const show: ShowDashboard = async (
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    status = 200,
    error?: string,
  ) => {
    const session = await web.sessionOf(request);
    if (!session) {
      return reply.header('cache-control', 'no-store').redirect(`/signin?lang=${language}`, 303);
    }
    const hidden = () => web.formFields(request, reply, language);
    const t = web.texts(language);
    const d = DASHBOARD_TEXTS[language];
    const view = await views.get(session.accountId);
    const parts = await keptParts(view, `${session.id} ${language}`, async () =>
      renderParts(view, { t, d, language, email: session.email, charts }, await hidden()),
    );
    const body = [errorLine(error), noticeLine(request, d), parts].join('\n');
    return web.sendPage(reply, status, {
      language,
      title: t.dashboard,
      path: '/dashboard',
      body,
      scripts: true,
    });
  };

  app.get('/dashboard', (request, reply) => show(request, reply, web.languageOf(request)));
  keyRoutes(app, deps, show);
  allowlistRoutes(app, deps, show);
  planChangeRoutes(app, deps, show);
}
